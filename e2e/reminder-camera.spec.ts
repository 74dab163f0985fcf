import { expect, test } from '@playwright/test';
import { overlap, snap } from './support/app';
import { createPact, newPhone, openChat } from './support/chat';

test('the workout reminder toast shows in the chat of the Pact whose time it is, and never covers the camera’s Record button', async ({
  browser,
}, testInfo) => {
  const a = await newPhone(browser, 'Robin', 'Alarm');
  // 09:05 today (UTC, the phone's zone), two seconds before the minute ends: the reminder check runs every tick.
  const today = new Date().toISOString().slice(0, 10);
  await a.page.clock.setFixedTime(new Date(`${today}T09:05:58Z`));
  const title = `Alarm Squats at sunrise with the whole crew, no excuses ${Date.now().toString(36)}`;
  const pactId = await createPact(a.page, title, { visibility: 'private', workoutTime: '09:05' });

  await openChat(a.page, pactId);
  const toasts = a.page.getByRole('region', { name: /Notifications/ });
  // The reminder: the toast on the exact minute (and the card while the camera is closed).
  await expect(toasts.getByText('Workout Time!', { exact: true })).toBeVisible();
  await expect(a.page.getByRole('complementary', { name: 'Workout reminder' })).toBeVisible();

  // The chat header reads '9:05 AM' on its 24-hour rule: Start opens the camera panel.
  await a.page.getByRole('button', { name: 'Start', exact: true }).click();
  const camera = a.page.getByRole('region', { name: 'Camera' });
  const record = camera.getByRole('button', { name: 'Record' });
  await expect(record).toBeVisible({ timeout: 20_000 });
  // The reminder fires again (as on a new day) while the camera is open.
  await a.page.evaluate(() => localStorage.removeItem('sweatpact:reminders-fired'));
  const reminder = toasts.locator('li').filter({ hasText: 'Workout Time!' });
  await expect(reminder.first()).toBeVisible();
  await snap(a.page, testInfo, 'reminder-over-camera');
  for (const shown of await reminder.all()) expect(await overlap(shown, record)).toBe(false);
  // The card stays away while recording, and Record takes the tap (nothing on top of it).
  await expect(a.page.getByRole('complementary', { name: 'Workout reminder' })).toHaveCount(0);
  await record.click({ trial: true });
});
