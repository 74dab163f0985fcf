import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { currentUser, signUpViaUi, snap } from './support/app';
import { mailedLink, outboxOf } from './support/outbox';

/**
 * Accounts people can recover and control (issue 26): verify the email from the mailed link (the banner goes);
 * forgot password -> mailed link -> new password -> the other browser is signed out; sign a device out from
 * Settings' list (that browser is signed out).
 */

const SHOTS = '.tmp/shots-accounts';

async function shot(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const octet = () => 1 + Math.floor(Math.random() * 254);

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
  return context.newPage();
}

async function signInOn(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.locator('form button[type="submit"]', { hasText: 'Sign in' }).click();
  await reloaded;
  await expect(page.getByRole('navigation')).toBeVisible();
}

test('verify the email from the mailed link: the banner goes', async ({ browser }, testInfo) => {
  const page = await phone(browser);
  const { email } = await signUpViaUi(page, { firstName: 'Vera', lastName: 'Fied', verify: false });
  const banner = page.getByRole('region', { name: 'Verify your email' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(email)).toBeVisible();
  await shot(page, testInfo, 'verify-banner');
  const link = await mailedLink(outboxOf(page), email, 'Verify your SweatPact email address', 'verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await shot(page, testInfo, 'verify-done');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect((await currentUser(page))?.email).toBe(email);
});

test('forgot password: mailed link, new password, the other browser is signed out', async ({
  browser,
}, testInfo) => {
  const laptop = await phone(browser);
  const creds = await signUpViaUi(laptop, { firstName: 'Fran', lastName: 'Got' });
  const other = await phone(browser);
  await signInOn(other, creds.email, creds.password);

  const page = await phone(browser);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(creds.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account uses this email, we sent it a link/)).toBeVisible();
  await shot(page, testInfo, 'forgot-sent');

  const link = await mailedLink(
    outboxOf(page),
    creds.email,
    'Choose a new SweatPact password',
    'reset-password',
  );
  await page.goto(link);
  await page.getByLabel('New password').fill('Brand-new-Pact-2026!');
  await shot(page, testInfo, 'reset-form');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await shot(page, testInfo, 'reset-done');

  // Both browsers signed in before are signed out.
  expect(await currentUser(other)).toBeNull();
  expect(await currentUser(laptop)).toBeNull();
  await signInOn(page, creds.email, 'Brand-new-Pact-2026!');
  expect((await currentUser(page))?.email).toBe(creds.email);
});

test('sign a device out from Settings: that browser is signed out', async ({ browser }, testInfo) => {
  const page = await phone(browser);
  const creds = await signUpViaUi(page, { firstName: 'Dev', lastName: 'Ice' });
  const other = await phone(browser);
  await signInOn(other, creds.email, creds.password);

  await page.goto('/settings');
  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(/This device/)).toBeVisible();
  await shot(page, testInfo, 'devices');
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await shot(page, testInfo, 'devices-after');
  expect(await currentUser(other)).toBeNull();
  await other.reload();
  await expect(other.getByText('Choose your sign-in method')).toBeVisible();
  expect(await currentUser(page)).not.toBeNull();
});
