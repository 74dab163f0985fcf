import { expect, type Page, test } from '@playwright/test';
import {
  chatInput,
  createPact,
  joinPact,
  messages,
  messageWithText,
  newPhone,
  openChat,
  sendMessage,
} from './support/chat';

/**
 * Chat messages typed offline (issue 12 item 2): they wait in the chat as "Sends when you're back online", survive
 * a reload, go out once the network is back, and the other participant sees each exactly once.
 */

const QUEUED = "Sends when you're back online";
const queued = (page: Page) => messages(page).locator('[data-pending="queued"]');

test('messages typed offline wait, then reach the other participant once each when back online', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const a = await newPhone(browser, 'Olive', 'Offline');
  const b = await newPhone(browser, 'Bea', 'Online');
  const pactId = await createPact(a.page, `Offline Squats ${Date.now().toString(36)}`);
  await joinPact(b.page, pactId);
  await openChat(a.page, pactId);
  await openChat(b.page, pactId);

  await a.context.setOffline(true);
  const banner = a.page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  // The banner pushes the chat's header down instead of covering it.
  const [bar, back] = [await banner.boundingBox(), await a.page.locator('[aria-label="Back"]').boundingBox()];
  expect(back!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
  await sendMessage(a.page, 'First one from the tunnel');
  await sendMessage(a.page, 'Second one from the tunnel');
  // Both wait in the chat, in order, marked as such; the input is free again.
  await expect(queued(a.page)).toHaveCount(2);
  await expect(queued(a.page).first()).toContainText('First one from the tunnel');
  await expect(queued(a.page).last()).toContainText('Second one from the tunnel');
  await expect(queued(a.page).first()).toContainText(QUEUED);
  await expect(chatInput(a.page)).toHaveValue('');
  await a.page.screenshot({ path: testInfo.outputPath('offline-queued.png') });
  await b.page.waitForTimeout(1_000);
  await expect(messageWithText(b.page, 'tunnel')).toHaveCount(0);

  await a.context.setOffline(false);
  for (const page of [b.page, a.page]) {
    await expect(messageWithText(page, 'First one from the tunnel')).toHaveCount(1, { timeout: 20_000 });
    await expect(messageWithText(page, 'Second one from the tunnel')).toHaveCount(1);
  }
  await expect(messages(a.page).locator('[data-pending]')).toHaveCount(0);
  await expect(a.page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);

  // Stored once, in the order typed: a fresh load of B's chat shows each once, first before second.
  await b.page.reload();
  await expect(b.page.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });
  await expect(messageWithText(b.page, 'Second one from the tunnel')).toHaveCount(1);
  const texts = await messages(b.page).locator('li[data-message-id]').allTextContents();
  const tunnel = texts.filter((t) => t.includes('tunnel'));
  expect(tunnel).toHaveLength(2);
  expect(tunnel[0]).toContain('First one');
  expect(tunnel[1]).toContain('Second one');
});

test('a waiting message survives a reload, and one whose answer was lost is not stored twice', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await newPhone(browser, 'Rae', 'Reload');
  const b = await newPhone(browser, 'Ben', 'Reader');
  const pactId = await createPact(a.page, `Reload Lunges ${Date.now().toString(36)}`);
  await joinPact(b.page, pactId);
  await openChat(a.page, pactId);
  await openChat(b.page, pactId);

  // The server stores the first message but its answer never arrives; the second never reaches the server.
  let sends = 0;
  await a.page.route('**/api/challenges/*/chat', async (route) => {
    sends += 1;
    if (sends === 1) await route.fetch();
    await route.abort('internetdisconnected');
  });
  await sendMessage(a.page, 'Answer lost on the way');
  await expect(queued(a.page)).toHaveCount(1);
  await sendMessage(a.page, 'Never left the phone');
  await expect(queued(a.page)).toHaveCount(2);

  // A reload keeps both waiting (still no way through).
  await a.page.reload();
  await expect(a.page.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });
  await expect(queued(a.page)).toHaveCount(2);
  await expect(queued(a.page).last()).toContainText('Never left the phone');

  // The way is open again: the next retry (every few seconds) sends both; the first under its old key.
  await a.page.unroute('**/api/challenges/*/chat');
  for (const page of [b.page, a.page]) {
    await expect(messageWithText(page, 'Answer lost on the way')).toHaveCount(1, { timeout: 20_000 });
    await expect(messageWithText(page, 'Never left the phone')).toHaveCount(1);
  }
  await expect(messages(a.page).locator('[data-pending]')).toHaveCount(0);
  await b.page.reload();
  await expect(b.page.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });
  await expect(messageWithText(b.page, 'Answer lost on the way')).toHaveCount(1);
  await expect(messageWithText(b.page, 'Never left the phone')).toHaveCount(1);
});
