import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp, testDbKind } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { describeNeeds } from '../../test/services';
import { DELETION_GRACE_MS } from '../privacy/service';
import type { SessionUser } from './guard';
import { SessionCache, sessionCacheFor } from './session-cache';

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
  it('keys on the exact session cookie, so another cookie never finds an entry', () => {
    const a = SessionCache.keyOf('x=1; sweatpact.session_token=abc.sig; y=2');
    expect(a).toBe(SessionCache.keyOf('sweatpact.session_token=abc.sig'));
    expect(a).not.toBe(SessionCache.keyOf('sweatpact.session_token=abc.other'));
    expect(SessionCache.keyOf('__Secure-sweatpact.session_token=abc.sig')).toBe(a);
    expect(SessionCache.keyOf('other=1')).toBeNull();
    expect(SessionCache.keyOf(undefined)).toBeNull();
  });

  it('keeps an entry for the TTL or until the session expires, and drops a session or all of a user', () => {
    let now = 1_000_000;
    const cache = new SessionCache(15_000, () => now);
    cache.set('k1', user('u1', 's1'), new Date(now + 60_000));
    cache.set('k2', user('u1', 's2'), new Date(now + 5_000));
    cache.set('k3', user('u2', 's3'), new Date(now + 60_000));
    expect(cache.get('k1')?.sessionId).toBe('s1');
    now += 6_000;
    expect(cache.get('k2')).toBeNull(); // its session expired first
    expect(cache.get('k1')).not.toBeNull();
    cache.drop('u1', 's1');
    expect(cache.get('k1')).toBeNull();
    expect(cache.get('k3')).not.toBeNull();
    cache.set('k1', user('u1', 's1'), new Date(now + 60_000));
    cache.drop('u2');
    expect(cache.get('k3')).toBeNull();
    expect(cache.get('k1')).not.toBeNull();
    now += 15_000;
    expect(cache.get('k1')).toBeNull(); // TTL
  });
});

describe('the session cache in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers a known cookie without asking better-auth again, and never for another cookie', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const spy = vi.spyOn(t.app.auth.api, 'getSession');
    const me = (who: SignedIn) => t.app.inject({ url: '/api/auth/user', headers: who.headers });
    expect((await me(a)).json().user.id).toBe(a.user.id);
    expect((await me(a)).json().user.id).toBe(a.user.id);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await me(b)).json().user.id).toBe(b.user.id);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  it("drops the user's cached sessions when their profile changes, so their new name is used at once", async () => {
    const a = await signUp(t.app);
    const key = SessionCache.keyOf(a.cookie)!;
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
    expect(await meOn(b, who)).toBe(200);
    const key = SessionCache.keyOf(who.cookie)!;
    expect(sessionCacheFor(b.app.ctx).get(key)).not.toBeNull();
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
