import { expect, test } from '@playwright/test';
import { snap, tryDemo } from './support/app';
import { type OwnApp, startOwnApp } from './support/own-app';

/**
 * An operator who starts the app for production without Stripe keys gets billing off (DECISIONS 11): no trial or
 * paid team is offered anywhere; the screens say so instead.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 600;
const OFF = 'Paid teams are not enabled on this server';

let app: OwnApp;
test.beforeAll(async () => {
  app = await startOwnApp({ port, env: { NODE_ENV: 'production' } });
});
test.afterAll(async () => {
  await app?.close();
});
test.use({ baseURL: `http://localhost:${port}` });

test('a production start without Stripe keys says "Paid teams are not enabled on this server" where trials were offered', async ({
  page,
}, testInfo) => {
  const health = await page.request.get('/api/health');
  expect(health.ok()).toBe(true);
  await tryDemo(page);

  await page.goto('/teams');
  await expect(page.getByText(OFF).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Team' })).toHaveCount(0);
  await expect(page.getByText(/free trial/i)).toHaveCount(0);
  await snap(page, testInfo, 'billing-off-teams');

  await page.goto('/profile');
  await expect(page.getByText(OFF).first()).toBeVisible();
  await snap(page, testInfo, 'billing-off-profile');
});
