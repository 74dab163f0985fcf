import { expect, test } from '@playwright/test';
import { snap } from './support/app';
import {
  chatInput,
  createPact,
  expectLink,
  joinPact,
  messages,
  messageWithText,
  newPhone,
  openChat,
  sendMessage,
} from './support/chat';

/** Issue 4 "Done when": a reload or a dropped connection loses nothing and doubles nothing. */

test('a reload mid-chat keeps every message, once and in order', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await newPhone(browser, 'Avery', 'Stone');
  const pactId = await createPact(a.page, `Reload Pact ${Date.now().toString(36)}`);
  const b = await newPhone(browser, 'Blake', 'River');
  await joinPact(b.page, pactId);
  await openChat(a.page, pactId);
  await openChat(b.page, pactId);

  const texts = ['one', 'two', 'three', 'four'];
  for (const [i, text] of texts.entries()) await sendMessage(i % 2 ? b.page : a.page, text);
  await expect(messageWithText(b.page, 'four')).toHaveCount(1);

  await b.page.reload();
  await expect(b.page.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });
  await expectLink(b.page, 'connected');
  const shown = messages(b.page).locator('li[data-message-id]');
  await expect(shown).toHaveCount(texts.length);
  for (const [i, text] of texts.entries()) await expect(shown.nth(i)).toContainText(text);

  // Still live after the reload.
  await sendMessage(a.page, 'after reload');
  await expect(messageWithText(b.page, 'after reload')).toHaveCount(1);
});

/** Posts 'msg NN' from the page (its cookie and Origin). */
async function post(page: import('@playwright/test').Page, pactId: number, n: number) {
  const status = await page.evaluate(
    async ([id, text]) =>
      (
        await fetch(`/api/challenges/${id}/chat`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ message: text, type: 'message' }),
        })
      ).status,
    [pactId, `msg ${String(n).padStart(2, '0')}`] as const,
  );
  expect(status).toBe(201);
}

test('scrolling up loads older pages and keeps the reader’s place', async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await newPhone(browser, 'Avery', 'Stone');
  const pactId = await createPact(a.page, `Long Pact ${Date.now().toString(36)}`);
  const b = await newPhone(browser, 'Blake', 'River');
  await joinPact(b.page, pactId);
  // 60 messages, A's odd and B's even, one after the other so ids follow the numbers; paced under the send
  // limit of 20 in 10 s per user.
  for (let n = 1; n <= 60; n += 1) {
    if (n === 41) await a.page.waitForTimeout(10_500);
    await post(n % 2 ? a.page : b.page, pactId, n);
  }

  await openChat(b.page, pactId);
  const shown = messages(b.page).locator('li[data-message-id]');
  await expect(shown).toHaveCount(50); // the newest page
  await expect(messageWithText(b.page, 'msg 60')).toBeInViewport();
  await expect(messageWithText(b.page, 'msg 01')).toHaveCount(0);

  const firstLoaded = messageWithText(b.page, 'msg 11');
  await messages(b.page).evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(shown).toHaveCount(60);
  await expect(messageWithText(b.page, 'msg 01')).toHaveCount(1);
  // The message that was at the top is still on screen: the list did not jump to the oldest ones.
  await expect(firstLoaded).toBeInViewport();
  for (const [i, n] of [1, 10, 11, 60].entries()) {
    const index = [0, 9, 10, 59][i]!;
    await expect(shown.nth(index)).toContainText(`msg ${String(n).padStart(2, '0')}`);
  }
});

