import { expect, test } from '@playwright/test';
import { bottomNav, tryDemo } from './support/app';

/**
 * Once the first screen has settled, the app fetches the bottom navigation's other screens ahead, their code and
 * first data (client/app/use-prefetch-nav-screens.ts), so a tap on the bar shows the screen at once. Proven here by
 * cutting the server off after that: the screens still show, with their data.
 */
test('after Home settles, Discover, Leaders and Profile show at a tap even with the server cut off', async ({
  page,
}) => {
  await tryDemo(page);
  // Leaders' first tab and Discover's feed: Home asks for neither (its points come from the points board, its Pacts
  // from the 'mine' list).
  const asked = (path: string, param: string) =>
    page.waitForRequest((r) => r.url().includes(path) && r.url().includes(param), { timeout: 20_000 });
  const board = asked('/api/leaderboard', 'metric=streak');
  const feed = asked('/api/challenges', 'filter=all');
  await page.reload();
  await expect(bottomNav(page)).toBeVisible();
  // Nobody tapped anything: the board and the feed were asked for ahead.
  await Promise.all([board, feed]);
  await page.waitForLoadState('networkidle');

  // From now on the server answers nothing.
  await page.route('**/api/**', () => {});
  await bottomNav(page).getByRole('link', { name: 'Leaders' }).click();
  await expect(
    page
      .getByRole('list', { name: /ranking/ })
      .getByRole('link')
      .first(),
  ).toBeVisible({
    timeout: 2_000,
  });
  await bottomNav(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-feed').getByRole('heading', { level: 2 }).first()).toBeVisible({
    timeout: 2_000,
  });
  await bottomNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('main').getByText('Total XP')).toBeVisible({ timeout: 2_000 });
});
