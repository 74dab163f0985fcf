import { expect, type Page, test } from '@playwright/test';
import { snap, tryDemo } from './support/app';

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
