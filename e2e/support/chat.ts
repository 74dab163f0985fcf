import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { currentUser, signUpViaUi } from './app';

/** Helpers of the chat journeys (issue 4): two phones, a public Pact, and the chat screen's parts. */

export interface Phone {
  context: BrowserContext;
  page: Page;
  userId: string;
}

const octet = () => 1 + Math.floor(Math.random() * 254);

/**
 * A fresh 390x844 touch phone with camera and microphone allowed (Chromium's fake devices), signed up. Each phone
 * comes from its own address (the server trusts X-Forwarded-For, as behind its proxy), like real phones on their
 * own networks: the per-address sign-up limit (20 an hour) then applies per phone, and these journeys' sign-ups do
 * not use up the allowance of the other journeys, which all come from localhost.
 */
export async function newPhone(browser: Browser, firstName: string, lastName: string): Promise<Phone> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: ['camera', 'microphone'],
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  });
  const page = await context.newPage();
  await signUpViaUi(page, { firstName, lastName });
  const user = await currentUser(page);
  return { context, page, userId: user!.id };
}

/**
 * POST /api/challenges from the page (its cookie and Origin). By default public with no workout time, so the chat
 * says 'Start All Day'; `extra` overrides fields (a workout time, private visibility).
 */
export async function createPact(
  page: Page,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const answer = await page.evaluate(
    async ({ pactTitle, more }) => {
      const res = await fetch('/api/challenges', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          exerciseType: 'squats',
          targetValue: 30,
          title: pactTitle,
          description: 'Thirty deep squats a day, on camera.',
          visibility: 'public',
          totalDays: 21,
          scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          isCustom: false,
          ...more,
        }),
      });
      return { status: res.status, body: await res.json() };
    },
    { pactTitle: title, more: extra },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

export async function joinPact(page: Page, pactId: number): Promise<void> {
  const status = await page.evaluate(
    async (id) =>
      (await fetch(`/api/challenges/${id}/join`, { method: 'POST', credentials: 'include' })).status,
    pactId,
  );
  expect(status).toBe(200);
}

/** Opens the chat and waits until it is loaded and the real-time link is up. */
export async function openChat(page: Page, pactId: number): Promise<void> {
  await page.goto(`/chat/${pactId}`);
  await expect(page.getByText('Loading chat...')).toBeHidden({ timeout: 20_000 });
  await expectLink(page, 'connected');
}

export async function expectLink(page: Page, state: 'connected' | 'disconnected', timeout = 20_000) {
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-state', state, { timeout });
}

export function chatInput(page: Page) {
  return page.getByPlaceholder('Type your message...');
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await expect(chatInput(page)).toHaveValue('');
}

/** The chat's messages list. */
export function messages(page: Page) {
  return page.getByTestId('chat-messages');
}

/** A message bubble by its exact text (stored messages only, not pending ones). */
export function messageWithText(page: Page, text: string) {
  return messages(page).locator('li[data-message-id]').filter({ hasText: text });
}
