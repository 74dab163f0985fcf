import { expect, type Page, test } from '@playwright/test';
import { createPact, joinPact, myId, postProof } from './progress-seed';
import {
  expectTheme,
  screenProblems,
  setTheme,
  settled,
  smallPhone,
  smallTargets,
} from './support/a11y-checks';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES, type VisitIds, visitPath } from './support/a11y-routes';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expectSignInScreen,
  fillSignUp,
  signUpViaUi,
  tryDemo,
  verifyFromOutbox,
} from './support/app';
import { axeViolations } from './support/axe';

/**
 * Accessibility on a 320x640 phone: every route of the router (e2e/support/a11y-routes.ts, checked against the
 * router by client/app/a11y-routes.test.ts) and every dialog, wizard step and sheet, in the dark and the light
 * theme, signed in and out: axe (WCAG 2.1 A/AA) finds nothing, nothing scrolls sideways, touch targets are at least
 * 44x44 px. Then keyboard use (focus kept in dialogs and given back), and reduced motion on the Discover feed.
 */

const THEMES = ['dark', 'light'] as const;

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/** A Pro Pact with its coaching team; answers the team's id. */
async function createTeam(page: Page): Promise<number> {
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/challenges', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        exerciseType: 'burpees',
        targetValue: 40,
        title: 'Iron Mornings',
        description: 'Forty burpees, coached.',
        visibility: 'pro',
        totalDays: 30,
        scheduleDays: ['monday', 'wednesday', 'friday'],
        isCustom: true,
        monthlyPrice: 25,
        teamName: 'Iron Mornings Team',
        teamDescription: 'Daily coaching and feedback on every rep.',
      }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.teamId;
}

/** Someone with a public Pact that has a pending proof, and the visitor (a demo sandbox, full of sample data) in it. */
async function seed(browser: import('@playwright/test').Browser) {
  const friend = await smallPhone(browser);
  await signUpViaUi(friend, { firstName: 'Avery', lastName: 'Stone' });
  const friendId = await myId(friend);
  const challengeId = await createPact(friend, { title: `Plank Club ${Date.now().toString(36)}` });
  await postProof(friend, challengeId, 30);
  const teamId = await createTeam(friend);
  const me = await smallPhone(browser);
  await tryDemo(me);
  await joinPact(me, challengeId);
  return { me, friend, ids: { userId: friendId, challengeId, teamId } satisfies VisitIds };
}

test('signed out: every route in both themes', async ({ browser }) => {
  const page = await smallPhone(browser);
  const problems: string[] = [];
  await page.goto('/register');
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const route of SIGNED_OUT_ROUTES) {
      await visit(page, visitPath(route, { userId: 'x', challengeId: 1, teamId: 1 }));
      await expectTheme(page, theme);
      problems.push(...(await screenProblems(page, `${theme} signed-out ${route}`)));
    }
    // The sign-in screen's email form, both modes.
    await visit(page, '/register');
    await expectSignInScreen(page);
    await page.getByRole('button', { name: 'Create account', exact: true }).first().click();
    await expect(page.getByLabel('Date of birth')).toBeVisible();
    problems.push(...(await screenProblems(page, `${theme} sign-up form`)));
  }
  expect(problems).toEqual([]);
});

test('signed in: every route in both themes', async ({ browser }) => {
  test.setTimeout(480_000);
  const { me, ids } = await seed(browser);
  const problems: string[] = [];
  for (const theme of THEMES) {
    await setTheme(me, theme);
    for (const route of SIGNED_IN_ROUTES) {
      await visit(me, visitPath(route, ids));
      await expectTheme(me, theme);
      problems.push(...(await screenProblems(me, `${theme} ${route}`)));
    }
  }
  expect(problems).toEqual([]);
});