test('a dropped connection shows Disconnected, queues a message typed meanwhile, then catches up and sends it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const a = await newPhone(browser, 'Avery', 'Stone');
  const pactId = await createPact(a.page, `Offline Pact ${Date.now().toString(36)}`);
  const b = await newPhone(browser, 'Blake', 'River');
  await joinPact(b.page, pactId);
  await openChat(a.page, pactId);
  await openChat(b.page, pactId);
  await sendMessage(a.page, 'before the tunnel');
  await expect(messageWithText(b.page, 'before the tunnel')).toHaveCount(1);

  await b.context.setOffline(true);
  await expectLink(b.page, 'disconnected');
  await expect(b.page.getByText('Disconnected. Reconnecting...')).toBeVisible();
  // A send while offline waits in the chat, marked as such (features/chat/outbox.ts), and the input is free.
  await sendMessage(b.page, 'typed in the tunnel');
  const waiting = messages(b.page).locator('[data-pending="queued"]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Sends when you're back online");
  await expect(b.page.getByText('Failed to send message', { exact: true })).toHaveCount(0);

  // Meanwhile A keeps talking.
  await sendMessage(a.page, 'missed one');
  await sendMessage(a.page, 'missed two');
  await snap(b.page, testInfo, '01-b-offline');

  await b.context.setOffline(false);
  await expectLink(b.page, 'connected', 30_000);
  await expect(b.page.getByText('Disconnected. Reconnecting...')).toBeHidden();
  // Caught up: exactly what was missed, in order, no duplicates; then the waiting message went out, stored once.
  await expect(messageWithText(b.page, 'missed one')).toHaveCount(1);
  await expect(messageWithText(b.page, 'missed two')).toHaveCount(1);
  await expect(messageWithText(a.page, 'typed in the tunnel')).toHaveCount(1);
  await expect(messageWithText(b.page, 'typed in the tunnel')).toHaveCount(1);
  await expect(waiting).toHaveCount(0);
  const shown = messages(b.page).locator('li[data-message-id]');
  await expect(shown).toHaveCount(4);
  await expect(shown.nth(1)).toContainText('missed one');
  await expect(shown.nth(2)).toContainText('missed two');
  await snap(b.page, testInfo, '02-b-caught-up');
});

test('a paste longer than a message can be says what it left out, and what fits is sent whole', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const a = await newPhone(browser, 'Paige', 'Long');
  await a.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pactId = await createPact(a.page, `Paste Pact ${Date.now().toString(36)}`);
  await openChat(a.page, pactId);

  const input = chatInput(a.page);
  const long = `${'a'.repeat(1999)}Z${'b'.repeat(500)}`;
  await a.page.evaluate((text) => navigator.clipboard.writeText(text), long);
  await input.focus();
  await a.page.keyboard.press('ControlOrMeta+V');
  await expect(input).toHaveValue(long.slice(0, 2000));
  await expect(a.page.getByText('500 pasted characters were left out: 2,000 at most.')).toBeVisible();
  await snap(a.page, testInfo, 'chat-paste-too-long');

  // Making room turns the warning back into a count.
  await input.press('Backspace');
  await expect(a.page.getByText('1,999 / 2,000')).toBeVisible();
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(a.page.getByText('1,999 / 2,000')).toBeHidden();
  await expect(messageWithText(a.page, long.slice(0, 1999))).toHaveCount(1);
});

test('the longest names fit a phone: profile, their page and the chat never scroll sideways', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const LONG = 'Maximiliananderson'.repeat(3).slice(0, 50);
  const a = await newPhone(browser, LONG, LONG);
  // One long compound word, as German titles have.
  const pactId = await createPact(a.page, `Oberschenkeltrainingsherausforderung${Date.now().toString(36)}`);
  const b = await newPhone(browser, 'Bea', 'Short');
  await joinPact(b.page, pactId);
  await openChat(a.page, pactId);
  await sendMessage(a.page, 'a long name says hi');
  const width = (page: import('@playwright/test').Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth);
  for (const [page, path, text] of [
    [a.page, '/profile', /Maximilian/],
    [b.page, `/user/${a.userId}`, /Maximilian/],
    [b.page, `/chat/${pactId}`, /Maximilian/],
    [a.page, '/', /Oberschenkel/],
    [b.page, '/challenges', /Oberschenkel/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    expect(await width(page), path).toBe(0);
  }
});
