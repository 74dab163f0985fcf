import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, snap } from './support/app';
import { axeViolations } from './support/axe';
import { createPact, newPhone } from './support/chat';

/**
 * Direct messages and coach analytics (issue 11 items 7, 8): a member on a free trial opens "Message your coach"
 * on the team page and writes; the coach, on the team page's member list, sees the unread count, opens the
 * conversation, reads it live and answers; the member sees the answer arrive without reloading, and "Seen" under
 * their message. The coach's analytics screen shows the member; the member gets "Team not found" there.
 */

const SHOTS = '.tmp/shots-dms';

async function shot(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('a member messages the coach, the coach answers in real time, and sees the member in analytics', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const teamName = `Form Lab ${tag}`;
  const coach = await newPhone(browser, 'Cora', 'Coach');
  const c = coach.page;
  const pactId = await createPact(c, `Squat form ${tag}`, {
    visibility: 'pro',
    teamName,
    teamDescription: 'Form checks on every squat, with a coach who answers.',
    monthlyPrice: 25,
  });
  const teamId = (await apiCall(c, 'GET', `/api/challenges/${pactId}`)).body.teamId as number;
  expect(teamId).toBeGreaterThan(0);

  const member = await newPhone(browser, 'Milo', 'Member');
  const m = member.page;
  expect((await apiCall(m, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);

  // The member: the team page's "Message your coach" opens the conversation.
  await m.goto(`/teams/${teamId}`);
  await m.getByRole('link', { name: 'Message your coach' }).click();
  await expect(m).toHaveURL(new RegExp(`/messages/${coach.userId}$`));
  await expect(m.getByText('Your coach ·', { exact: false })).toBeVisible();
  await expect(m.getByText('No messages yet. Say hello!')).toBeVisible();
  const mInput = m.getByRole('textbox', { name: 'Message' });
  await mInput.fill('Hi Cora! My knees hurt on deep squats, should I go shallower?');
  await m.getByRole('button', { name: 'Send message' }).click();
  await expect(m.getByText('My knees hurt on deep squats', { exact: false })).toBeVisible();
  await expect(mInput).toHaveValue('');

  // The coach: the member list shows one unread message; Message opens the conversation.
  await c.goto(`/teams/${teamId}`);
  const row = c.getByRole('listitem').filter({ hasText: 'Milo' });
  await expect(row.getByLabel('1 unread')).toBeVisible();
  await shot(c, testInfo, 'coach-team-members');
  await expect(row.getByRole('link', { name: /^Message Milo/ })).toBeVisible();
  // The bell tells the coach too, and its notification opens the conversation; reading it reads the notification.
  await c.goto('/profile');
  await c.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await c.getByRole('dialog', { name: 'Notifications' }).getByText('Milo sent you a message').click();
  await expect(c).toHaveURL(new RegExp(`/messages/${member.userId}$`));
  await expect(c.getByText('My knees hurt on deep squats', { exact: false })).toBeVisible();
  await expect(c.getByText('Member ·', { exact: false })).toBeVisible();
  expect(await axeViolations(c)).toEqual([]);

  // Reading it shows "Seen" to the member at once; the answer arrives live on the member's screen.
  await expect(m.getByText(/· Seen$/)).toBeVisible({ timeout: 10_000 });
  await c.goto('/profile');
  await expect(c.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await c.goBack();
  await c
    .getByRole('textbox', { name: 'Message' })
    .fill('Yes: to parallel for a week, then film one set for me.');
  await c.getByRole('button', { name: 'Send message' }).click();
  await expect(m.getByText('to parallel for a week', { exact: false })).toBeVisible({ timeout: 10_000 });
  await shot(m, testInfo, 'member-conversation');
  await shot(c, testInfo, 'coach-conversation');
  expect(await axeViolations(m)).toEqual([]);

  // And back, live again.
  await mInput.fill('Will do, thanks!');
  await m.getByRole('button', { name: 'Send message' }).click();
  await expect(c.getByText('Will do, thanks!')).toBeVisible({ timeout: 10_000 });

  // Analytics: the coach sees the member on trial; the member is refused.
  await c.goto(`/teams/${teamId}`);
  await c.getByRole('link', { name: 'Analytics' }).click();
  await expect(c).toHaveURL(new RegExp(`/teams/${teamId}/analytics$`));
  await expect(c.getByText('Members', { exact: true }).first()).toBeVisible();
  await expect(c.getByText('1 in trial')).toBeVisible();
  await expect(c.getByText('no trial ended yet')).toBeVisible();
  await expect(c.getByText('Members, trials and conversions')).toBeVisible();
  await expect(c.locator('canvas').first()).toBeVisible();
  await shot(c, testInfo, 'coach-analytics');
  expect(await axeViolations(c)).toEqual([]);
  await c.getByRole('button', { name: 'Monthly' }).click();
  await expect(c.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(c.getByText('Figures by month')).toBeVisible();
  await shot(c, testInfo, 'coach-analytics-monthly');

  await m.goto(`/teams/${teamId}/analytics`);
  await expect(m.getByText('Team not found')).toBeVisible();

  await coach.context.close();
  await member.context.close();
});