test('dialogs, menus, sheets and wizard steps in both themes', async ({ browser }) => {
  test.setTimeout(600_000);
  const { me, ids } = await seed(browser);
  const problems: string[] = [];
  const check = async (where: string) => {
    const dialog = me.getByRole('dialog').or(me.getByRole('alertdialog')).or(me.getByRole('menu'));
    await expect(dialog.first()).toBeVisible();
    problems.push(...(await screenProblems(me, where, dialog.first())));
  };
  for (const theme of THEMES) {
    await setTheme(me, theme);
    // Profile's dialogs.
    await visit(me, '/profile');
    for (const name of ['Invite friends', /^Notifications/, 'Settings', 'Edit profile'] as const) {
      await me.getByRole('button', { name }).click();
      await check(`${theme} profile ${name}`);
      await me.keyboard.press('Escape');
      await expect(me.getByRole('dialog')).toHaveCount(0);
    }
    const workoutDay = me.getByRole('button', { name: /: [1-9]\d* workouts?$/ }).first();
    if (await workoutDay.count()) {
      await workoutDay.click();
      await check(`${theme} profile day workouts`);
      await me.keyboard.press('Escape');
    }

    // Home: a Pact card's menu, Edit and Delete.
    await visit(me, '/');
    const options = me.getByRole('button', { name: 'Pact options' }).first();
    if (await options.count()) {
      await options.click();
      await check(`${theme} pact menu`);
      await me.getByRole('menuitem', { name: 'Edit' }).click();
      await check(`${theme} edit pact`);
      await me.keyboard.press('Escape');
      await options.click();
      await me.getByRole('menuitem', { name: 'Delete' }).click();
      await check(`${theme} delete pact`);
      await me.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    }

    // The create wizard, every step of a Pro Pact (six).
    await me.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create Pact' }).click();
    const w = me.getByRole('dialog', { name: 'Create Pact' });
    await check(`${theme} wizard 1`);
    await w.getByRole('button', { name: /Custom HIIT/ }).click();
    await check(`${theme} wizard 2`);
    await w.getByRole('button', { name: /^Pro/ }).click();
    await w.getByLabel('Pact name').fill('A11y Team');
    await w.getByLabel('Exercise type').fill('burpees');
    await w.getByLabel('Daily target').fill('40');
    await check(`${theme} wizard 3`);
    await w.getByRole('button', { name: 'Continue' }).click();
    await check(`${theme} wizard 4`);
    await w.getByRole('button', { name: 'Continue' }).click();
    await check(`${theme} wizard 5`);
    await w.getByRole('button', { name: 'Set Up Team' }).click();
    await check(`${theme} wizard 6`);
    await w.getByRole('button', { name: 'Close' }).click();
    await expect(w).toHaveCount(0);

    // Discover: a slide's menu and the report sheet.
    await visit(me, '/challenges');
    await me.getByRole('button', { name: 'More actions' }).first().click();
    await check(`${theme} discover menu`);
    await me.getByRole('menuitem', { name: 'Report Challenge' }).click();
    await check(`${theme} report pact`);
    await me.keyboard.press('Escape');

    // A user's page: the safety menu, Report and Block.
    await visit(me, visitPath('/user/:userId', ids));
    await me.getByRole('button', { name: 'More options' }).click();
    await check(`${theme} user menu`);
    await me.getByRole('menuitem', { name: 'Report user' }).click();
    await check(`${theme} report user`);
    await me.keyboard.press('Escape');
    await me.getByRole('button', { name: 'More options' }).click();
    await me.getByRole('menuitem', { name: 'Block user' }).click();
    await check(`${theme} block user`);
    await me.keyboard.press('Escape');

    // The chat with a proof to decide.
    await visit(me, visitPath('/chat/:challengeId', ids));
    await expect(me.getByTestId('chat-messages').locator('li[data-message-id]').first()).toBeVisible();
    problems.push(...(await screenProblems(me, `${theme} chat with a proof`)));
  }
  expect(problems).toEqual([]);
});

test('the Complete Your Profile dialog and the admin queue with its ban dialog', async ({ browser }) => {
  test.setTimeout(360_000);
  const reporter = await smallPhone(browser);
  await signUpViaUi(reporter, { firstName: 'Riley', lastName: 'Watch' });
  const owner = await smallPhone(browser);
  await signUpViaUi(owner, { firstName: 'Sam', lastName: 'Cheat' });
  const pactId = await createPact(owner, { title: `Too Good To Be True ${Date.now().toString(36)}` });
  const reported = await reporter.evaluate(
    async (id) =>
      (
        await fetch(`/api/challenges/${id}/report`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: 'The proof videos are all the same clip.' }),
        })
      ).status,
    pactId,
  );
  expect(reported).toBe(200);

  const admin = await smallPhone(browser);
  const problems: string[] = [];
  // A retried test finds the admin account already there: sign in instead.
  await admin.goto('/register');
  const password = ADMIN_PASSWORD;
  const signedIn = await admin.evaluate(
    async ([email, pw]) =>
      (
        await fetch('/api/auth/email', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: pw }),
        })
      ).status,
    [ADMIN_EMAIL, password] as const,
  );
  if (signedIn !== 200) {
    const creds = await fillSignUp(admin, { email: ADMIN_EMAIL, password });
    await creds.settled;
    const dialog = admin.getByRole('dialog', { name: 'Complete Your Profile' });
    for (const theme of THEMES) {
      await setTheme(admin, theme);
      await admin.reload();
      await expect(dialog).toBeVisible();
      problems.push(...(await screenProblems(admin, `${theme} complete profile`, dialog)));
    }
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill('Admin');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog).toBeHidden();
    // ADMIN_EMAILS counts once the address is verified: follow the mailed link.
    await verifyFromOutbox(admin, ADMIN_EMAIL);
  }
  for (const theme of THEMES) {
    await setTheme(admin, theme);
    await visit(admin, '/admin');
    await expect(admin.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Open reports' })).toBeVisible();
    problems.push(...(await screenProblems(admin, `${theme} admin queue`)));
    await admin.getByRole('button', { name: /^Ban/ }).first().click();
    const ban = admin.getByRole('dialog').or(admin.getByRole('alertdialog'));
    problems.push(...(await screenProblems(admin, `${theme} ban dialog`, ban.first())));
    await ban.getByRole('button', { name: 'Cancel' }).click();
  }
  expect(problems).toEqual([]);
});

test('the workout reminder card in both themes', async ({ browser }) => {
  const page = await smallPhone(browser);
  const today = new Date().toISOString().slice(0, 10);
  await page.clock.setFixedTime(new Date(`${today}T09:05:30Z`));
  await signUpViaUi(page, { firstName: 'Robin', lastName: 'Alarm' });
  await createPact(page, { title: 'Sunrise Squats', visibility: 'private', workoutTime: '09:05' });
  const problems: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await page.evaluate(() => {
      localStorage.removeItem('sweatpact:reminders-fired');
      localStorage.removeItem('sweatpact:reminders-dismissed');
    });
    await visit(page, '/leaderboard');
    const card = page.getByRole('complementary', { name: 'Workout reminder' });
    await expect(card).toContainText('Workout Time!');
    problems.push(...(await screenProblems(page, `${theme} reminder card`)));
  }
  expect(problems).toEqual([]);
});

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
