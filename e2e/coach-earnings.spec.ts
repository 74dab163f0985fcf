import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminPage, apiCall, snap } from './support/app';
import { createPact, newPhone } from './support/chat';

/**
 * A coach's business on screen (issue 30): a member's trial turns paid when the test-mode billing clock passes its
 * end, and the charge appears in the coach's Earnings (gross, 15% fee, 85% net); the analytics load with the chart;
 * a team image set in Edit shows on the team page and Discover's team slide. Screenshots at 390 and 320 px in both
 * themes. Runs in the 'coach-earnings' project (its own server: the clock is one per server).
 */

async function shots(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await page.waitForLoadState('networkidle');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${name} at ${width} px (${theme})`).toBeLessThanOrEqual(width);
      await snap(page, testInfo, `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a renewal on the billing clock shows in Earnings; analytics chart; a team image on its page and Discover', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const teamName = `Earners ${tag}`;
  const coach = await newPhone(browser, 'Cora', 'Coach');
  const c = coach.page;
  const pactId = await createPact(c, `Paid squats ${tag}`, {
    visibility: 'pro',
    teamName,
    teamDescription: 'Squats with a coach who reads every proof.',
    monthlyPrice: 29,
  });
  const teamId = (await apiCall(c, 'GET', `/api/challenges/${pactId}`)).body.teamId as number;

  const member = await newPhone(browser, 'Mila', 'Member');
  await member.page.goto(`/teams/${teamId}`);
  await member.page.getByRole('button', { name: 'Start Trial' }).click();
  await expect(
    member.page.getByRole('region', { name: 'Manage' }).getByTestId('subscription-status'),
  ).toHaveText('Free trial');

  await c.goto(`/earnings?team=${teamId}`);
  await expect(c.getByText('No payments yet.')).toBeVisible();
  const admin = await adminPage(browser, '10.254.0.2');
  const moved = await apiCall(admin, 'POST', '/api/admin/billing/clock/advance', { days: 8 });
  expect(moved.status).toBe(200);

  await c.goto(`/earnings?team=${teamId}`);
  const rows = c.getByTestId('earnings-rows');
  await expect(rows.getByText('Mila')).toBeVisible();
  await expect(rows.getByText('$24.65')).toBeVisible();
  await expect(rows.getByText(/\$29\.00 charged, \$4\.35 fee/)).toBeVisible();
  await expect(c.getByTestId('earnings-net')).toHaveText('$24.65');
  await expect(c.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await shots(c, testInfo, 'earnings');

  await c.goto(`/teams/${teamId}/analytics`);
  await expect(c.getByText('Members, trials and conversions')).toBeVisible();
  await shots(c, testInfo, 'analytics');

  // The team's look: image and accent in Edit.
  await c.goto(`/teams/${teamId}`);
  await c.getByRole('button', { name: 'Edit' }).click();
  const dialog = c.getByRole('dialog', { name: 'Edit team' });
  await dialog.getByTestId('team_image-file').setInputFiles(path.resolve('client/public/samples/squats.jpg'));
  await expect(dialog.getByRole('button', { name: 'Team image' })).toBeEnabled({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'violet' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const page = (await apiCall(c, 'GET', `/api/teams/${teamId}`)).body as {
    imageUrl: string;
    accentColor: string;
  };
  expect(page.imageUrl).toMatch(/^\/media\//);
  expect(page.accentColor).toBe('violet');
  await expect(c.locator(`img[src="${page.imageUrl}"]`).first()).toBeVisible();
  await shots(c, testInfo, 'team-page');

  // Discover's team slide, seen by the member.
  const m = member.page;
  await m.goto('/challenges');
  const img = m.locator(`img[src="${page.imageUrl}"]`).first();
  for (let i = 0; i < 30 && !(await img.isVisible()); i += 1) {
    await m.mouse.wheel(0, 800);
    await m.waitForTimeout(300);
  }
  await expect(img).toBeVisible();
  await snap(m, testInfo, 'discover-team-slide');
});
