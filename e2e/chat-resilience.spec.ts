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
  test.setTimeout(120_000);
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

test('a dropped connection shows Disconnected, keeps an unsent message, then catches up', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
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
  // A send while offline fails visibly and keeps the text.
  await chatInput(b.page).fill('typed in the tunnel');
  await chatInput(b.page).press('Enter');
  await expect(b.page.getByText('Failed to send message', { exact: true })).toBeVisible();
  await expect(chatInput(b.page)).toHaveValue('typed in the tunnel');
  await expect(messages(b.page).locator('[data-pending]')).toHaveCount(0);

  // Meanwhile A keeps talking.
  await sendMessage(a.page, 'missed one');
  await sendMessage(a.page, 'missed two');
  await snap(b.page, testInfo, '01-b-offline');

  await b.context.setOffline(false);
  await expectLink(b.page, 'connected', 30_000);
  // Caught up: exactly what was missed, in order, no duplicates.
  await expect(messageWithText(b.page, 'missed one')).toHaveCount(1);
  await expect(messageWithText(b.page, 'missed two')).toHaveCount(1);
  const shown = messages(b.page).locator('li[data-message-id]');
  await expect(shown).toHaveCount(3);
  await expect(shown.nth(1)).toContainText('missed one');
  await expect(shown.nth(2)).toContainText('missed two');

  // The kept text goes out on retry, stored once.
  await b.page.getByRole('button', { name: 'Send message' }).click();
  await expect(chatInput(b.page)).toHaveValue('');
  await expect(messageWithText(a.page, 'typed in the tunnel')).toHaveCount(1);
  await expect(messageWithText(b.page, 'typed in the tunnel')).toHaveCount(1);
  await snap(b.page, testInfo, '02-b-caught-up');
});
