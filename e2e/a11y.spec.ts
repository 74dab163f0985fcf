import { expect, test } from '@playwright/test';
import { createPact } from './progress-seed';
import { expectTheme, screenProblems, setTheme, smallPhone } from './support/a11y-checks';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES, visitPath } from './support/a11y-routes';
import { seed, visit } from './support/a11y-seed';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expectSignInScreen,
  fillSignUp,
  signUpViaUi,
  verifyFromOutbox,
} from './support/app';

/**
 * Accessibility on a 320x640 phone: every route of the router (e2e/support/a11y-routes.ts, checked against the
 * router by client/app/a11y-routes.test.ts) and every dialog, wizard step and sheet, in the dark and the light
 * theme, signed in and out: axe (WCAG 2.1 A/AA) finds nothing, nothing scrolls sideways, touch targets are at least
 * 44x44 px. Keyboard use, reduced motion and the signed-out console are in a11y-interaction.spec.ts.
 */

const THEMES = ['dark', 'light'] as const;

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
