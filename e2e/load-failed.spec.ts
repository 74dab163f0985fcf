import { expect, test } from '@playwright/test';
import { bottomNav, expectSignInScreen, overlap, snap, tryDemo } from './support/app';

/**
 * The connection drops while the page loads, before the service worker keeps the app's files: the page says so
 * (client/index.html) instead of showing its splash or its drawn screen as if all were well, and loads again on
 * Try again or by itself once the phone is back online.
 */
test.use({ serviceWorkers: 'block' });

const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const NOTICE = 'SweatPact could not load. Check your connection.';

test('a visitor whose app script did not arrive is told, and Try again loads the app', async ({
  page,
}, testInfo) => {
  await page.route(ENTRY, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const notice = page.getByRole('alert').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  // Above the splash, which moved down for it and no longer spins as if loading.
  const splash = page.locator('#splash');
  await expect(splash.getByText('Workout challenges with friends')).toBeVisible();
  await expect(splash.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  const logo = splash.locator('span[aria-hidden="true"]').first();
  await expect(logo).toBeVisible();
  expect(await overlap(notice, logo)).toBe(false);
  await snap(page, testInfo, 'load-failed-splash');

  await page.unroute(ENTRY);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expectSignInScreen(page);
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toHaveCount(0);
});

test('a signed-in person whose drawn screen came without the app gets it once back online', async ({
  page,
  context,
}, testInfo) => {
  await tryDemo(page);
  await page.route(ENTRY, (route) => route.abort('internetdisconnected'));
  await page.goto('/leaderboard');
  // The server's picture arrived; the app did not, and the page says so above it.
  await expect(
    page.locator('#splash[data-first-paint]').getByRole('heading', { name: 'Leaderboard' }),
  ).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  expect(await overlap(notice, page.locator('#splash').getByRole('heading', { name: 'Leaderboard' }))).toBe(
    false,
  );
  await snap(page, testInfo, 'load-failed-drawn');

  await context.setOffline(true);
  await page.unroute(ENTRY);
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(page.locator('#splash')).toHaveCount(0);
  await expect(bottomNav(page)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Points' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toHaveCount(0);
});
