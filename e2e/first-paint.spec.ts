import { expect, type Page, test } from '@playwright/test';
import { setTheme } from './support/a11y-checks';
import { bottomNav, snap, tryDemo } from './support/app';

/**
 * A direct load of a screen by someone signed in arrives drawn by the server (client/app/first-paint.tsx): the
 * screen with its data is there before any of the app's scripts ran, and the app then takes over the same screen.
 * The scripts are held back here, as a slow network would, so the server's picture can be looked at on its own.
 */

// A phone whose service worker is not (yet) in charge: an installed app opens from its cached plain page instead,
// with its scripts cached too.
test.use({ serviceWorkers: 'block' });

/** Holds the app's scripts until the returned function is called; the page and its stylesheet come at once. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Held requests go on once released; later ones pass straight through.
  return release;
}

for (const theme of ['dark', 'light'] as const) {
  test(`a signed-in direct load of Leaderboard shows the screen before the app runs, then the app takes it over (${theme})`, async ({
    page,
  }, testInfo) => {
    await tryDemo(page);
    await setTheme(page, theme);
    const release = await holdScripts(page);
    const answers: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) answers.push(new URL(request.url()).pathname);
    });
    await page.goto('/leaderboard', { waitUntil: 'commit' });

    // The server's picture: the demo's board with the visitor's own row, the bottom navigation, no spinner.
    const picture = page.locator('#splash[data-first-paint]');
    await expect(picture).toBeVisible();
    await expect(picture.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    await expect(picture.getByRole('link', { name: /Demo Athlete You/ })).toBeVisible();
    await expect(picture.locator('a[href^="/user/"]').first()).toBeVisible();
    await expect(picture.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    // Nothing of the app has run: no script, no API call from the page.
    expect(answers).toEqual([]);
    await snap(page, testInfo, `leaderboard-drawn-by-server-${theme}`);

    release();
    await expect(page.locator('#splash')).toHaveCount(0);
    // The page asked for no script of the app until its stylesheet was in and the picture's frame drawn: the
    // scripts took no bandwidth from the CSS the picture waited for.
    const { cssAt, firstScriptAt } = await page.evaluate(() => {
      const files = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        cssAt: files.find((r) => r.name.endsWith('.css'))?.responseEnd ?? Infinity,
        firstScriptAt: Math.min(
          ...files.filter((r) => /\/assets\/.+\.js$/.test(r.name)).map((r) => r.startTime),
        ),
      };
    });
    expect(cssAt).toBeLessThan(Infinity);
    expect(firstScriptAt).toBeGreaterThan(cssAt);
    // The app drew the same screen from the answers in the page: it did not ask for the board or the session again.
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    expect(answers.filter((a) => a === '/api/leaderboard' || a === '/api/auth/session')).toEqual([]);
    // And it answers taps: another tab asks the server for its board.
    const points = page.waitForRequest(
      (r) => r.url().includes('/api/leaderboard') && r.url().includes('points'),
    );
    await page.getByRole('tab', { name: 'Points' }).click();
    await points;
    await expect(page.getByRole('tab', { name: 'Points' })).toHaveAttribute('aria-selected', 'true');
    await snap(page, testInfo, `leaderboard-app-${theme}`);
  });
}

test('Discover and Teams arrive drawn too; a signed-out visitor and a second person each get their own page', async ({
  page,
  browser,
}, testInfo) => {
  await tryDemo(page);
  const release = await holdScripts(page);
  await page.goto('/challenges', { waitUntil: 'commit' });
  const picture = page.locator('#splash[data-first-paint]');
  await expect(picture.getByTestId('discover-feed').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await snap(page, testInfo, 'discover-drawn-by-server');
  await page.goto('/teams', { waitUntil: 'commit' });
  await expect(picture.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  release();
  await page.reload();
  await expect(bottomNav(page)).toBeVisible();
  await expect(page.locator('#splash')).toHaveCount(0);

  // A second demo visitor's Home holds their own sandbox, never the first visitor's page.
  const other = await browser.newPage();
  await tryDemo(other);
  const mine = await page.request.get('/');
  const theirs = await other.request.get('/');
  const meOf = async (html: string) =>
    JSON.parse(
      html.match(/<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/)![1]!,
    ).queries.find((q: { queryKey: string[] }) => q.queryKey.join('/') === 'auth/user').state.data.id;
  expect(await meOf(await mine.text())).not.toBe(await meOf(await theirs.text()));
  expect(mine.headers()['cache-control']).toBe('private, no-store');
  await other.close();

  // Signed out, the page is the plain one: the brand splash, no data.
  const visitor = await browser.newContext();
  const plain = await visitor.request.get(new URL('/leaderboard', page.url()).href);
  const html = await plain.text();
  expect(html).not.toContain('data-first-paint');
  expect(html).not.toContain('first-data');
  await visitor.close();
});
