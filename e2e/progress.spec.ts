import { expect, type Page, test } from '@playwright/test';
import { befriend, createPact, decideProof, joinPact, newPhone, postProof } from './progress-seed';
import { signUpViaUi, snap } from './support/app';

/**
 * Issue 5's journey: a proof approved moves its author up the Workouts tab and shows in a friend's activity.
 * The Friends scope keeps the ranking free of other journeys' users.
 */

async function openWorkoutsAmongFriends(page: Page) {
  await page.goto('/leaderboard');
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await page.getByRole('radio', { name: 'Friends' }).click();
  const list = page.getByRole('list', { name: 'Workouts ranking' });
  await expect(list).toBeVisible();
  return list;
}

test('an approved proof moves its author up the Workouts tab and shows in a friend’s activity', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const title = `Squat Ladder ${Date.now().toString(36)}`;

  // Avery creates a public Pact and proves a workout alone (approved at once: nobody else could decide it).
  const avery = await newPhone(browser);
  await signUpViaUi(avery, { firstName: 'Avery', lastName: 'Stone' });
  const pactId = await createPact(avery, { title });
  await postProof(avery, pactId, 30);

  // Blake asks Avery to be friends, Avery accepts, and Blake joins the Pact.
  const blake = await newPhone(browser);
  await signUpViaUi(blake, { firstName: 'Blake', lastName: 'River' });
  await befriend(blake, avery);
  await joinPact(blake, pactId);

  // Before: Avery leads with one workout; Blake has none and is pinned below the list.
  let list = await openWorkoutsAmongFriends(blake);
  const rows = list.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Avery Stone');
  await expect(rows.first()).toContainText('1 workout');
  await expect(rows.first().getByRole('img', { name: 'Gold, rank 1' })).toBeVisible();
  const pinned = blake.getByTestId('leaderboard-pinned');
  await expect(pinned).toContainText('Blake River');
  await expect(pinned).toContainText('0 workouts');

  // Blake proves two workouts, one in each of Avery's Pacts (one counts per Pact a day), and Avery approves both.
  const otherPact = await createPact(avery, { title: `${title} II` });
  await joinPact(blake, otherPact);
  const first = await postProof(blake, pactId, 30, 3100);
  const second = await postProof(blake, otherPact, 35, 3200);
  await decideProof(avery, pactId, first, 'approved');
  await decideProof(avery, otherPact, second, 'approved');

  // After: Blake is first, highlighted as the caller, Avery second with a silver medal.
  list = await openWorkoutsAmongFriends(blake);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Blake River');
  await expect(rows.nth(0)).toContainText('2 workouts');
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0).getByRole('img', { name: 'Gold, rank 1' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Avery Stone');
  await expect(rows.nth(1).getByRole('img', { name: 'Silver, rank 2' })).toBeVisible();
  await expect(pinned).toBeHidden();
  await snap(blake, testInfo, 'workouts-friends-after');

  // Blake's notifications: the approvals, unread, with the bell's badge.
  await blake.goto('/profile');
  const bell = blake.getByRole('button', { name: /^Notifications, \d unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const dialog = blake.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByText(`Your proof in ${title} was approved`)).toHaveCount(1);
  await expect(dialog.getByText(`Your proof in ${title} II was approved`)).toHaveCount(1);
  await blake.keyboard.press('Escape');
  await expect(blake.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Avery's Home: Friends activity shows Blake's workout of today; Avery is already in: Open opens the chat.
  await avery.goto('/');
  const activity = avery.locator('section', { has: avery.getByRole('heading', { name: 'Activity' }) });
  await activity.getByRole('tab', { name: 'Friends' }).click();
  const item = avery.getByRole('list', { name: 'Friends activity' }).getByTestId('activity-item').first();
  await expect(item).toContainText('Blake is doing');
  await expect(item).toContainText(`${title} II`);
  await expect(item).toContainText('Completed 35 squats today');
  await snap(avery, testInfo, 'home-friends-activity');
  await item.getByRole('button', { name: `Open ${title} II` }).click();
  await expect(avery).toHaveURL(new RegExp(`/chat/${otherPact}$`));
});
