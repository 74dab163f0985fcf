import { expect, test } from '@playwright/test';
import { askFriend, myId, newPhone } from './progress-seed';
import { signUpViaUi } from './support/app';

/**
 * Issue 5 item 6: notifications arrive live over the socket. Blake stays on Profile (no chat open, no reload) and
 * the bell's unread count changes when Avery sends him a friend request; the count is otherwise only refetched after
 * 30 s.
 */
test('the bell counts a new notification live, with no chat open and no reload', async ({ browser }) => {
  const blake = await newPhone(browser);
  await signUpViaUi(blake, { firstName: 'Blake', lastName: 'River' });
  const blakeId = await myId(blake);
  await blake.goto('/profile');
  await expect(blake.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  const avery = await newPhone(browser);
  await signUpViaUi(avery, { firstName: 'Avery', lastName: 'Stone' });
  await askFriend(avery, blakeId);

  const bell = blake.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(
    blake.getByRole('dialog', { name: 'Notifications' }).getByText('Avery sent you a friend request'),
  ).toBeVisible();
});
