import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { expectHome, expectSignInScreen, snap, tryDemo } from './support/app';

test('installable: the manifest and icons pass Chrome’s installability checks', async ({
  baseURL,
}, testInfo) => {
  // Chrome does not judge installability in an incognito-like context: a real profile folder.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pwa-profile-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    args: launch.args,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expectSignInScreen(page);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'SweatPact', display: 'standalone', start_url: '/' });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
  for (const icon of manifest.icons) {
    const res = await page.request.get(`/${icon.src}`);
    expect(res.headers()['content-type'], icon.src).toBe('image/png');
  }
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

test('offline, the service worker serves the app shell with an offline banner, and API answers are never cached', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/');
  await expectSignInScreen(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Controlled from the next load on.
  await page.reload();
  await expectSignInScreen(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  // Nobody can tell who is signed in without the server: the offline start screen, not the sign-in form.
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await expect(page.getByText('Choose your sign-in method')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^You are offline$/ })).toBeVisible();
  await snap(page, testInfo, 'offline-shell');
  // A deep link is the shell too (navigation fallback), and no API answer is in any cache.
  await page.goto('/settings').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  const cachedApi = await page.evaluate(async () => {
    const hits: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) hits.push(request.url);
      }
    }
    return hits;
  });
  expect(cachedApi).toEqual([]);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /^You are offline$/ })).toHaveCount(0);
  // Back online, it asks again by itself: signed out, so the sign-in screen.
  await expectSignInScreen(page);
});

test('a signed-in person who opens the app offline is told so, not shown the sign-in form, and gets Home back online', async ({
  page,
  context,
}, testInfo) => {
  await tryDemo(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expectHome(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await expect(page.getByText('Choose your sign-in method')).toHaveCount(0);
  await snap(page, testInfo, 'offline-signed-in');
  // Try again while still offline changes nothing.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();

  // Back online, the first ask still fails (the connection settling): the screen keeps asking until it gets in.
  let failedOnce = false;
  await context.route('**/api/auth/session', (route) => {
    if (failedOnce) return route.continue();
    failedOnce = true;
    return route.abort();
  });
  await context.setOffline(false);
  await expectHome(page);
  expect(failedOnce).toBe(true);
});

test('going offline on Discover, the banner pushes the filter down instead of covering it', async ({
  page,
  context,
}) => {
  await tryDemo(page);
  await page.goto('/challenges');
  const filter = page.getByRole('radiogroup').first();
  await expect(filter).toBeVisible();
  // The server drew Discover into the page; the banner belongs to the app, so wait until the app has drawn it.
  await expect(page.locator('#splash')).toHaveCount(0);
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: /^You are offline$/ });
  await expect(banner).toBeVisible();
  await expect
    .poll(async () => {
      const [f, b] = [await filter.boundingBox(), await banner.boundingBox()];
      return f && b ? f.y - b.y - b.height : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await context.setOffline(false);
});
