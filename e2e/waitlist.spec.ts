import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminPage, apiCall } from './support/app';
import { axeViolations } from './support/axe';
import { newPhone } from './support/chat';
import { mailedLink, outboxOf } from './support/outbox';

/**
 * The Pro Creator waitlist, real (issue 30 item 4): a member joins from the Teams screen and is told to check their
 * inbox; the mailed link, opened signed out, confirms the place once (a second open says so) and the count moves;
 * an admin finds the entry on /admin/waitlist and downloads the CSV; the "leave the list" link takes it off.
 */

const SHOTS = process.env.WAITLIST_SHOTS ?? '.tmp/shots-waitlist';
const CONFIRM_SUBJECT = 'Confirm your place on the SweatPact Pro Creator waitlist';

/** Screenshots at 390 and 320 px wide, light and dark, without reloading (a reload would post the link again). */
async function shots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide, `${name} at ${width} px scrolls sideways`).toBe(false);
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(size);
}

async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('join, confirm from the mail signed out, the count moves, an admin lists and exports it, leave', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const address = `waitlist-${Date.now().toString(36)}@example.com`;

  // The member joins from the Teams screen's Pro Creator modal with another address of theirs.
  const member = await newPhone(browser, 'Wren', 'Waiter');
  const m = member.page;
  await m.goto('/teams');
  const before = (await apiCall(m, 'GET', '/api/waitlist/pro-creator')).body.count as number;
  await m.getByRole('button', { name: 'Join Waitlist' }).click();
  const modal = m.getByRole('dialog', { name: 'Pro Creator' });
  await modal.getByLabel('Email').fill(address);
  await modal.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(modal.getByText('Check your inbox to confirm')).toBeVisible();
  await expect(modal.getByText(/Open the link we emailed you within 48 hours/)).toBeVisible();
  await expect(modal.getByText("You're on the list!")).toHaveCount(0);
  expect((await apiCall(m, 'GET', '/api/waitlist/pro-creator')).body.count).toBe(before);
  expect(await axeViolations(m)).toEqual([]);
  await shots(m, 'join-pending');
  await m.keyboard.press('Escape');

  // The mailed link, opened where nobody is signed in: confirmed, once.
  const confirmLink = await mailedLink(outboxOf(m), address, CONFIRM_SUBJECT, 'waitlist/confirm');
  const leaveLink = await mailedLink(outboxOf(m), address, CONFIRM_SUBJECT, 'waitlist/leave');
  const visitor = await signedOutPage(browser);
  await visitor.goto(confirmLink);
  await expect(visitor.getByRole('heading', { name: 'Welcome to the waitlist!' })).toBeVisible();
  await expect(visitor.getByText(address)).toBeVisible();
  await expect(visitor.getByTestId('waitlist-confirmed-count')).toHaveText(
    `${(before + 1).toLocaleString('en-US')} ${before + 1 === 1 ? 'creator' : 'creators'} on the waitlist`,
  );
  expect(await axeViolations(visitor)).toEqual([]);
  await shots(visitor, 'confirmed');
  await visitor.goto(confirmLink);
  await expect(visitor.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();
  await expect(visitor.getByRole('alert')).toHaveText(/already used/);
  await shots(visitor, 'confirm-used');
  await visitor.goto(`/waitlist/confirm?token=${'A'.repeat(43)}`);
  await expect(visitor.getByRole('heading', { name: 'Link not valid' })).toBeVisible();

  // Back on the member's Teams screen: on the list, and the count moved.
  await m.reload();
  await expect(m.getByText("You're on the list!")).toBeVisible();
  await expect(m.getByText("We'll notify you when Pro Creator launches")).toBeVisible();
  await expect(m.getByTestId('waitlist-count').first()).toHaveText(
    `${(before + 1).toLocaleString('en-US')} ${before + 1 === 1 ? 'creator' : 'creators'} on the waitlist`,
  );
  await shots(m, 'teams-confirmed');

  // The admin: /admin -> Pro Creator waitlist lists the entry; the CSV has it.
  const admin = await adminPage(browser, '10.253.0.7');
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Pro Creator waitlist' }).click();
  await expect(admin.getByRole('heading', { name: 'Pro Creator waitlist' })).toBeVisible();
  const entries = admin.getByRole('list', { name: 'Confirmed entries' });
  await expect(entries.getByText(address)).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sweatpact-pro-creator-waitlist.csv');
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Email,Joined,Confirmed at');
  expect(csv).toContain(`${address},`);
  await shots(admin, 'admin-waitlist');
  await admin.getByRole('button', { name: 'Send launch mail' }).click();
  await expect(admin.getByRole('dialog', { name: /Pro Creator is live/ })).toBeVisible();
  await shots(admin, 'admin-launch-dialog');
  await admin.getByRole('button', { name: 'Cancel' }).click();

  // The "leave the list" link, signed out: asks, then takes the address off; again is harmless.
  await visitor.goto(leaveLink);
  await expect(visitor.getByRole('heading', { name: 'Leave the waitlist' })).toBeVisible();
  await shots(visitor, 'leave-ask');
  await visitor.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(visitor.getByRole('heading', { name: 'You left the waitlist' })).toBeVisible();
  await shots(visitor, 'left');
  expect((await apiCall(m, 'GET', '/api/waitlist/pro-creator')).body.count).toBe(before);
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Pro Creator waitlist' })).toBeVisible();
  await expect(admin.getByText(address)).toHaveCount(0);

  for (const page of [m, visitor, admin]) await page.context().close();
});
