import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectSignInScreen, ownAddress, signInReload, signUpViaUi, snap, tryDemo } from './support/app';
import { mailedDeletionLink, outboxMails, sharedOutbox } from './support/outbox';
import { startOwnApp } from './support/own-app';

const TYPES = ['Profile Information', 'Workout History', 'Social Data', 'Chat Messages', 'Uploaded Media'];

/** The toast viewport (Radix labels it "Notifications (F8)"). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

function form(page: Page) {
  return {
    full: page.getByRole('checkbox', { name: /Delete Entire Account/ }),
    type: (label: string) => page.getByRole('checkbox', { name: label, exact: true }),
    email: page.getByLabel('Contact Email'),
    reason: page.getByLabel(/Reason/),
    submit: page.getByRole('button', { name: 'Submit Deletion Request' }),
  };
}

test('the deletion form validates, locks with Delete Entire Account, and submits', async ({
  page,
}, testInfo) => {
  await tryDemo(page);
  const me = await (await page.request.get('/api/auth/user')).json();
  await page.goto('/deletemydata');
  const f = form(page);

  // Nothing selected: submitting is not possible.
  await expect(f.submit).toBeDisabled();
  // The contact email is prefilled with the account's email.
  await expect(f.email).toHaveValue(me.user.email);

  // Delete Entire Account selects and locks every type; unchecking it frees them again.
  await f.full.click();
  for (const label of TYPES) {
    await expect(f.type(label)).toBeChecked();
    await expect(f.type(label)).toBeDisabled();
  }
  await expect(f.submit).toBeEnabled();
  await snap(page, testInfo, 'deletion-full-account');
  await f.full.click();
  for (const label of TYPES) {
    await expect(f.type(label)).not.toBeChecked();
    await expect(f.type(label)).toBeEnabled();
  }
  await expect(f.submit).toBeDisabled();

  // One type is enough to submit.
  await f.type('Chat Messages').click();
  await expect(f.submit).toBeEnabled();
  await f.reason.fill('Testing the deletion journey');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/data-deletion-request') && r.request().method() === 'POST',
  );
  await f.submit.click();
  const res = await sent;
  expect(res.ok()).toBe(true);
  expect(res.request().postDataJSON()).toMatchObject({
    dataTypes: ['chat'],
    fullAccountDeletion: false,
    contactEmail: me.user.email,
  });
  await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("You'll receive confirmation within 48 hours.")).toBeVisible();
  await snap(page, testInfo, 'deletion-submitted');
  // The form is reset after a successful request.
  await expect(f.type('Chat Messages')).not.toBeChecked();
  await expect(f.submit).toBeDisabled();
});

test('signed out, a deletion request needs a contact email and is accepted', async ({ page }, testInfo) => {
  await page.goto('/deletemydata');
  const f = form(page);
  await f.type('Profile Information').click();
  // The browser refuses to send the form without a contact email (it is where the confirmation link goes).
  await f.submit.click();
  expect(await f.email.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
  await f.email.fill(`e2e-deletion-${Date.now()}@example.com`);
  await f.submit.click();
  await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'deletion-signed-out-submitted');
});

const mailedLink = (address: string, subject: string, kind: 'confirm' | 'cancel') =>
  mailedDeletionLink(sharedOutbox(), address, subject, kind);

test('signed out: the mailed link confirms the request, the scheduled mail’s link cancels it, and each works once', async ({
  page,
}, testInfo) => {
  await ownAddress(page);
  const address = `e2e-cancel-${Date.now()}@example.com`;
  await page.goto('/deletemydata');
  const f = form(page);
  await f.type('Chat Messages').click();
  await f.email.fill(address);
  await f.submit.click();
  await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();

  const confirm = await mailedLink(address, 'Confirm your SweatPact data deletion request', 'confirm');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { name: 'Request confirmed' })).toBeVisible();
  await snap(page, testInfo, 'deletion-confirmed');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();

  const cancel = await mailedLink(address, 'Your SweatPact data deletion is scheduled', 'cancel');
  await page.goto(cancel);
  await expect(page.getByRole('heading', { name: 'Deletion cancelled' })).toBeVisible();
  await snap(page, testInfo, 'deletion-cancelled-by-link');
  await page.goto(cancel);
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
});

test('signed in: Settings lists the scheduled deletion and cancels it; Back returns to Settings', async ({
  page,
}, testInfo) => {
  await tryDemo(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Delete My Data' }).click();
  const f = form(page);
  await f.type('Chat Messages').click();
  await f.type('Social Data').click();
  await f.submit.click();
  await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const scheduled = page.getByRole('list', { name: 'Scheduled deletions' });
  await expect(scheduled.getByText('Social Data, Chat Messages')).toBeVisible();
  await expect(scheduled.getByText(/Will be deleted/)).toBeVisible();
  await snap(page, testInfo, 'settings-scheduled-deletion');
  await scheduled.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(toasts(page).getByText('Deletion cancelled', { exact: true })).toBeVisible();
  await expect(scheduled).toHaveCount(0);
});

test('signed out: confirm by mail, cancel, ask again; after the grace (and a restart) the account is gone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  // Its own server: the journey restarts it with the clock 49 hours on (e2e/support/own-app.ts).
  const app = await startOwnApp({ port: Number(process.env.E2E_PORT ?? 3100) + 500 });
  const outbox = path.join(app.dataDir, 'outbox');
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  try {
    const page = await context.newPage();
    const creds = await signUpViaUi(page);
    await context.clearCookies();

    // Signed out: nothing is scheduled until the mailed link confirms it; the next mail's link cancels it.
    await page.goto('/deletemydata');
    let f = form(page);
    await f.full.click();
    await f.email.fill(creds.email);
    await f.submit.click();
    await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();
    const confirmSubject = 'Confirm your SweatPact data deletion request';
    await page.goto(await mailedDeletionLink(outbox, creds.email, confirmSubject, 'confirm'));
    await expect(page.getByRole('heading', { name: 'Request confirmed' })).toBeVisible();
    const scheduledSubject = 'Your SweatPact data deletion is scheduled';
    await page.goto(await mailedDeletionLink(outbox, creds.email, scheduledSubject, 'cancel'));
    await expect(page.getByRole('heading', { name: 'Deletion cancelled' })).toBeVisible();

    // Asking again signed out within the hour mails nothing new, and says so.
    await page.goto('/deletemydata');
    f = form(page);
    await f.full.click();
    await f.email.fill(creds.email);
    await f.submit.click();
    await expect(toasts(page).getByText(/already sent to this address/)).toBeVisible();
    await snap(page, testInfo, 'deletion-confirmation-already-sent');

    // Signed in, the request belongs to the account and is scheduled at once.
    await page.goto('/register');
    await page.getByLabel('Email').fill(creds.email);
    await page.getByLabel('Password', { exact: true }).fill(creds.password);
    const signedIn = signInReload(page);
    await page.locator('form button[type="submit"]', { hasText: 'Sign in' }).click();
    await signedIn;
    await page.goto('/deletemydata');
    f = form(page);
    await f.full.click();
    await f.submit.click();
    await expect(toasts(page).getByText('Request Submitted', { exact: true })).toBeVisible();
    await page.goto('/settings');
    await expect(
      page.getByRole('list', { name: 'Scheduled deletions' }).getByText(/Will be deleted/),
    ).toBeVisible();

    // The server is stopped and comes back 49 hours later: the stored job runs once, the account is erased.
    await app.restart({ clockOffsetMs: 49 * 3600_000 });
    await expect
      .poll(
        async () =>
          (await outboxMails(outbox, creds.email)).filter(
            (m) => m.subject === 'Your SweatPact data has been deleted',
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);

    // The session died with the account, and the password no longer signs in.
    await page.goto('/');
    await expectSignInScreen(page);
    await page.goto('/register');
    await page.getByLabel('Email').fill(creds.email);
    await page.getByLabel('Password', { exact: true }).fill(creds.password);
    await page.locator('form button[type="submit"]', { hasText: 'Sign in' }).click();
    await expect(page.getByText(/Invalid email or password/)).toBeVisible();
    await snap(page, testInfo, 'deleted-account-sign-in-refused');
    const res = await page.request.post('/api/auth/email', {
      data: { email: creds.email, password: creds.password },
      headers: { Origin: app.url },
    });
    expect(res.status()).toBe(401);
  } finally {
    await context.close();
    await app.close();
  }
});
