import { type Browser, expect, type Page } from '@playwright/test';
import { fakeWebm } from '../server/modules/media/testing';

/**
 * Seeding for the progress journeys, through the app's own endpoints from page context (the requests carry the
 * page's session cookie and same Origin): Pacts, joins, friendships, and proofs uploaded through the real tus
 * endpoint with a small structurally valid webm.
 */

export async function newPhone(browser: Browser, colorScheme: 'dark' | 'light' = 'dark'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme,
  });
  return context.newPage();
}

async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        credentials: 'include',
        headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, text: await res.text() };
    },
    [method, url, body] as const,
  );
  expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300);
  return (answer.text ? JSON.parse(answer.text) : null) as T;
}

export interface PactInput {
  title: string;
  visibility?: 'public' | 'friends' | 'private';
  workoutTime?: string;
  exerciseType?: string;
  targetValue?: number;
}

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export async function createPact(page: Page, input: PactInput): Promise<number> {
  const pact = await call<{ id: number }>(page, 'POST', '/api/challenges', {
    exerciseType: input.exerciseType ?? 'squats',
    targetValue: input.targetValue ?? 30,
    title: input.title,
    description: 'Thirty deep squats a day, filmed from the side.',
    visibility: input.visibility ?? 'public',
    totalDays: 21,
    scheduleDays: EVERY_DAY,
    ...(input.workoutTime ? { workoutTime: input.workoutTime } : {}),
    isCustom: false,
  });
  return pact.id;
}

export const joinPact = (page: Page, pactId: number) => call(page, 'POST', `/api/challenges/${pactId}/join`);
/** Sends a friend request from the page's user to `userId`. */
export const askFriend = (page: Page, userId: string) =>
  call(page, 'POST', `/api/users/${encodeURIComponent(userId)}/friend`);

/** `from` asks `to` to be friends and `to` accepts: friendship takes both people's consent. */
export async function befriend(from: Page, to: Page) {
  const [fromId, toId] = [await myId(from), await myId(to)];
  await askFriend(from, toId);
  await call(to, 'POST', `/api/friend-requests/${encodeURIComponent(fromId)}/accept`);
}

/** Uploads a small webm through tus (POST then one PATCH) and answers its media id. */
async function uploadProofVideo(page: Page, size: number): Promise<string> {
  // The last bytes random: the same bytes are never a proof twice (docs/RULES.md), whichever journey ran before.
  const bytes = [...fakeWebm(size)];
  for (let i = bytes.length - 16; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return page.evaluate(async (data) => {
    const b64 = (s: string) => btoa(s);
    const created = await fetch('/api/uploads', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(data.length),
        'Upload-Metadata': `kind ${b64('proof')},filetype ${b64('video/webm')}`,
      },
    });
    if (created.status !== 201) throw new Error(`create upload: ${created.status} ${await created.text()}`);
    const location = created.headers.get('Location') ?? '';
    const patched = await fetch(location, {
      method: 'PATCH',
      credentials: 'include',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data),
    });
    if (patched.status !== 204) throw new Error(`upload: ${patched.status} ${await patched.text()}`);
    return location.split('/').pop() ?? '';
  }, bytes);
}

/** Posts a proof of `value` reps to the Pact (its code word asked for first, as the camera does); answers its id. */
export async function postProof(page: Page, pactId: number, value: number, size = 3000): Promise<number> {
  const codeWord = await call<{ id: number }>(page, 'POST', `/api/challenges/${pactId}/proof-challenge`);
  const videoMediaId = await uploadProofVideo(page, size);
  const message = await call<{ proof: { id: number } }>(page, 'POST', `/api/challenges/${pactId}/proofs`, {
    codeWordId: codeWord.id,
    videoMediaId,
    value,
  });
  return message.proof.id;
}

export const decideProof = (page: Page, pactId: number, proofId: number, approval: 'approved' | 'rejected') =>
  call(page, 'POST', `/api/challenges/${pactId}/approve`, { proofId, approval });

export async function myId(page: Page): Promise<string> {
  const me = await call<{ user: { id: string } }>(page, 'GET', '/api/auth/user');
  return me.user.id;
}
