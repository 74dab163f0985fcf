import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp, testDbKind } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { describeNeeds } from '../../test/services';
import { wsUrl } from '../chat/testing';
import { DELETION_GRACE_MS } from '../privacy/service';
import type { SessionUser } from './guard';
import { requestSessionToken, SessionCache, sessionCacheFor, sessionTokenOf } from './session-cache';

const user = (id: string, sessionId: string): SessionUser => ({
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  username: id,
  firstName: null,
  lastName: null,
  role: 'user',
  isProUser: false,
  isDemo: false,
  timeZone: 'UTC',
  sessionId,
});

describe('SessionCache', () => {
  it("reads only better-auth's own cookie, first of its name, and only with a valid signature", () => {
    const secret = 'x'.repeat(32);
    const signed = (token: string) =>
      `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
    const cookie = { name: '__Secure-sweatpact.session_token', secret };
    expect(sessionTokenOf(`x=1; __Secure-sweatpact.session_token=${signed('abc')}; y=2`, cookie)).toBe('abc');
    // %-encoded, as better-auth sets it, and quoted.
    expect(
      sessionTokenOf(`__Secure-sweatpact.session_token=${encodeURIComponent(signed('abc'))}`, cookie),
    ).toBe('abc');
    expect(sessionTokenOf(`__Secure-sweatpact.session_token="${signed('abc')}"`, cookie)).toBe('abc');
    // Another name (the plain one beside the secure one), a bad signature, none at all: nothing.
    expect(sessionTokenOf(`sweatpact.session_token=${signed('abc')}`, cookie)).toBeNull();
    expect(sessionTokenOf('__Secure-sweatpact.session_token=abc.c2lnbmF0dXJl', cookie)).toBeNull();
    expect(
      sessionTokenOf(`__Secure-sweatpact.session_token=abc.${signed('abd').split('.')[1]}`, cookie),
    ).toBeNull();
    expect(sessionTokenOf('other=1', cookie)).toBeNull();
    expect(sessionTokenOf(undefined, cookie)).toBeNull();
    // The first of two wins, as in better-call's parser.
    expect(
      sessionTokenOf(
        `__Secure-sweatpact.session_token=${signed('one')}; __Secure-sweatpact.session_token=${signed('two')}`,
        cookie,
      ),
    ).toBe('one');
  });

  it('keeps an entry for the TTL or until the session expires, and drops a session or all of a user', () => {
    let now = 1_000_000;
    const cache = new SessionCache(15_000, () => now);
    const wall = Date.now();
    cache.set('k1', user('u1', 's1'), new Date(wall + 60_000));
    cache.set('k2', user('u1', 's2'), new Date(wall + 5_000));
    cache.set('k3', user('u2', 's3'), new Date(wall + 60_000));
    expect(cache.get('k1')?.sessionId).toBe('s1');
    now += 6_000;
    expect(cache.get('k2')).toBeNull(); // its session expired first
    expect(cache.get('k1')).not.toBeNull();
    cache.drop('u1', 's1');
    expect(cache.get('k1')).toBeNull();
    expect(cache.get('k3')).not.toBeNull();
    cache.set('k1', user('u1', 's1'), new Date(wall + 60_000));
    cache.drop('u2');
    expect(cache.get('k3')).toBeNull();
    expect(cache.get('k1')).not.toBeNull();
    now += 15_000;
    expect(cache.get('k1')).toBeNull(); // TTL
  });
});

describe('the session cache clock', () => {
  it('expires on the monotonic clock: a step of the wall clock back does not extend an entry', async () => {
    const cache = new SessionCache(40);
    cache.set('k', user('u1', 's1'), new Date(Date.now() + 60_000));
    expect(cache.get('k')).not.toBeNull();
    const wallBack = Date.now() - 3_600_000;
    const spy = vi.spyOn(Date, 'now').mockReturnValue(wallBack);
    try {
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(cache.get('k')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});

/** Status of a WebSocket upgrade to /ws with this cookie (101 when it opens). */
function upgradeStatus(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin: ORIGIN, cookie } });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', reject);
  });
}

describe('a session cookie planted beside the real one (https, __Secure- cookies)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sweatpact.test' });
  });
  afterAll(() => t?.close());

  it('never makes the planted value anyone: K alone is anonymous over HTTP and on the socket', async () => {
    const victim = await signUp(t.app);
    expect(victim.cookie).toMatch(/^__Secure-sweatpact\.session_token=/);
    // better-auth's own cookie name is the one the cache reads.
    expect((await t.app.auth.$context).authCookies.sessionToken.name).toBe(
      '__Secure-sweatpact.session_token',
    );
    // A sibling subdomain or a plain-http answer planted K in the victim's browser, sent before the real cookie.
    const planted = `sweatpact.session_token=K${randomBytes(8).toString('hex')}`;
    const both = { cookie: `${planted}; ${victim.cookie}`, origin: ORIGIN };
    for (let i = 0; i < 3; i += 1) {
      const me = await t.app.inject({ url: '/api/auth/user', headers: both });
      expect(me.json().user.id).toBe(victim.user.id);
    }
    const alone = { cookie: planted, origin: ORIGIN };
    expect((await t.app.inject({ url: '/api/auth/user', headers: alone })).statusCode).toBe(401);
    const url = await wsUrl(t.app);
    expect(await upgradeStatus(url, `${planted}; ${victim.cookie}`)).toBe(101);
    expect(await upgradeStatus(url, planted)).toBe(401);
    // The victim's real cookie alone still works, from the cache.
    expect((await t.app.inject({ url: '/api/auth/user', headers: victim.headers })).statusCode).toBe(200);
  });
});

describe('the session cache in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('resolves a cold session in one read without better-auth, then from the cache, never for another cookie', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const spy = vi.spyOn(t.app.auth.api, 'getSession');
    const cache = sessionCacheFor(t.app.ctx);
    const tokenOf = (who: SignedIn) => requestSessionToken(t.app.ctx, who.headers.cookie)!;
    const me = (who: SignedIn) => t.app.inject({ url: '/api/auth/user', headers: who.headers });
    cache.drop(a.user.id);
    expect((await me(a)).json().user.id).toBe(a.user.id);
    expect(cache.get(tokenOf(a))?.id).toBe(a.user.id);
    expect((await me(a)).json().user.id).toBe(a.user.id);
    expect((await me(b)).json().user.id).toBe(b.user.id);
    expect(cache.get(tokenOf(b))?.id).toBe(b.user.id);
    expect(spy).toHaveBeenCalledTimes(0);
    spy.mockRestore();
  });

  it('lets better-auth slide a session that is due for refresh, and refuses an expired one', async () => {
    const a = await signUp(t.app);
    const cache = sessionCacheFor(t.app.ctx);
    const spy = vi.spyOn(t.app.auth.api, 'getSession');
    const me = () => t.app.inject({ url: '/api/auth/user', headers: a.headers });
    const day = 24 * 60 * 60 * 1000;
    const due = new Date(Date.now() + 28 * day);
    await t.app.ctx.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.userId, a.user.id));
    cache.drop(a.user.id);
    expect((await me()).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, a.user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.user.id));
    cache.drop(a.user.id);
    expect((await me()).statusCode).toBe(401);
    spy.mockRestore();
  });

  it("drops the user's cached sessions when their profile changes, so their new name is used at once", async () => {
    const a = await signUp(t.app);
    const key = requestSessionToken(t.app.ctx, a.cookie)!;
    await t.app.inject({ url: '/api/auth/user', headers: a.headers });
    expect(sessionCacheFor(t.app.ctx).get(key)?.firstName).toBe(a.user.firstName);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: a.headers,
      payload: { firstName: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCacheFor(t.app.ctx).get(key)).toBeNull();
    await t.app.inject({ url: '/api/auth/user', headers: a.headers });
    expect(sessionCacheFor(t.app.ctx).get(key)?.firstName).toBe('Renamed');
  });

  it('drops the session at sign-out, and the whole account when it is erased', async () => {
    const a = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.headers });
    expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(401);

    const b = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/auth/user', headers: b.headers })).statusCode).toBe(200);
    expect(sessionCacheFor(t.app.ctx).size).toBeGreaterThan(0);
    await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { ...b.headers, origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: b.user.email, fullAccountDeletion: true },
    });
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + DELETION_GRACE_MS + 60_000) });
    expect((await t.app.inject({ url: '/api/auth/user', headers: b.headers })).statusCode).toBe(401);
  });
});

describeNeeds('TEST_REDIS_URL', `the session cache across two instances (${testDbKind}, Redis)`, () => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-cache-'));
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DISABLE_RATE_LIMIT: true,
    };
    const realtimePrefix = `sweatpact:test:${randomBytes(6).toString('hex')}:`;
    a = await createTestApp(env, { realtimePrefix });
    b = await createTestApp(env, { realtimePrefix, shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const meOn = (app: TestApp, who: SignedIn) =>
    app.app.inject({ url: '/api/auth/user', headers: who.headers }).then((r) => r.statusCode);

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const who = await signUp(a.app);
    expect(await meOn(b, who)).toBe(200); // now cached on B
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: who.headers });
    await expect.poll(() => meOn(b, who), { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('a profile change on one instance drops the cached session on the other at once', async () => {
    const who = await signUp(a.app);
    const key = requestSessionToken(b.app.ctx, who.cookie)!;
    // Cached on B, and still there a moment later: the sign-up's own notices to the other instance (it publishes
    // them over Redis too) may reach B after its first answer and drop that entry, which is not what this tests.
    await expect
      .poll(
        async () => {
          expect(await meOn(b, who)).toBe(200);
          await new Promise((r) => setTimeout(r, 100));
          return sessionCacheFor(b.app.ctx).get(key) !== null;
        },
        { timeout: 5000, interval: 0 },
      )
      .toBe(true);
    await a.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: who.headers,
      payload: { bio: 'hi' },
    });
    await expect.poll(() => sessionCacheFor(b.app.ctx).get(key), { timeout: 2000, interval: 20 }).toBeNull();
  });

  it('an erasure on one instance ends the account on the other at once', async () => {
    const who = await signUp(a.app);
    expect(await meOn(b, who)).toBe(200);
    await a.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { ...who.headers, origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: who.user.email, fullAccountDeletion: true },
    });
    await runDueJobs(a.app.ctx, { now: new Date(Date.now() + DELETION_GRACE_MS + 60_000) });
    await expect.poll(() => meOn(b, who), { timeout: 2000, interval: 20 }).toBe(401);
  });
});
