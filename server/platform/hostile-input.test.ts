import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Challenge } from '../../shared/api/pacts';
import { methodsOf } from '../../shared/api/route';
import { allRoutes } from '../../shared/api/routes';
import { chatMessages, notifications, pacts, proofs, reports } from '../db/schema';
import { sendOk } from '../modules/chat/testing';
import { call, createPactVia } from '../modules/pacts/testing';
import { createTestApp, type TestApp } from '../test/app';
import { type SignedIn, signUp } from '../test/factories';

/**
 * Out-of-range numbers and hostile texts are a clear 400 naming the field, on every route, and change nothing:
 * ids beyond their column, negative ids, NUL and other control characters, texts of invisible characters only.
 */

let t: TestApp;
let alice: SignedIn;
let pact: Challenge;

const ZERO_WIDTH = '\u200b\u200d\ufeff\u2060\u00ad\ufe0f';
const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** Row counts of the tables a write could touch, and the Pact as stored. */
async function snapshot() {
  const db = t.database.db;
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  const [stored] = await db.select().from(pacts).where(eq(pacts.id, pact.id));
  return {
    pacts: await rows(pacts),
    messages: await rows(chatMessages),
    proofs: await rows(proofs),
    reports: await rows(reports),
    notifications: await rows(notifications),
    stored,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { firstName: 'Alice' });
  pact = await createPactVia(t.app, alice, { title: 'Push-ups daily' });
  await sendOk(t.app, alice, pact.id, 'first message');
});
afterAll(() => t.close());

async function expectRefused(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  field: RegExp,
) {
  const before = await snapshot();
  const res = await call(t.app, alice, method, url, body);
  expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.message, `${method} ${url}`).toMatch(field);
  expect(await snapshot()).toEqual(before);
}

describe('numbers beyond what their column holds', () => {
  const BAD_IDS = ['2147483648', '9007199254740992', '-1', '0', '1.5', '1e400', 'abc'];
  /** Routes whose `:id` is a number (Pacts, reports); users and media have string ids. */
  const intIdRoutes = allRoutes().filter((def) => {
    if (def.kind !== 'json' || !def.params) return false;
    const schema = z.toJSONSchema(def.params, { io: 'input' }) as { properties?: { id?: { type?: string } } };
    return schema.properties?.id?.type === 'integer';
  });

  it('answers 400 naming the id on every route with a numeric id in its path', async () => {
    expect(intIdRoutes.length).toBeGreaterThanOrEqual(14);
    for (const def of intIdRoutes) {
      for (const method of methodsOf(def)) {
        for (const id of BAD_IDS) {
          const url = def.path.replace(':id', id);
          await expectRefused(
            method as 'GET',
            url,
            def.body ? {} : undefined,
            /^id: must be a whole number from 1 to 2147483647/,
          );
        }
      }
    }
  });

  it('bounds bigint ids (messages, notifications) to safe integers, and counts and cursors too', async () => {
    const messages = `/api/challenges/${pact.id}/messages`;
    await expectRefused('GET', `${messages}?before=9007199254740992`, undefined, /^before: /);
    await expectRefused('GET', `${messages}?after=-5`, undefined, /^after: /);
    await expectRefused('GET', `${messages}?limit=101`, undefined, /^limit: /);
    await expectRefused('GET', `${messages}?before=1&after=2`, undefined, /before or after, not both/);
    await expectRefused('POST', '/api/notifications/read', { ids: [2 ** 53] }, /^ids\.0: /);
    await expectRefused(
      'POST',
      `/api/challenges/${pact.id}/approve`,
      { proofId: 2 ** 31, approval: 'approved' },
      /^proofId: /,
    );
    await expectRefused(
      'GET',
      `/api/challenges?cursor=${base64url('id:99999999999')}`,
      undefined,
      /^cursor: is invalid/,
    );
    await expectRefused('GET', '/api/notifications?cursor=%00', undefined, /^cursor: is invalid/);
    await expectRefused('GET', '/api/user/calendar?month=0000-01', undefined, /^month: /);
    await expectRefused(
      'POST',
      '/api/challenges',
      { ...validPact(), targetValue: 2 ** 31 },
      /^targetValue: /,
    );
  });
});

const validPact = () => ({
  exerciseType: 'push-ups',
  targetValue: 20,
  title: 'Fine title',
  visibility: 'public',
  totalDays: 30,
  scheduleDays: ['monday'],
});

describe('texts', () => {
  it('refuse NUL and other control characters (a line break only where text is multi-line)', async () => {
    await expectRefused(
      'POST',
      '/api/challenges',
      { ...validPact(), title: 'Bad\u0000title' },
      /^title: must not contain control characters/,
    );
    await expectRefused(
      'PATCH',
      `/api/challenges/${pact.id}`,
      { title: 'Bad\u0000title' },
      /^title: must not contain control/,
    );
    await expectRefused(
      'PATCH',
      `/api/challenges/${pact.id}`,
      { title: 'Two\nlines' },
      /^title: must not contain control/,
    );
    await expectRefused(
      'POST',
      `/api/challenges/${pact.id}/chat`,
      { message: 'nul\u0000' },
      /^message: must not contain control/,
    );
    await expectRefused(
      'PATCH',
      '/api/user/profile',
      { firstName: 'A\u0007' },
      /^firstName: must not contain control/,
    );
    await expectRefused('POST', `/api/users/${alice.user.id}%00/block`, undefined, /^id: /);
  });

  it('count as blank when nothing in them is visible', async () => {
    await expectRefused(
      'POST',
      '/api/challenges',
      { ...validPact(), title: ZERO_WIDTH },
      /^title: must not be blank/,
    );
    await expectRefused(
      'PATCH',
      `/api/challenges/${pact.id}`,
      { title: ` ${ZERO_WIDTH}\u3164 ` },
      /^title: must not be blank/,
    );
    await expectRefused(
      'POST',
      `/api/challenges/${pact.id}/chat`,
      { message: ZERO_WIDTH },
      /^message: must not be blank/,
    );
    await expectRefused(
      'POST',
      `/api/challenges/${pact.id}/report`,
      { reason: `${ZERO_WIDTH}${ZERO_WIDTH}` },
      /^reason: /,
    );
  });

  it('are normalised to NFC and trimmed; line breaks stay in messages', async () => {
    const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, {
      title: '  Cafe\u0301 push-ups ',
      description: ZERO_WIDTH,
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Caf\u00e9 push-ups');
    expect(res.body.description).toBe('');
    const sent = await call(t.app, alice, 'POST', `/api/challenges/${pact.id}/chat`, {
      message: ' line one\r\nline two\n',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('line one\nline two');
  });
});
