import { expect, test } from '@playwright/test';
import { type StripeStub, startStripeStub } from '../server/platform/billing/stripe-testing';
import { snap } from './support/app';
import { createPact, newPhone } from './support/chat';

/**
 * Billing on Stripe, on screen: a coach's team page offers Payouts, which opens Stripe's onboarding for their
 * Connect account. Runs in the 'stripe-mode' project (playwright.config.ts): a server started in Stripe mode whose
 * Stripe API is this spec's loopback stub at E2E_STRIPE_API_URL. The other journeys run in test mode.
 */

const STUB_PORT = Number(new URL(process.env.E2E_STRIPE_API_URL!).port);

let stub: StripeStub;
test.beforeAll(async () => {
  stub = await startStripeStub(STUB_PORT);
});
test.afterAll(() => stub?.close());

test("a coach opens Stripe's payouts onboarding from their team page", async ({ browser }, testInfo) => {
  const coach = await newPhone(browser, 'Payton', 'Coach');
  const { page } = coach;
  await createPact(page, 'Payout Squats', {
    visibility: 'pro',
    teamName: 'Payout Crew',
    teamDescription: 'Coached squats, paid through Stripe.',
    monthlyPrice: 25,
  });
  const teams = await page.evaluate(async () => (await fetch('/api/user/teams')).json());
  const team = (teams as { id: number; name: string }[]).find((t) => t.name === 'Payout Crew')!;
  await page.goto(`/teams/${team.id}`);

  const card = page.getByText('Payouts', { exact: true });
  await expect(card).toBeVisible();
  await expect(page.getByText(/85% of each payment goes to your Stripe account/)).toBeVisible();
  await expect(page.getByText('Test mode - no real charges')).toHaveCount(0);
  await snap(page, testInfo, 'stripe-payouts-card');

  // Stripe's onboarding page is outside this test: answer it here.
  await page.route('https://connect.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Stripe onboarding</h1>' }),
  );
  await page.getByRole('button', { name: 'Set up or view payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe onboarding' })).toBeVisible();
  expect(page.url()).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
  expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts')).toHaveLength(1);
  await coach.context.close();
});
