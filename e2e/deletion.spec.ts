import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ownAddress, snap, tryDemo } from './support/app';

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

/** The mails the e2e server wrote to its outbox for this address (its DATA_DIR is per port). */
async function outboxMails(address: string) {
  const dir = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? '3100'}/outbox`);
  if (!fs.existsSync(dir)) return [];
  const mails = await Promise.all(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))),
  );
  return mails.filter((m) => m.to && 'text' in m.to && m.to.text === address);
}

async function mailedLink(address: string, subject: string, kind: 'confirm' | 'cancel') {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outboxMails(address)).find((m) => m.subject === subject);
        link = mail?.text?.match(
          new RegExp(`https?://[^\\s]+/api/data-deletion-request/${kind}\\?token=[\\w-]+`),
        )?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

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
