import { expect, test } from '@playwright/test';
import { adminPage, apiCall, snap } from './support/app';
import { axeViolations } from './support/axe';
import { createPact, newPhone } from './support/chat';

/**
 * The end of a membership on screen (issue 11): a member starts the trial on the team page, joins the team's Pact
 * and cancels; while they read its chat, an admin moves the test-mode billing clock past the trial's end. The chat
 * closes at once (the server ends the member's room on their socket), the team page says the membership has ended
 * and offers Subscribe with no second trial, and the member is told. Runs in the 'billing-clock' project on a
 * server of its own (playwright.config.ts): the clock is one per server.
 */

test('a canceled member loses the team chat when the billing clock passes the period end', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const teamName = `Night Owls ${tag}`;
  const pactTitle = `Late lifts ${tag}`;
  const coach = await newPhone(browser, 'Bree', 'Coach');
  const pactId = await createPact(coach.page, pactTitle, {
    visibility: 'pro',
    teamName,
    teamDescription: 'Evening strength work with a coach who checks every rep.',
    monthlyPrice: 20,
  });
  const teamId = (await apiCall(coach.page, 'GET', `/api/challenges/${pactId}`)).body.teamId as number;

  // The member starts the free trial on the team page and joins the team's Pact.
  const member = await newPhone(browser, 'Nico', 'Member');
  const m = member.page;
  await m.goto(`/teams/${teamId}`);
  await m.getByRole('button', { name: 'Start Trial' }).click();
  const manage = m.getByRole('region', { name: 'Manage' });
  await expect(manage.getByTestId('subscription-status')).toHaveText('Free trial');
  // The trial put the member in the team's Pact (DECISIONS 11): its row opens the chat.
  await m.getByRole('article', { name: pactTitle }).getByRole('button', { name: 'Open Chat' }).click();
  await expect(m).toHaveURL(new RegExp(`/chat/${pactId}$`));
  await expect(m.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });

  // Cancel at the trial's end; access lasts until then.
  await m.goto(`/teams/${teamId}`);
  await manage.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = m.getByRole('dialog', { name: 'Cancel subscription?' });
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(manage.getByTestId('subscription-status')).toHaveText('Canceled');
  await expect(manage.getByText('Access ends')).toBeVisible();

  // A second member whose (simulated) card will fail at the trial's end.
  const payer = await newPhone(browser, 'Pia', 'Payer');
  const p = payer.page;
  await p.goto(`/teams/${teamId}`);
  await p.getByRole('button', { name: 'Start Trial' }).click();
  const payerManage = p.getByRole('region', { name: 'Manage' });
  await expect(payerManage.getByTestId('subscription-status')).toHaveText('Free trial');
  await payerManage.getByRole('switch', { name: /Simulate payment failure/ }).click();
  await expect(payerManage.getByRole('switch', { name: /Simulate payment failure/ })).toBeChecked();

  // Still a member: the chat is open, with its composer.
  await m.goto(`/chat/${pactId}`);
  await expect(m.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 20_000 });

  // The admin moves the clock past the trial's end: the open chat closes without a reload.
  const admin = await adminPage(browser, '10.254.0.1');
  const moved = await apiCall(admin, 'POST', '/api/admin/billing/clock/advance', { days: 8 });
  expect(moved.status).toBe(200);
  await expect(m.getByRole('heading', { name: `This chat is for ${teamName} members` })).toBeVisible();
  await expect(m.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await snap(m, testInfo, 'team-chat-closed');
  expect(await axeViolations(m)).toEqual([]);

  // The team page: the membership has ended, Subscribe (no second free trial).
  await m.getByRole('link', { name: 'Open team page' }).click();
  await expect(m).toHaveURL(new RegExp(`/teams/${teamId}$`));
  await expect(m.getByText('Your membership has ended')).toBeVisible();
  await expect(m.getByText(/there is no second free trial/)).toBeVisible();
  await expect(m.getByText('7-day free trial, cancel anytime')).toHaveCount(0);
  await expect(m.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(m.getByRole('button', { name: 'Start Trial' })).toHaveCount(0);
  await snap(m, testInfo, 'team-page-ended');
  expect(await axeViolations(m)).toEqual([]);

  // The payer's charge failed at the trial's end: past due, the charge owed since then (not 'Next charge' on a day
  // gone by), access for the grace days.
  await p.goto(`/teams/${teamId}`);
  await expect(payerManage.getByTestId('subscription-status')).toHaveText('Payment failed');
  await expect(payerManage.getByText('Payment due')).toBeVisible();
  await expect(payerManage.getByText(/^\$20 since /)).toBeVisible();
  await expect(payerManage.getByText('Next charge')).toHaveCount(0);
  await expect(payerManage.getByText(/unless a payment succeeds$/)).toBeVisible();
  await snap(p, testInfo, 'team-page-past-due');

  // The coach's member list tells the former member from the one still in (past due keeps access for the grace).
  await coach.page.goto(`/teams/${teamId}`);
  const members = coach.page.getByRole('listitem');
  const nico = members.filter({ hasText: 'Nico' });
  await expect(nico.getByText('Former member')).toBeVisible();
  await expect(nico.getByRole('link', { name: 'Read messages of Nico' })).toBeVisible();
  const pia = members.filter({ hasText: 'Pia' });
  await expect(pia.getByText('Former member')).toHaveCount(0);
  await expect(pia.getByRole('link', { name: /^Message Pia/ })).toBeVisible();
  await snap(coach.page, testInfo, 'coach-members-after-end');
  expect(await axeViolations(coach.page)).toEqual([]);

  // Access ended, membership ended (DECISIONS 11): Home no longer lists the team Pact (no card, no Chat or Start);
  // the team page offers to subscribe again.
  await m.goto('/');
  await expect(m.getByRole('heading', { name: 'My Pacts' })).toBeVisible();
  await expect(m.getByRole('article', { name: pactTitle })).toHaveCount(0, { timeout: 20_000 });
  await snap(m, testInfo, 'home-access-ended');
  expect(await axeViolations(m)).toEqual([]);
  await m.goto(`/teams/${teamId}`);
  await expect(m.getByRole('button', { name: 'Subscribe' })).toBeVisible();

  // Refused by the server too, and the member was told.
  expect((await apiCall(m, 'GET', `/api/challenges/${pactId}/messages`)).status).toBe(403);
  const notes = (await apiCall(m, 'GET', '/api/notifications')).body.items as {
    type: string;
    data: unknown;
  }[];
  expect(notes.find((n) => n.type === 'subscription_canceled')?.data).toMatchObject({
    teamId,
    reason: 'canceled',
  });

  // A member who never had access sees the same closed chat, not an error.
  const stranger = await newPhone(browser, 'Sid', 'Stranger');
  await stranger.page.goto(`/chat/${pactId}`);
  await expect(
    stranger.page.getByRole('heading', { name: `This chat is for ${teamName} members` }),
  ).toBeVisible();

  for (const phone of [coach, member, stranger]) await phone.context.close();
  await admin.context().close();
});
