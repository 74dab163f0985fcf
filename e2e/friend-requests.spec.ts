import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createPact, myId, newPhone, postProof } from './progress-seed';
import { signUpViaUi } from './support/app';

/**
 * Friendship by consent: Avery asks Blake to be friends ("Friend request sent"); Blake sees the request in the
 * notifications dialog and accepts it there; Avery is told live. Only then does Blake see Avery's friends-only Pact
 * (Discover, Home's activity, its chat). Avery unfriends Blake, and Blake loses it again.
 */

/** A 390x844 screenshot of what the phone shows now (dialogs and fixed bars as seen), attached to the report. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function discoverFriends(page: Page) {
  await page.goto('/challenges');
  await page.getByRole('radio', { name: 'Friends' }).click();
  await expect(page.getByRole('radio', { name: 'Friends' })).toHaveAttribute('aria-checked', 'true');
}

test('a friend request, accepted from the notifications, opens a friends-only Pact until unfriending', async ({
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const title = `Friends Burn ${Date.now().toString(36)}`;

  const avery = await newPhone(browser);
  await signUpViaUi(avery, { firstName: 'Avery', lastName: 'Stone' });
  const averyId = await myId(avery);
  const pactId = await createPact(avery, { title, visibility: 'friends' });
  // Alone in the Pact, Avery's workout is approved at once and shows in her friends' activity.
  await postProof(avery, pactId, 30);

  const blake = await newPhone(browser);
  await signUpViaUi(blake, { firstName: 'Blake', lastName: 'River' });
  const blakeId = await myId(blake);

  // Before any friendship Blake sees nothing of it.
  await discoverFriends(blake);
  await expect(blake.getByText('No Pacts here yet')).toBeVisible();
  await blake.goto(`/chat/${pactId}`);
  await expect(blake.getByRole('heading', { name: 'Pact not found', level: 2 })).toBeVisible();

  // Avery asks from Blake's page.
  await avery.goto(`/user/${blakeId}`);
  await expect(avery.getByRole('heading', { name: 'Blake River', level: 2 })).toBeVisible();
  await shot(avery, testInfo, 'button-add-friend');
  await avery.getByRole('button', { name: 'Add Friend' }).click();
  await expect(avery.getByText('Friend request sent', { exact: true })).toBeVisible();
  const sent = avery.getByRole('button', { name: /^Request sent/ });
  await expect(sent).toBeVisible();
  await shot(avery, testInfo, 'button-request-sent');
  // Tapping it asks before withdrawing; keeping the request changes nothing.
  await sent.click();
  const withdraw = avery.getByRole('dialog', { name: 'Withdraw friend request?' });
  await expect(withdraw.getByText('Blake will no longer see your request.')).toBeVisible();
  await shot(avery, testInfo, 'withdraw-confirmation');
  await withdraw.getByRole('button', { name: 'Keep request' }).click();
  await expect(withdraw).toBeHidden();
  await expect(sent).toBeVisible();

  // A request opens nothing yet.
  await discoverFriends(blake);
  await expect(blake.getByText('No Pacts here yet')).toBeVisible();

  // Blake's page of Avery offers Accept and Decline; Profile lists the request.
  await blake.goto(`/user/${averyId}`);
  await expect(blake.getByText('Avery wants to be your friend')).toBeVisible();
  await expect(blake.getByRole('button', { name: 'Decline friend request from Avery' })).toBeVisible();
  await shot(blake, testInfo, 'button-incoming');
  await blake.goto('/profile');
  const requests = blake.getByRole('list', { name: 'Received friend requests' });
  await expect(requests.getByRole('link', { name: 'Avery' })).toBeVisible();
  await requests.scrollIntoViewIfNeeded();
  await shot(blake, testInfo, 'profile-friend-requests');

  // The bell counts it; the dialog shows it with Accept and Decline, and Blake accepts there.
  const bell = blake.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const dialog = blake.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByText('Avery sent you a friend request')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Decline friend request from Avery' })).toBeVisible();
  await shot(blake, testInfo, 'notifications-request');
  // A double tap answers once: one request, no 'Friend request not found' from a second one.
  const accepts: string[] = [];
  blake.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/friend-requests\/[^/]+\/accept$/.test(r.url()))
      accepts.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Accept friend request from Avery' }).dblclick();
  await expect(blake.getByText('Friend Added!', { exact: true })).toBeVisible();
  expect(accepts).toHaveLength(1);
  await expect(blake.getByText('Friend request not found')).toHaveCount(0);
  await expect(blake.getByText('You are now friends with Avery', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/You are now friends/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Accept friend request/ })).toHaveCount(0);
  await shot(blake, testInfo, 'notifications-accepted');
  await blake.keyboard.press('Escape');
  await expect(requests).toHaveCount(0);

  // Avery is told live: her button turns to Friends, and her bell has the acceptance.
  await expect(avery.getByRole('button', { name: 'Friends' })).toBeVisible();
  await shot(avery, testInfo, 'button-friends');
  await avery.goto('/profile');
  await avery.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(avery.getByText('Blake accepted your friend request')).toBeVisible();
  await avery.keyboard.press('Escape');

  // Now Blake sees the friends-only Pact: Discover, Home's activity, and its chat.
  await discoverFriends(blake);
  await expect(blake.getByRole('article', { name: title })).toBeVisible();
  await blake.goto('/');
  const activity = blake.locator('section', { has: blake.getByRole('heading', { name: 'Activity' }) });
  await activity.getByRole('tab', { name: 'Friends' }).click();
  await expect(activity.getByText('Completed 30 squats today')).toBeVisible();
  await blake.goto(`/chat/${pactId}`);
  await expect(blake.getByText(title).first()).toBeVisible();
  await expect(blake.getByRole('heading', { name: 'Pact not found' })).toHaveCount(0);

  // Avery unfriends Blake from his page: Add Friend again, and Blake loses the Pact.
  await avery.goto(`/user/${blakeId}`);
  await avery.getByRole('button', { name: 'Friends' }).click();
  await expect(avery.getByRole('menuitem', { name: 'Unfriend' })).toBeVisible();
  // Let the menu's fade-in finish before the picture.
  await avery.waitForTimeout(300);
  await shot(avery, testInfo, 'friends-menu');
  await avery.getByRole('menuitem', { name: 'Unfriend' }).click();
  await expect(avery.getByText('Friend removed', { exact: true })).toBeVisible();
  await expect(avery.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await blake.goto(`/chat/${pactId}`);
  await expect(blake.getByRole('heading', { name: 'Pact not found', level: 2 })).toBeVisible();
  await discoverFriends(blake);
  await expect(blake.getByText('No Pacts here yet')).toBeVisible();
});
