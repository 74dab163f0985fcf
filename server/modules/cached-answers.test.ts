import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/domain/limits';
import { AnswerCache, answerCacheFor } from '../platform/answer-cache';
import { runDueJobs } from '../platform/jobs';
import { DATA_CHANNEL } from '../platform/realtime/events';
import { createTestApp, type TestApp, testDbKind } from '../test/app';
import { ORIGIN, type SignedIn, signUp } from '../test/factories';
import { describeNeeds } from '../test/services';
import { sendOk } from './chat/testing';
import { call, createPactVia, createProPactVia } from './pacts/testing';
import { DELETION_GRACE_MS } from './privacy/service';
import { advanceBillingClock } from './teams/subscriptions';

/**
 * Discover, a Pact, a chat page and the signed-in user are answered again from the answer cache while no data
 * changed (platform/answer-cache.ts). What the cache must never do: serve one person's answer to another, or
 * outlive a revoked session, a block, a lost subscription, a deletion or any other write.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
});
afterAll(() => t?.close());

const DISCOVER = '/api/challenges?filter=all&limit=50';
const get = (who: SignedIn, url: string) => call(t.app, who, 'GET', url);
const ids = async (who: SignedIn) =>
  ((await get(who, DISCOVER)).body.items as { id: number }[]).map((p) => p.id);
const kept = (who: SignedIn, url: string) =>
  answerCacheFor(t.app.ctx).get(AnswerCache.keyOf(who.user.id, url)) !== null;
const messages = async (who: SignedIn, pactId: number) => {
  const res = await get(who, `/api/challenges/${pactId}/messages`);
  return res.status === 200 ? (res.body.items as { message: string }[]).map((m) => m.message) : res.status;
};

describe('answers served again from the cache', () => {
  it('are served again, byte for byte, and only to the person they were computed for', async () => {
    const [creator, liker, other] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const pact = await createPactVia(t.app, creator, { title: 'Cached' });
    expect((await call(t.app, liker, 'POST', `/api/challenges/${pact.id}/like`)).status).toBe(200);
    const url = `/api/challenges/${pact.id}`;

    const first = await t.app.inject({ url, headers: liker.headers });
    expect(kept(liker, url)).toBe(true);
    const again = await t.app.inject({ url, headers: liker.headers });
    expect(again.body).toBe(first.body);
    // The headers of any JSON answer Fastify sends (the security set, type, length), the date aside.
    const plain = await t.app.inject('/api/health');
    const headersOf = (res: typeof plain) => {
      const { date: _date, 'content-length': length, ...rest } = res.headers;
      return { rest, length: Number(length) };
    };
    expect(headersOf(again).rest).toEqual(headersOf(first).rest);
    expect(headersOf(again).rest).toEqual(headersOf(plain).rest);
    expect(headersOf(again).length).toBe(again.rawPayload.length);
    expect(first.json().likedByMe).toBe(true);

    // The same URL for someone else: their own answer, never the liker's.
    expect(kept(other, url)).toBe(false);
    const theirs = await get(other, url);
    expect(theirs.body.likedByMe).toBe(false);
    expect((await get(liker, url)).body.likedByMe).toBe(true);
    expect((await get(other, url)).body.likedByMe).toBe(false);
  });

  it('are compressed once per encoding, as the client accepts, and decode to the very same answer', async () => {
    const who = await signUp(t.app);
    for (let i = 0; i < 4; i += 1) await createPactVia(t.app, who, { title: `Compressed ${i}` });
    const plain = await t.app.inject({ url: DISCOVER, headers: who.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const headers = { ...who.headers, 'accept-encoding': accept };
      const first = await t.app.inject({ url: DISCOVER, headers });
      const again = await t.app.inject({ url: DISCOVER, headers });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toBe('accept-encoding');
      expect(decode(first.rawPayload).toString()).toBe(plain.body);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const refused = await t.app.inject({
      url: DISCOVER,
      headers: { ...who.headers, 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    // A small answer goes as it is, as @fastify/compress sends it.
    const small = await t.app.inject({
      url: '/api/auth/user',
      headers: { ...who.headers, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('show any write at once: a new Pact, a like, a message', async () => {
    const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const pact = await createPactVia(t.app, a, { title: 'First' });
    await ids(b);
    expect(kept(b, DISCOVER)).toBe(true);
    const second = await createPactVia(t.app, a, { title: 'Second' });
    expect(await ids(b)).toContain(second.id);

    const url = `/api/challenges/${pact.id}`;
    expect((await get(b, url)).body.likeCount).toBe(0);
    await call(t.app, b, 'POST', `/api/challenges/${pact.id}/like`);
    expect((await get(b, url)).body.likeCount).toBe(1);

    expect(await messages(a, pact.id)).toEqual([]);
    await sendOk(t.app, a, pact.id, 'hello');
    expect(await messages(a, pact.id)).toEqual(['hello']);
  });

  it('outlive writes to tables they do not read: a message keeps Discover and the Pact, not the chat page', async () => {
    const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const pact = await createPactVia(t.app, a, { title: 'Chatty' });
    expect((await call(t.app, b, 'POST', `/api/challenges/${pact.id}/join`)).status).toBe(200);
    const pactUrl = `/api/challenges/${pact.id}`;
    const chatUrl = `/api/challenges/${pact.id}/messages`;
    await ids(b);
    await get(b, pactUrl);
    expect(await messages(b, pact.id)).toEqual([]);
    for (const url of [DISCOVER, pactUrl, chatUrl]) expect(kept(b, url)).toBe(true);

    await sendOk(t.app, a, pact.id, 'kept apart');
    expect(kept(b, DISCOVER)).toBe(true);
    expect(kept(b, pactUrl)).toBe(true);
    expect(kept(b, chatUrl)).toBe(false);
    expect(await messages(b, pact.id)).toEqual(['kept apart']);
    // A like is read by Discover and the Pact: both are computed again.
    await call(t.app, a, 'POST', `/api/challenges/${pact.id}/like`);
    expect(kept(b, DISCOVER)).toBe(false);
    expect((await get(b, pactUrl)).body.likeCount).toBe(1);
  });

  it('end with the session: a signed-out cookie gets 401, not the kept answer', async () => {
    const who = await signUp(t.app);
    expect((await get(who, DISCOVER)).status).toBe(200);
    expect((await get(who, '/api/auth/user')).status).toBe(200);
    expect(kept(who, '/api/auth/user')).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: who.headers });
    expect((await get(who, DISCOVER)).status).toBe(401);
    expect((await get(who, '/api/auth/user')).status).toBe(401);
  });

  it('end with a block: the blocker and their messages leave the other person’s answers at once', async () => {
    const [host, blocker, blocked] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const shared = await createPactVia(t.app, host, { title: 'Shared' });
    const own = await createPactVia(t.app, blocker, { title: 'Blocker’s own' });
    for (const who of [blocker, blocked])
      expect((await call(t.app, who, 'POST', `/api/challenges/${shared.id}/join`)).status).toBe(200);
    await sendOk(t.app, blocker, shared.id, 'from the blocker');
    expect(await ids(blocked)).toContain(own.id);
    expect(await messages(blocked, shared.id)).toContain('from the blocker');
    expect((await get(blocked, `/api/challenges/${own.id}`)).status).toBe(200);

    expect((await call(t.app, blocker, 'POST', `/api/users/${blocked.user.id}/block`)).status).toBe(200);
    expect(await ids(blocked)).not.toContain(own.id);
    expect(await messages(blocked, shared.id)).not.toContain('from the blocker');
    expect((await get(blocked, `/api/challenges/${own.id}`)).status).toBe(404);
  });

  it('end with a subscription: a lapsed member is refused the team chat they read a moment ago', async () => {
    const [coach, member] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const pact = await createProPactVia(t.app, coach, 'Cached team');
    await sendOk(t.app, coach, pact.id, 'team only');
    expect((await call(t.app, member, 'POST', `/api/teams/${pact.teamId}/subscribe`)).status).toBe(200);
    expect(await messages(member, pact.id)).toEqual(['team only']);
    expect(kept(member, `/api/challenges/${pact.id}/messages`)).toBe(true);
    expect((await call(t.app, member, 'POST', `/api/teams/${pact.teamId}/subscription/cancel`)).status).toBe(
      200,
    );
    // The trial's end passes on the billing clock (a write, as the provider's notice would be).
    await advanceBillingClock(t.app.ctx, 8 * DAY_MS);
    expect(await messages(member, pact.id)).toBe(403);
  });

  it('end with an erasure: the erased person’s Pact leaves others’ Discover, and their cookie gets 401', async () => {
    const [leaving, viewer] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const pact = await createPactVia(t.app, leaving, { title: 'Soon gone' });
    expect(await ids(viewer)).toContain(pact.id);
    expect((await get(leaving, '/api/auth/user')).status).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { ...leaving.headers, origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: leaving.user.email, fullAccountDeletion: true },
    });
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + DELETION_GRACE_MS + 60_000) });
    expect(await ids(viewer)).not.toContain(pact.id);
    expect((await get(leaving, '/api/auth/user')).status).toBe(401);
  });
});

describeNeeds(
  'TEST_REDIS_URL',
  `answers kept on one instance, written on another (${testDbKind}, Redis)`,
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DISABLE_RATE_LIMIT: true,
      };
      const realtimePrefix = `sweatpact:test:${randomBytes(6).toString('hex')}:`;
      a = await createTestApp(env, { realtimePrefix });
      // On PostgreSQL B has connections of its own, so it learns of A's writes only through Redis.
      b = await createTestApp(env, { realtimePrefix, shareDatabaseWith: a, ownConnections: true });
      await Promise.all([a.app.ctx.realtime.ready(), b.app.ctx.realtime.ready()]);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const idsOn = async (app: TestApp, who: SignedIn) =>
      ((await call(app.app, who, 'GET', DISCOVER)).body.items as { id: number }[]).map((p) => p.id);

    it('a write on one instance ends the answers the other kept, well within their TTL', async () => {
      const [creator, viewer] = await Promise.all([signUp(a.app), signUp(a.app)]);
      const first = await createPactVia(a.app, creator, { title: 'Seen on B' });
      expect(await idsOn(b, viewer)).toContain(first.id);
      // Kept on B, once the notices of A's writes so far have arrived (each one makes B's answers stale).
      const keptOnB = () =>
        answerCacheFor(b.app.ctx).get(AnswerCache.keyOf(viewer.user.id, DISCOVER)) !== null;
      await expect
        .poll(async () => (await idsOn(b, viewer)).includes(first.id) && keptOnB(), {
          timeout: 3000,
          interval: 50,
        })
        .toBe(true);
      const second = await createPactVia(a.app, creator, { title: 'Written on A' });
      // Kept answers live ANSWER_CACHE_TTL_MS (2 s): only the instances' bus can end B's in under a second.
      await expect.poll(() => idsOn(b, viewer), { timeout: 900, interval: 20 }).toContain(second.id);
    });

    it('a write of tables they do not read leaves the other instance’s answers kept', async () => {
      const [creator, viewer] = await Promise.all([signUp(a.app), signUp(a.app)]);
      const pact = await createPactVia(a.app, creator, { title: 'Kept on B' });
      const keptOnB = () =>
        answerCacheFor(b.app.ctx).get(AnswerCache.keyOf(viewer.user.id, DISCOVER)) !== null;
      /** Until B has heard every notice A sent so far (one connection's messages arrive in order). */
      const heardOnB = async () => {
        const marker = `test-${Math.random()}`;
        let heard = false;
        const off = b.app.ctx.realtime.subscribe(DATA_CHANNEL, (event) => {
          if ((event as { from: string }).from === marker) heard = true;
        });
        await a.app.ctx.realtime.publish(DATA_CHANNEL, { from: marker, tables: ['test_marker'] });
        await expect.poll(() => heard, { timeout: 900, interval: 10 }).toBe(true);
        off();
      };
      await heardOnB();
      expect(await idsOn(b, viewer)).toContain(pact.id);
      expect(keptOnB()).toBe(true);

      await sendOk(a.app, creator, pact.id, 'a message on A');
      await heardOnB();
      expect(keptOnB()).toBe(true);
      await call(a.app, viewer, 'POST', `/api/challenges/${pact.id}/like`);
      await heardOnB();
      expect(keptOnB()).toBe(false);
    });

    it('a block on one instance hides the blocker on the other', async () => {
      const [blocker, blocked] = await Promise.all([signUp(a.app), signUp(a.app)]);
      const own = await createPactVia(a.app, blocker, { title: 'Blocker on A' });
      expect(await idsOn(b, blocked)).toContain(own.id);
      expect((await call(a.app, blocker, 'POST', `/api/users/${blocked.user.id}/block`)).status).toBe(200);
      await expect.poll(() => idsOn(b, blocked), { timeout: 900, interval: 20 }).not.toContain(own.id);
    });
  },
);
