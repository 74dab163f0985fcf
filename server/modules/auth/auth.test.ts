import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { users } from '../../db/schema';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { cookieFrom, ORIGIN, signUp } from '../../test/factories';
import { signInThrottle } from './sign-in-limits';

const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...headers } });

const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
};

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up, then signs in with the same email and password', async () => {
    const a = await signUp(t.app, { email: 'Ana@Example.com', password: 'squat-rack-2024' });
    expect(a.user.email).toBe('ana@example.com');
    const res = await post(t, '/api/auth/email', { email: 'ana@example.com', password: 'squat-rack-2024' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
    // Signing in starts a new session (rotated), distinct from the sign-up one.
    expect(cookieFrom(res.headers['set-cookie'])).not.toBe(a.cookie);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await signUp(t.app, { email: 'ben@example.com', password: 'bench-press-99' });
    const wrong = await post(t, '/api/auth/email', {
      email: 'ben@example.com',
      password: 'not-the-password',
    });
    const unknown = await post(t, '/api/auth/email', {
      email: 'nobody@example.com',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses users under 13 and creates no account', async () => {
    const res = await post(t, '/api/auth/signup', {
      email: 'kid@example.com',
      password: 'long-enough-pass',
      dateOfBirth: yearsAgo(13, 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least 13/);
    const rows = await t.database.db.select().from(users).where(sql`${users.email} = 'kid@example.com'`);
    expect(rows).toHaveLength(0);
    // Exactly 13 today is allowed.
    const ok = await post(t, '/api/auth/signup', {
      email: 'teen@example.com',
      password: 'long-enough-pass',
      dateOfBirth: yearsAgo(13),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses common and short passwords, bad emails and extra fields, naming the field', async () => {
    const base = { email: 'c@example.com', password: 'long-enough-pass', dateOfBirth: '1990-01-01' };
    const common = await post(t, '/api/auth/signup', { ...base, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^password/);
    const short = await post(t, '/api/auth/signup', { ...base, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password/);
    const email = await post(t, '/api/auth/signup', { ...base, email: 'not-an-email' });
    expect(email.json().message).toMatch(/email/);
    const extra = await post(t, '/api/auth/signup', { ...base, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/isAdmin/);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    const rows = await t.database.db.select().from(users).where(sql`${users.email} = 'c@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a second account with the same email', async () => {
    await signUp(t.app, { email: 'dup@example.com' });
    const res = await post(t, '/api/auth/signup', {
      email: 'DUP@example.com',
      password: 'another-good-one',
      dateOfBirth: '1990-01-01',
    });
    expect(res.statusCode).toBe(409);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie with a 30-day life', async () => {
    const res = await post(t, '/api/auth/signup', {
      email: 'e@example.com',
      password: 'long-enough-pass',
      dateOfBirth: '1990-01-01',
    });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=2592000/);
  });

  it('answers 401 signed out, and 401 for the old cookie after logout', async () => {
    expect((await t.app.inject('/api/auth/user')).statusCode).toBe(401);
    const a = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(200);
    const out = await post(t, '/api/auth/logout', {}, { cookie: a.cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(401);
  });

  it('GET /api/auth/session answers 200 either way: the user signed in, null signed out and after logout', async () => {
    const session = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/auth/session', headers });
    const anonymous = await session();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const a = await signUp(t.app);
    const signedIn = await session(a.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: a.user.id, email: a.user.email });
    expect(signedIn.json()).toEqual(
      (await t.app.inject({ url: '/api/auth/user', headers: a.headers })).json(),
    );
    await post(t, '/api/auth/logout', {}, { cookie: a.cookie });
    expect((await session(a.headers)).json()).toEqual({ user: null });
  });

  it('refuses state-changing requests from a foreign Origin', async () => {
    const a = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: a.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    // The session survived.
    expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(200);
    const viaReferer = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      headers: { cookie: a.cookie, referer: 'https://evil.example/page' },
      payload: { marketing: true },
    });
    expect(viaReferer.statusCode).toBe(403);
  });

  it('gives two Try Demo logins two different users whose data never mix', async () => {
    const one = await post(t, '/api/auth/email', DEMO_CREDENTIALS);
    const two = await post(t, '/api/auth/email', DEMO_CREDENTIALS);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    const u1 = one.json().user;
    const u2 = two.json().user;
    expect(u1.id).not.toBe(u2.id);
    expect(u1.isDemo).toBe(true);
    const h1 = { cookie: cookieFrom(one.headers['set-cookie']) };
    const me1 = await t.app.inject({ url: '/api/auth/user', headers: h1 });
    expect(me1.json().user.id).toBe(u1.id);
    // Each sandbox has its own friends; nobody is shared.
    const friendsOf = async (id: string) =>
      (
        await queryRows<{ friend_id: string }>(
          t.database.db,
          sql`select friend_id from friendships where user_id = ${id}`,
        )
      ).map((r) => r.friend_id);
    const f1 = await friendsOf(u1.id);
    const f2 = await friendsOf(u2.id);
    expect(f1).toHaveLength(3);
    expect(f2).toHaveLength(3);
    expect(f1.filter((id) => f2.includes(id))).toEqual([]);
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reaches 429 after repeated failed logins for one account', async () => {
    // The growing wait for a much-failed email is tested in sign-in-limits.test.ts; here it need not pass.
    vi.spyOn(signInThrottle, 'wait').mockResolvedValue(undefined);
    await signUp(t.app, { email: 'target@example.com' });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await post(t, '/api/auth/email', { email: 'target@example.com', password: `guess-${i}` }))
          .statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('ADMIN_EMAILS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
  });
  afterAll(() => t.close());

  it('makes the named accounts admins at sign-up and sign-in, and nobody else', async () => {
    const boss = await signUp(t.app, { email: 'boss@example.com', password: 'moderate-all-day' });
    const someone = await signUp(t.app);
    expect(boss.user.role).toBe('admin');
    expect(someone.user.role).toBe('user');
    expect((await t.app.inject({ url: '/api/admin/reports', headers: boss.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/reports', headers: someone.headers })).statusCode).toBe(
      404,
    );
    const again = await post(t, '/api/auth/email', {
      email: 'boss@example.com',
      password: 'moderate-all-day',
    });
    expect(again.json().user.role).toBe('admin');
  });
});
