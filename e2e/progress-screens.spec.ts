import { expect, type Page, test } from '@playwright/test';
import { befriend, createPact, decideProof, joinPact, myId, newPhone, postProof } from './progress-seed';
import { signUpViaUi, snap } from './support/app';

/**
 * The progress screens as a user sees them, in the dark and the light theme: Leaders (three tabs), Home's
 * activity, the notifications dialog with its badge, the workout-time reminder card and toast, Settings' blocked
 * users and the user page's safety menu.
 */

async function setTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

/** The current UTC wall-clock minute as 'HH:MM' (the journeys' browsers and accounts run in UTC). */
function utcMinuteNow(): string {
  return new Date().toISOString().slice(11, 16);
}

test('progress screens in both themes', async ({ browser }, testInfo) => {
  test.setTimeout(480_000);
  const title = `Plank Club ${Date.now().toString(36)}`;

  const avery = await newPhone(browser);
  await signUpViaUi(avery, { firstName: 'Avery', lastName: 'Stone' });
  const averyId = await myId(avery);
  const pactId = await createPact(avery, { title, exerciseType: 'planks', targetValue: 60 });
  await postProof(avery, pactId, 60);

  const blake = await newPhone(browser);
  await signUpViaUi(blake, { firstName: 'Blake', lastName: 'River' });
  const blakeId = await myId(blake);
  await befriend(blake, avery);
  await joinPact(blake, pactId);
  const approved = await postProof(blake, pactId, 45, 3100);
  const rejected = await postProof(blake, pactId, 10, 3200);
  await decideProof(avery, pactId, approved, 'approved');
  await decideProof(avery, pactId, rejected, 'rejected');

  for (const theme of ['dark', 'light'] as const) {
    for (const page of [avery, blake]) {
      await setTheme(page, theme);
    }
    // Leaders, every tab, among friends (other journeys' users stay out of the picture).
    await blake.goto('/leaderboard');
    await blake.getByRole('radio', { name: 'Friends' }).click();
    for (const tab of ['Streaks', 'Points', 'Workouts']) {
      await blake.getByRole('tab', { name: tab }).click();
      await expect(blake.getByRole('list', { name: `${tab} ranking` })).toBeVisible();
      await snap(blake, testInfo, `${theme}-leaders-${tab.toLowerCase()}`);
    }
    await blake.getByRole('radio', { name: 'Global' }).click();
    await expect(blake.getByRole('list', { name: 'Workouts ranking' })).toBeVisible();
    await snap(blake, testInfo, `${theme}-leaders-global`);

    // Home activity: Avery's friends' workouts, the Top tab's text, Near You.
    await avery.goto('/');
    const activity = avery.locator('section', { has: avery.getByRole('heading', { name: 'Activity' }) });
    await activity.getByRole('tab', { name: 'Friends' }).click();
    await expect(activity.getByText('Completed 45 seconds of plank today')).toBeVisible();
    await activity.scrollIntoViewIfNeeded();
    await avery.screenshot({ path: testInfo.outputPath(`${theme}-home-activity.png`) });
    await activity.getByRole('tab', { name: 'Top' }).click();
    await expect(activity.getByText('Coming soon - leaderboards and top challenges')).toBeVisible();
    await activity.getByRole('tab', { name: 'Near You' }).click();
    await avery.waitForTimeout(300);
    await avery.screenshot({ path: testInfo.outputPath(`${theme}-home-near-you.png`) });

    // Notifications: Blake's approved and rejected proofs, Avery's friend and join.
    await avery.goto('/profile');
    await avery.getByRole('button', { name: /^Notifications/ }).click();
    await expect(avery.getByText('Blake sent you a friend request')).toBeVisible();
    await expect(avery.getByText(`Blake joined ${title}`)).toBeVisible();
    await avery.screenshot({ path: testInfo.outputPath(`${theme}-notifications-avery.png`) });
    await blake.goto('/profile');
    await blake.getByRole('button', { name: /^Notifications/ }).click();
    await expect(blake.getByText(`Your proof in ${title} was rejected`)).toBeVisible();
    await blake.screenshot({ path: testInfo.outputPath(`${theme}-notifications-blake.png`) });
  }

  // Blake's profile badge is gone once the dialog was opened.
  await blake.goto('/profile');
  await expect(blake.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Reminder: a Pact whose workout time is this very minute shows the card and the toast.
  const soloTitle = `Sunrise Squats ${Date.now().toString(36)}`;
  await createPact(blake, { title: soloTitle, visibility: 'private', workoutTime: utcMinuteNow() });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(blake, theme);
    await blake.evaluate(() => {
      localStorage.removeItem('sweatpact:reminders-fired');
      localStorage.removeItem('sweatpact:reminders-dismissed');
    });
    await blake.goto('/leaderboard');
    const card = blake.getByRole('complementary', { name: 'Workout reminder' });
    await expect(card).toContainText('Workout Time!');
    await expect(card).toContainText(soloTitle);
    await expect(card).toContainText('Scheduled:');
    await blake.screenshot({ path: testInfo.outputPath(`${theme}-reminder.png`) });
  }
  const card = blake.getByRole('complementary', { name: 'Workout reminder' });
  await card.getByRole('button', { name: 'Start Stream Now' }).click();
  await expect(blake).toHaveURL(/\/live\/\d+$/);

  // Safety: Blake reports Avery twice (the second time the server's message shows), blocks her from her page,
  // finds her under Settings' blocked users and unblocks her.
  await setTheme(blake, 'dark');
  await blake.goto(`/user/${averyId}`);
  for (const expected of ['Report sent', 'You already reported this user']) {
    await blake.getByRole('button', { name: 'More options' }).click();
    await blake.getByRole('menuitem', { name: 'Report user' }).click();
    const report = blake.getByRole('dialog', { name: 'Report user' });
    await report.getByLabel('Reason').fill('Posts fake proofs every day');
    await report.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(blake.getByText(expected, { exact: true })).toBeVisible();
    if (await report.isVisible()) await report.getByRole('button', { name: 'Cancel' }).click();
  }
  await blake.getByRole('button', { name: 'More options' }).click();
  await blake.screenshot({ path: testInfo.outputPath('dark-user-menu.png') });
  await blake.getByRole('menuitem', { name: 'Block user' }).click();
  await blake.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(blake.getByText('User not found')).toBeVisible();
  await blake.goto('/settings');
  await expect(blake.getByRole('button', { name: 'Unblock Avery Stone' })).toBeVisible();
  await snap(blake, testInfo, 'dark-settings-blocked');
  await blake.getByRole('button', { name: 'Unblock Avery Stone' }).click();
  await expect(blake.getByText('You have not blocked anyone.')).toBeVisible();
  await blake.goto(`/user/${averyId}`);
  await expect(blake.getByRole('heading', { name: 'Avery Stone', level: 2 })).toBeVisible();
  expect(blakeId).not.toBe(averyId);
});
