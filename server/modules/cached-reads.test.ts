import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { answerCacheFor } from '../platform/answer-cache';
import { createTestApp, type TestApp } from '../test/app';
import { type SignedIn, signUp } from '../test/factories';
import { sendOk } from './chat/testing';
import { befriend, call, createPactVia, createProPactVia } from './pacts/testing';
import { postProof } from './proofs/testing';

/**
 * A cached route's kept answers stand until one of the tables it declares (`cachePerPerson.reads`) is written, so
 * the list must hold every table its handler reads. Each route is asked here in the states that take its other
 * paths (a member and a stranger, a team Pact with and without a subscription, a block, a proof, a second page),
 * and every table named in the statements it sent must be on its list.
 */

const TABLES = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);
const NAMED = /\b(?:from|join|into|update)\s+(?:"?\w+"?\.)?"?(\w+)"?/gi;

/** The schema's tables a statement names. */
function tablesIn(text: string): string[] {
  return [...text.matchAll(NAMED)].map((m) => m[1] as string).filter((name) => TABLES.has(name));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
});
afterAll(() => t?.close());

/** The tables the route sent statements about while computing `who`'s answer to `url` (not kept, so computed). */
async function readsOf(who: SignedIn, url: string): Promise<{ status: number; tables: Set<string> }> {
  // The session is known first (the owner's check reads the auth tables, outside the route's list).
  await call(t.app, who, 'GET', '/api/notifications');
  t.database.changes.changedElsewhere(null);
  const tables = new Set<string>();
  t.database.changes.observe((text) => {
    for (const table of tablesIn(text ?? '')) tables.add(table);
  });
  try {
    const res = await t.app.inject({ url, headers: who.headers });
    return { status: res.statusCode, tables };
  } finally {
    t.database.changes.observe(null);
  }
}

describe('what each cached route reads is on its list', () => {
  const seen = new Map<string, Set<string>>();
  const routePath = (url: string) => {
    const path = url.split('?')[0] as string;
    for (const declared of answerCacheFor(t.app.ctx).routes.keys()) {
      const pattern = new RegExp(`^${declared.replace(/:\w+/g, '[^/]+')}$`);
      if (pattern.test(path)) return declared;
    }
    throw new Error(`${url} is not a cached route`);
  };
  const ask = async (who: SignedIn, url: string, status: number) => {
    const { status: got, tables } = await readsOf(who, url);
    expect(got, url).toBe(status);
    const path = routePath(url);
    const all = seen.get(path) ?? new Set<string>();
    for (const table of tables) all.add(table);
    seen.set(path, all);
    const declared = answerCacheFor(t.app.ctx).routes.get(path) ?? [];
    expect(
      [...tables].filter((table) => !declared.includes(table)),
      `${url} reads off its list`,
    ).toEqual([]);
  };

  it('Discover, a Pact, a chat page and the signed-in user, in each state', async () => {
    const [host, member, stranger, blocker, coach, subscriber, friend] = await Promise.all([
      signUp(t.app),
      signUp(t.app),
      signUp(t.app),
      signUp(t.app),
      signUp(t.app),
      signUp(t.app),
      signUp(t.app),
    ]);
    await befriend(t.app, member, friend);
    const pact = await createPactVia(t.app, host, { title: 'Read lists' });
    const friendsPact = await createPactVia(t.app, friend, { title: 'A friend’s' });
    const blockers = await createPactVia(t.app, blocker, { title: 'Blocker’s' });
    for (const who of [member, blocker])
      expect((await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`)).status).toBe(200);
    await call(t.app, member, 'POST', `/api/challenges/${pact.id}/like`);
    for (let i = 0; i < 3; i += 1) await sendOk(t.app, member, pact.id, `message ${i}`);
    await sendOk(t.app, blocker, pact.id, 'from the blocker');
    await postProof(t.app, member, pact.id);
    const team = await createProPactVia(t.app, coach, 'Read lists team');
    await sendOk(t.app, coach, team.id, 'team only');
    expect((await call(t.app, subscriber, 'POST', `/api/teams/${team.teamId}/subscribe`)).status).toBe(200);
    expect((await call(t.app, blocker, 'POST', `/api/users/${stranger.user.id}/block`)).status).toBe(200);

    for (const who of [host, member, stranger, coach, subscriber, friend]) {
      for (const filter of ['all', 'friends', 'popular', 'mine', 'teams'])
        await ask(who, `/api/challenges?filter=${filter}&limit=2`, 200);
      const first = await call(t.app, who, 'GET', '/api/challenges?filter=all&limit=1');
      if (first.body.nextCursor)
        await ask(who, `/api/challenges?filter=all&limit=1&cursor=${first.body.nextCursor}`, 200);
      await ask(who, '/api/auth/user', 200);
    }
    for (const [who, id, status] of [
      [member, pact.id, 200],
      [stranger, pact.id, 200],
      [stranger, blockers.id, 404],
      [member, friendsPact.id, 200],
      [subscriber, team.id, 200],
      [stranger, team.id, 200],
      [coach, team.id, 200],
      [member, 999_999, 404],
    ] as const) {
      await ask(who, `/api/challenges/${id}`, status);
    }
    const last = await call(t.app, member, 'GET', `/api/challenges/${pact.id}/messages?limit=2`);
    const oldest = (last.body.items as { id: number }[])[0]?.id;
    for (const [who, url, status] of [
      [member, `/api/challenges/${pact.id}/messages`, 200],
      [member, `/api/challenges/${pact.id}/messages?before=${oldest}&limit=2`, 200],
      [member, `/api/challenges/${pact.id}/messages?after=${oldest}`, 200],
      [host, `/api/challenges/${pact.id}/messages`, 200],
      [stranger, `/api/challenges/${pact.id}/messages`, 200],
      [subscriber, `/api/challenges/${team.id}/messages`, 200],
      [coach, `/api/challenges/${team.id}/messages`, 200],
      [stranger, `/api/challenges/${team.id}/messages`, 403],
      [member, '/api/challenges/999999/messages', 404],
    ] as const) {
      await ask(who, url, status);
    }
    // Every cached route was asked, and read something.
    expect([...seen.keys()].sort()).toEqual([...answerCacheFor(t.app.ctx).routes.keys()].sort());
  });
});
