import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSignups, sessions } from '../../db/schema';
import { ORIGIN, signUp } from '../../test/factories';
import {
  Browser,
  callback,
  completeSignup,
  GOOGLE_CALLBACK,
  identity,
  type ProviderWorld,
  providerWorld,
  sessionCookieOf,
  signInWithProvider,
  startSignIn,
  worldReads,
} from './provider-test-kit';
import { authorizeWithoutBrowser } from './test-oidc-provider';

const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
};

describe('provider sign-in against a real OpenID Connect provider', () => {
  let w: ProviderWorld;
  beforeAll(async () => {
    w = await providerWorld();
  });
  afterAll(() => w.close());

  const { db, usersWithEmail, googleLinks, pendingRows, me } = worldReads(() => w);

  it('asks the provider for a code with PKCE (S256), a state and a nonce', async () => {
    const url = new URL(await startSignIn(w, new Browser()));
    expect(url.origin).toBe(w.oidc.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
  });

  it('parks a new identity until its date of birth, then creates the account with the names it carried', async () => {
    const who = identity({ givenName: 'Grace', familyName: 'Hopper' });
    const { browser, location } = await signInWithProvider(w, who);
    expect(location).toBe('/register?step=birthdate');
    // No account yet: only the parked identity, and no session.
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(1);
    expect(browser.has('sweatpact.session_token')).toBe(false);

    const step = await w.t.app.inject({
      url: '/api/auth/provider-signup',
      headers: { cookie: browser.cookie },
    });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({
      provider: 'google',
      email: who.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      minAge: 13,
    });

    const done = await completeSignup(w, browser, { dateOfBirth: '1990-03-04', timeZone: 'Europe/Paris' });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: who.email, firstName: 'Grace', lastName: 'Hopper' });
    // The same session cookie as an email sign-in.
    const set = String(done.headers['set-cookie']);
    expect(set).toMatch(/sweatpact\.session_token=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    expect((await me(browser.cookie)).json().user.email).toBe(who.email);

    const [row] = await usersWithEmail(who.email);
    expect(row).toMatchObject({ emailVerified: true, dateOfBirth: '1990-03-04', timeZone: 'Europe/Paris' });
    const links = await googleLinks(who.sub);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      providerId: 'google',
      userId: row!.id,
      accessToken: null,
      password: null,
    });
    expect(await pendingRows(who.sub)).toHaveLength(0);
  });

  it('signs a returning identity straight in, with a new session each time', async () => {
    const who = identity();
    const first = await signInWithProvider(w, who);
    await completeSignup(w, first.browser, { dateOfBirth: '1985-01-01' });
    const again = await signInWithProvider(w, who);
    expect(again.location).toBe('/');
    const cookie = again.browser.cookie;
    expect(sessionCookieOf(cookie.split('; '))).toBeDefined();
    expect(cookie).not.toBe(first.browser.cookie);
    const user = (await me(cookie)).json().user;
    expect(user.email).toBe(who.email);
    const [row] = await usersWithEmail(who.email);
    expect(await db().select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(2);
    expect(await pendingRows(who.sub)).toHaveLength(0);
  });

  it('gives a new account without names no names, so Complete Your Profile opens', async () => {
    const who = identity({ givenName: undefined, familyName: undefined });
    const { browser } = await signInWithProvider(w, who);
    const done = await completeSignup(w, browser, { dateOfBirth: '1990-01-01' });
    expect(done.json().user).toMatchObject({ firstName: null, lastName: null });
  });

  it('refuses an under-age date of birth: no account, the parked identity deleted', async () => {
    const who = identity();
    const { browser } = await signInWithProvider(w, who);
    const parkedCookie = browser.cookie;
    const young = await completeSignup(w, browser, { dateOfBirth: yearsAgo(13, 1) });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ error: 'too_young' });
    expect(young.json().message).toBe(
      'You must be at least 13 years old to use SweatPact. No account was created.',
    );
    expect(String(young.headers['set-cookie'])).toMatch(/sweatpact\.provider_signup=; Max-Age=0/);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await googleLinks(who.sub)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(0);
    // A second try with another date finds nothing to complete.
    const retry = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/provider-signup',
      headers: { cookie: parkedCookie, origin: ORIGIN },
      payload: { dateOfBirth: '1990-01-01' },
    });
    expect(retry.statusCode).toBe(410);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
  });

  it('keeps the step open for an implausible date (a typo) and refuses bad bodies', async () => {
    const who = identity();
    const { browser } = await signInWithProvider(w, who);
    const future = await completeSignup(w, browser, { dateOfBirth: yearsAgo(-1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/^dateOfBirth/);
    const notADate = await completeSignup(w, browser, { dateOfBirth: '31/12/1990' });
    expect(notADate.statusCode).toBe(400);
    const extra = await completeSignup(w, browser, { dateOfBirth: '1990-01-01', email: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(1);
    expect((await completeSignup(w, browser, { dateOfBirth: '1990-01-01' })).statusCode).toBe(200);
  });

  it('forgets a parked identity once it expired', async () => {
    const who = identity();
    const { browser } = await signInWithProvider(w, who);
    await db()
      .update(providerSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(providerSignups.accountId, who.sub));
    const step = await w.t.app.inject({
      url: '/api/auth/provider-signup',
      headers: { cookie: browser.cookie },
    });
    expect(step.statusCode).toBe(410);
    expect(step.json()).toMatchObject({ error: 'signup_expired' });
    const late = await completeSignup(w, browser, { dateOfBirth: '1990-01-01' });
    expect(late.statusCode).toBe(410);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(0);
  });

  it("never lets another browser complete or read someone's parked identity", async () => {
    const who = identity();
    await signInWithProvider(w, who);
    const other = await signUp(w.t.app);
    const read = await w.t.app.inject({ url: '/api/auth/provider-signup', headers: other.headers });
    expect(read.statusCode).toBe(410);
    const complete = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/provider-signup',
      headers: { ...other.headers, cookie: `${other.cookie}; sweatpact.provider_signup=forged-token` },
      payload: { dateOfBirth: '1990-01-01' },
    });
    expect(complete.statusCode).toBe(410);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(1);
  });

  it('cancels the date-of-birth step: the parked identity is deleted', async () => {
    const who = identity();
    const { browser } = await signInWithProvider(w, who);
    const foreign = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/auth/provider-signup',
      headers: { cookie: browser.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await pendingRows(who.sub)).toHaveLength(1);
    const cancel = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/auth/provider-signup',
      headers: { cookie: browser.cookie, origin: ORIGIN },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await pendingRows(who.sub)).toHaveLength(0);
  });

  it('sends a denied consent back to the sign-in screen with nothing stored', async () => {
    const who = identity();
    const { location, browser } = await signInWithProvider(w, who, { consent: 'deny' });
    expect(location).toBe('/register?auth_error=access_denied&provider=google');
    expect(browser.has('sweatpact.session_token')).toBe(false);
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(0);
  });

  it('refuses a wrong state, a state from another browser, and a reused state', async () => {
    const who = identity();
    w.oidc.nextLogin(who);
    const browser = new Browser();
    const authUrl = await startSignIn(w, browser);
    const back = await authorizeWithoutBrowser(authUrl, { consent: 'allow', returnTo: GOOGLE_CALLBACK });

    const tampered = new URL(back);
    tampered.searchParams.set('state', 'not-the-state');
    expect(await callback(w, browser, tampered)).toBe('/register?auth_error=invalid_state&provider=google');
    // The right state from a browser that did not start the sign-in (no state cookie).
    expect(await callback(w, new Browser(), back)).toBe('/register?auth_error=invalid_state&provider=google');
    expect(await usersWithEmail(who.email)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(0);

    // The browser that started it still completes, once: the same answer a second time is refused.
    expect(await callback(w, browser, back)).toBe('/register?step=birthdate');
    expect(await callback(w, browser, back)).toBe('/register?auth_error=invalid_state&provider=google');
    expect(await pendingRows(who.sub)).toHaveLength(1);
  });

  it('refuses a replayed answer after a successful sign-in, creating no second session', async () => {
    const who = identity();
    const first = await signInWithProvider(w, who);
    await completeSignup(w, first.browser, { dateOfBirth: '1990-01-01' });
    const again = await signInWithProvider(w, who);
    expect(again.location).toBe('/');
    const [row] = await usersWithEmail(who.email);
    const before = await db().select().from(sessions).where(eq(sessions.userId, row!.id));
    const replay = new Browser();
    replay.keep(again.browser.cookie.split('; ').map((c) => `${c}; Path=/`));
    expect(await callback(w, replay, again.callbackUrl)).toBe(
      '/register?auth_error=invalid_state&provider=google',
    );
    expect(await db().select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(
      before.length,
    );
  });

  it('turns a provider error or a bad code into a failed sign-in', async () => {
    const browser = new Browser();
    const authUrl = new URL(await startSignIn(w, browser));
    const state = authUrl.searchParams.get('state')!;
    const errored = `/api/auth/callback/google?error=server_error&state=${state}`;
    expect(await callback(w, browser, `http://localhost:3000${errored}`)).toBe(
      '/register?auth_error=provider_error&provider=google',
    );

    const second = new URL(await startSignIn(w, browser));
    const badCode = `/api/auth/callback/google?code=forged&state=${second.searchParams.get('state')}`;
    expect(await callback(w, browser, `http://localhost:3000${badCode}`)).toBe(
      '/register?auth_error=provider_error&provider=google',
    );
    const oversized = `/api/auth/callback/google?code=${'x'.repeat(5000)}`;
    expect(await callback(w, browser, `http://localhost:3000${oversized}`)).toBe(
      '/register?auth_error=provider_error&provider=google',
    );
    // A state spent on an error cannot be used again with a code.
    const retried = `/api/auth/callback/google?code=forged&state=${state}`;
    expect(await callback(w, browser, `http://localhost:3000${retried}`)).toBe(
      '/register?auth_error=invalid_state&provider=google',
    );
    expect(browser.has('sweatpact.session_token')).toBe(false);
    const parked = await db().select({ n: sql<number>`count(*)::int` }).from(providerSignups);
    const before = parked[0]!.n;
    expect(await callback(w, browser, `http://localhost:3000${badCode}`)).toBe(
      '/register?auth_error=invalid_state&provider=google',
    );
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(providerSignups);
    expect(after[0]!.n).toBe(before);
  });
});
