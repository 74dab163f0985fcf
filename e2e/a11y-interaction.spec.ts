import { expect, test } from '@playwright/test';
import { smallPhone, smallTargets } from './support/a11y-checks';
import { seed, visit } from './support/a11y-seed';
import { expectSignInScreen } from './support/app';
import { axeViolations } from './support/axe';

/**
 * Accessibility beyond what a screen shows (a11y.spec.ts checks every route and dialog): keyboard use on a 320x640
 * phone (every control reachable, focus kept in dialogs and given back), reduced motion on the Discover feed, and
 * a signed-out visit with no console error and no failed request.
 */

test('keyboard: every control on the main screens is reachable, dialogs keep focus and give it back', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { me, ids } = await seed(browser);

  // Tab order reaches every visible control of a screen.
  for (const path of ['/', '/profile', '/leaderboard', '/settings', '/teams']) {
    await visit(me, path);
    const controls = await me.evaluate(async () => {
      const selector =
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), textarea, select, [role="switch"], [role="tab"][aria-selected="true"], [role="radio"][aria-checked="true"]';
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return (
          r.width > 1 &&
          r.height > 1 &&
          s.visibility !== 'hidden' &&
          !el.closest('[aria-hidden="true"], [inert]')
        );
      };
      // Roving focus (tabs, radio groups): only the current one is in the Tab order; arrows move between them.
      const inTabOrder = (el: Element) => el.getAttribute('tabindex') !== '-1';
      return [...document.querySelectorAll(selector)]
        .filter((el) => visible(el) && inTabOrder(el))
        .map((el) => {
          el.setAttribute('data-kb', '');
          return el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.tagName;
        });
    });
    await me.locator('body').focus();
    // Tab through the screen (with room to spare): each control reached loses its mark.
    for (let i = 0; i < controls.length + 25; i++) {
      await me.keyboard.press('Tab');
      await me.evaluate(() => document.activeElement?.removeAttribute('data-kb'));
    }
    const missed = await me.evaluate(() =>
      [...document.querySelectorAll('[data-kb]')].map(
        (el) => el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.tagName,
      ),
    );
    expect(missed, `${path}: controls Tab never reaches`).toEqual([]);
  }

  // A dialog opened from the keyboard keeps Tab inside and gives focus back to its trigger on Escape.
  await visit(me, '/profile');
  const settings = me.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await me.keyboard.press('Enter');
  const dialog = me.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 15; i++) {
    await me.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await me.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await me.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(settings).toBeFocused();

  // Dialogs opened from a menu item (Block user, Report user) give focus back to the menu's button.
  await visit(me, `/user/${ids.userId}`);
  const more = me.getByRole('button', { name: 'More options' });
  for (const [item, title] of [
    ['Block user', /^Block /],
    ['Report user', 'Report user'],
  ] as const) {
    await more.focus();
    await me.keyboard.press('Enter');
    const menuItem = me.getByRole('menuitem', { name: item });
    await expect(menuItem).toBeVisible();
    await menuItem.focus();
    await me.keyboard.press('Enter');
    const safety = me.getByRole('dialog', { name: title });
    await expect(safety).toBeVisible();
    await me.keyboard.press('Escape');
    await expect(safety).toHaveCount(0);
    await expect(more, `after ${item}`).toBeFocused();
  }

  // The wizard from the bottom bar: operated with the keyboard alone (a template, Public, Continue).
  const create = me.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create Pact' });
  await create.focus();
  await me.keyboard.press('Enter');
  const w = me.getByRole('dialog', { name: 'Create Pact' });
  await expect(w).toBeVisible();
  await w.getByRole('button', { name: /HIIT Cardio Blast/ }).focus();
  await me.keyboard.press('Enter');
  await w.getByRole('button', { name: /^Public/ }).focus();
  await me.keyboard.press('Space');
  await expect(w.getByLabel('Pact name')).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await me.keyboard.press('Tab');
    expect(await w.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await me.keyboard.press('Escape');
  await expect(w).toHaveCount(0);
  await expect(create).toBeFocused();
});

test('reduced motion: the Discover feed does not move by itself', async ({ browser }) => {
  const { me, friend } = await seed(browser);
  await friend.close();
  const still = await smallPhone(browser, { reducedMotion: 'reduce' });
  await still.goto('/register');
  // The same account in a context that asks for less motion.
  const cookies = await me.context().cookies();
  await still.context().addCookies(cookies);
  await visit(still, '/challenges');
  const feed = still.getByTestId('discover-feed');
  await expect(feed.locator('article').first()).toBeVisible();
  await still.waitForTimeout(1500);
  // No video plays on its own; each offers a Play button instead. The feed scrolls without smooth animation.
  const playing = await still.evaluate(
    () => [...document.querySelectorAll('video')].filter((v) => !v.paused).length,
  );
  expect(playing).toBe(0);
  await expect(feed.getByRole('button', { name: 'Play video' }).first()).toBeVisible();
  expect(await feed.evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('auto');
  // No animation or transition runs (the reset turns them into instant changes).
  const running = await still.evaluate(
    () => document.getAnimations().filter((a) => a.playState === 'running').length,
  );
  expect(running).toBe(0);
  expect(await smallTargets(still)).toEqual([]);
  expect(await axeViolations(still)).toEqual([]);
});

test('a signed-out visitor sees the sign-in screen with no console error and no failed request', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expectSignInScreen(page);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
