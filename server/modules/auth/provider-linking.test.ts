import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ORIGIN, signUp } from '../../test/factories';
import {
  completeSignup,
  identity,
  type ProviderWorld,
  providerWorld,
  signInWithProvider,
  worldReads,
} from './provider-test-kit';

describe('provider sign-in meeting an existing account (linking, replacing an unproven one)', () => {
  let w: ProviderWorld;
  beforeAll(async () => {
    w = await providerWorld();
  });
  afterAll(() => w.close());

  const { db, usersWithEmail, googleLinks, pendingRows, me } = worldReads(() => w);

  it('refuses to link an email the provider did not verify to an existing password account', async () => {
    const owner = await signUp(w.t.app, { email: 'taken@example.com', password: 'owner-password-1' });
    const who = identity({ email: 'taken@example.com', emailVerified: false });
    const { location, browser } = await signInWithProvider(w, who);
    expect(location).toBe('/register?auth_error=email_not_verified&provider=google');
    expect(browser.has('sweatpact.session_token')).toBe(false);
    expect(await googleLinks(who.sub)).toHaveLength(0);
    expect(await pendingRows(who.sub)).toHaveLength(0);
    // The owner's account is untouched: password and session still work.
    expect((await me(owner.cookie)).statusCode).toBe(200);
    const signIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: { email: 'taken@example.com', password: 'owner-password-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('links a verified email to an existing account whose email is verified too, ending nothing', async () => {
    const owner = await signUp(w.t.app, { email: 'linked@example.com', password: 'owner-pass-123' });
    const who = identity({ email: 'linked@example.com', emailVerified: true });
    const { location, browser } = await signInWithProvider(w, who);
    expect(location).toBe('/');
    expect((await me(browser.cookie)).json().user.id).toBe(owner.user.id);
    expect(await googleLinks(who.sub)).toHaveLength(1);
    // The owner proved the address before: their password and session stay.
    expect((await me(owner.cookie)).statusCode).toBe(200);
    const signIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: { email: 'linked@example.com', password: 'owner-pass-123' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  // Issue 26, hole 3 (docs/SECURITY.md): pre-hijacking an account through provider sign-in.
  it("replaces an unproven account instead of joining it: nothing of the squatter's passes to the mailbox's owner", async () => {
    const email = 'prehijack@example.com';
    const squatter = await signUp(w.t.app, { email, password: 'squatter-pass-1', verified: false });
    const accomplice = await signUp(w.t.app);
    const post = (who: { headers: Record<string, string> }, url: string, payload?: object) =>
      w.t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
    expect((await post(squatter, `/api/users/${accomplice.user.id}/friend`)).statusCode).toBe(200);
    expect((await post(accomplice, `/api/friend-requests/${squatter.user.id}/accept`)).statusCode).toBe(200);
    const push = await post(squatter, '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/squatter-device',
      keys: { p256dh: `B${'q'.repeat(86)}`, auth: `${'x'.repeat(21)}A` },
    });
    expect(push.statusCode).toBe(200);

    const victim = identity({ email, emailVerified: true });
    const { location, browser } = await signInWithProvider(w, victim);
    // Not joined: the verified identity starts a new account at the date-of-birth step.
    expect(location).toBe('/register?step=birthdate');
    expect(browser.has('sweatpact.session_token')).toBe(false);
    expect((await me(squatter.cookie)).statusCode).toBe(200);
    const done = await completeSignup(w, browser, { dateOfBirth: '1991-02-03' });
    expect(done.statusCode).toBe(200);
    const victimId = done.json().user.id as string;
    expect(victimId).not.toBe(squatter.user.id);

    // The unproven account is gone with everything of it: its session, push device, friendship.
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, squatter.user.id))).toHaveLength(0);
    const [row] = await usersWithEmail(email);
    expect(row).toMatchObject({ id: victimId, emailVerified: true });
    const count = async (table: string, column: string, id: string) =>
      (
        (await db().execute(
          sql.raw(`select count(*)::int as n from ${table} where ${column} = '${id}'`),
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    for (const id of [victimId, squatter.user.id]) {
      expect(await count('push_subscriptions', 'user_id', id)).toBe(0);
      expect(await count('friendships', 'user_id', id)).toBe(0);
      expect(await count('friendships', 'friend_id', id)).toBe(0);
      expect(await count('sessions', 'user_id', id)).toBe(id === victimId ? 1 : 0);
    }
    const friends = await w.t.app.inject({ url: '/api/user/friends', headers: { cookie: browser.cookie } });
    expect(friends.json()).toEqual([]);
    // The old password opens nothing.
    const signIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: { email, password: 'squatter-pass-1' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('keeps an unproven account when the date-of-birth step is cancelled', async () => {
    const email = 'keeps@example.com';
    const holder = await signUp(w.t.app, { email, password: 'holder-pass-12', verified: false });
    const { location, browser } = await signInWithProvider(w, identity({ email, emailVerified: true }));
    expect(location).toBe('/register?step=birthdate');
    const cancel = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/auth/provider-signup',
      headers: { cookie: browser.cookie, origin: ORIGIN },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await me(holder.cookie)).statusCode).toBe(200);
  });

  it('lets an unverified provider email start a new account, marked unverified', async () => {
    const who = identity({ emailVerified: false });
    const { location, browser } = await signInWithProvider(w, who);
    expect(location).toBe('/register?step=birthdate');
    expect((await completeSignup(w, browser, { dateOfBirth: '1990-01-01' })).statusCode).toBe(200);
    const [row] = await usersWithEmail(who.email);
    expect(row!.emailVerified).toBe(false);
  });

  it('turns a form-posted answer into the same callback', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=xyz&user=%7B%7D',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/api/auth/callback/google?code=abc&state=xyz&user=%7B%7D');
  });
});
