import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { pushSubscriptions, verifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFrom, type SignedIn, signUp } from '../../test/factories';
import { openSocket, wsUrl } from '../chat/testing';
import { friendCalls } from '../friends/testing';
import { createPactVia } from '../pacts/testing';
import { accountCalls } from './account-test-kit';

/** Issue 26: accounts people can recover and control (docs/AUTH.md "Recovery and control"). */
describe('recovery and control of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { call, mailsTo, tokenIn, signIn, me, withCookie } = accountCalls(() => t);

  describe('email verification', () => {
    it('mails a link at sign-up; the app works before; following it once verifies the address', async () => {
      const a = await signUp(t.app, { verified: false });
      expect(a.user.emailVerified).toBe(false);
      expect((await call('GET', '/api/challenges', a)).statusCode).toBe(200);
      const [mail] = await mailsTo(a.user.email);
      expect(mail?.subject).toBe('Verify your SweatPact email address');
      const token = tokenIn(mail, 'verify-email');
      expect(mail?.text).toContain(`${t.config.publicUrl}/verify-email?token=`);

      // Signed out (another browser) works as well.
      const res = await call('POST', '/api/auth/verify-email', null, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: a.user.email, changed: false });
      expect((await me(a)).json().user.emailVerified).toBe(true);
      // Once.
      const again = await call('POST', '/api/auth/verify-email', null, { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This link is not valid or has expired. Ask for a new one.');
    });

    it('refuses forged, altered and malformed links with the same 400, changing nothing', async () => {
      const a = await signUp(t.app, { verified: false });
      const [mail] = await mailsTo(a.user.email);
      const token = tokenIn(mail, 'verify-email')!;
      const [h, p, s] = token.split('.');
      const forgedClaims = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(p!, 'base64url').toString()),
          email: 'other@example.com',
        }),
      ).toString('base64url');
      for (const bad of [
        `${h}.${forgedClaims}.${s}`,
        `${token.slice(0, -2)}xx`,
        'abcdefghijklmnopqrstuvwxyz',
      ]) {
        const res = await call('POST', '/api/auth/verify-email', null, { token: bad });
        expect(res.statusCode, bad).toBe(400);
      }
      expect((await call('POST', '/api/auth/verify-email', null, { token: 'a b' })).statusCode).toBe(400);
      expect((await me(a)).json().user.emailVerified).toBe(false);
    });

    it("resends to the account's own address, at most 3 mails an hour; 409 once verified; 401 signed out", async () => {
      const a = await signUp(t.app, { verified: false });
      expect((await call('POST', '/api/auth/verify-email/send', null)).statusCode).toBe(401);
      // The sign-up's mail counts: two more, then 429.
      expect((await call('POST', '/api/auth/verify-email/send', a)).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/verify-email/send', a)).statusCode).toBe(200);
      const over = await call('POST', '/api/auth/verify-email/send', a);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^We already sent 3 verification emails in the last hour/);
      const mails = await mailsTo(a.user.email);
      expect(mails).toHaveLength(3);
      // The newest link works; a second user cannot verify someone else by resending.
      await call('POST', '/api/auth/verify-email', null, { token: tokenIn(mails.at(-1), 'verify-email') });
      const res = await call('POST', '/api/auth/verify-email/send', a);
      expect(res.statusCode).toBe(409);
      const demo = await call('POST', '/api/auth/email', null, DEMO_CREDENTIALS);
      const demoWho = withCookie(cookieFrom(demo.headers['set-cookie']));
      expect((await call('POST', '/api/auth/verify-email/send', demoWho)).statusCode).toBe(403);
    });
  });

  describe('forgot password', () => {
    it('answers the same for a known and an unknown email, and mails only the account', async () => {
      const a = await signUp(t.app);
      const known = await call('POST', '/api/auth/forgot-password', null, { email: a.user.email });
      const unknown = await call('POST', '/api/auth/forgot-password', null, {
        email: 'nobody-here@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
      const mail = (await mailsTo(a.user.email)).at(-1);
      expect(mail?.subject).toBe('Choose a new SweatPact password');
      // 30 minutes.
      const [row] = await t.database.db
        .select()
        .from(verifications)
        .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, a.user.id)));
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
    });

    it('resets with the mailed link once; every session of the account ends, on sockets too', async () => {
      const a = await signUp(t.app, { password: 'old-password-42' });
      const second = withCookie(
        cookieFrom((await signIn(a.user.email, 'old-password-42')).headers['set-cookie']),
      );
      const socket = await openSocket(await wsUrl(t.app), {
        ...a,
        cookie: second.headers.cookie,
        headers: second.headers,
      });
      await call('POST', '/api/auth/forgot-password', null, { email: a.user.email });
      const token = tokenIn((await mailsTo(a.user.email)).at(-1), 'reset-password');
      expect(token).toBeDefined();

      const weak = await call('POST', '/api/auth/reset-password', null, { token, newPassword: 'password' });
      expect(weak.statusCode).toBe(400);
      expect((await me(a)).statusCode).toBe(200);

      const res = await call('POST', '/api/auth/reset-password', null, {
        token,
        newPassword: 'brand-new-pass-7',
      });
      expect(res.statusCode).toBe(200);
      expect((await me(a)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/user', second)).statusCode).toBe(401);
      await socket.closed;
      expect((await signIn(a.user.email, 'old-password-42')).statusCode).toBe(401);
      expect((await signIn(a.user.email, 'brand-new-pass-7')).statusCode).toBe(200);
      const reused = await call('POST', '/api/auth/reset-password', null, {
        token,
        newPassword: 'another-pass-99',
      });
      expect(reused.statusCode).toBe(400);
      expect((await mailsTo(a.user.email)).at(-1)?.subject).toBe('Your SweatPact password was changed');
    });

    it("a reset of a never-verified account proves the mailbox: the squatter's friends and push devices go", async () => {
      // Someone signs up first with another person's address, never verifies it, makes a friend, adds a phone.
      const squatter = await signUp(t.app, { password: 'squatter-pass-1', verified: false });
      const accomplice = await signUp(t.app);
      const friends = friendCalls(t.app);
      await friends.add(squatter, accomplice);
      await friends.answer(accomplice, squatter, 'accept');
      expect(await friends.friendIds(accomplice)).toContain(squatter.user.id);
      const device = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/squatter-phone',
        expirationTime: null,
        keys: { p256dh: `B${'q'.repeat(86)}`, auth: `${'x'.repeat(21)}A` },
      };
      expect((await call('POST', '/api/push/subscriptions', squatter, device)).statusCode).toBe(200);

      // The mailbox's owner uses "Forgot password?" and the mailed link.
      await call('POST', '/api/auth/forgot-password', null, { email: squatter.user.email });
      const token = tokenIn((await mailsTo(squatter.user.email)).at(-1), 'reset-password');
      const reset = await call('POST', '/api/auth/reset-password', null, {
        token,
        newPassword: 'owner-pass-2024',
      });
      expect(reset.statusCode).toBe(200);

      const cookie = cookieFrom((await signIn(squatter.user.email, 'owner-pass-2024')).headers['set-cookie']);
      const owner: SignedIn = { ...squatter, cookie, headers: withCookie(cookie).headers };
      expect((await me(owner)).json().user).toMatchObject({ emailVerified: true });
      expect(await friends.friendIds(accomplice)).not.toContain(squatter.user.id);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, squatter.user.id));
      expect(row!.n).toBe(0);
      // A friends-only Pact the owner makes now is not the accomplice's to see.
      const pact = await createPactVia(
        t.app,
        { ...squatter, headers: owner.headers },
        { visibility: 'friends' },
      );
      expect((await call('GET', `/api/challenges/${pact.id}`, accomplice)).statusCode).toBe(404);
    });

    it('refuses an expired link and an unknown one, changing nothing', async () => {
      const a = await signUp(t.app, { password: 'keep-this-pass-1' });
      await call('POST', '/api/auth/forgot-password', null, { email: a.user.email });
      const token = tokenIn((await mailsTo(a.user.email)).at(-1), 'reset-password')!;
      await t.database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `reset-password:${token}`));
      for (const bad of [token, 'x'.repeat(24)]) {
        const res = await call('POST', '/api/auth/reset-password', null, {
          token: bad,
          newPassword: 'new-pass-12345',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('This link is not valid or has expired. Ask for a new one.');
      }
      expect((await signIn(a.user.email, 'keep-this-pass-1')).statusCode).toBe(200);
    });

    it('sends at most 3 reset mails an hour per mailbox, answering the same past it', async () => {
      const a = await signUp(t.app);
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        answers.push((await call('POST', '/api/auth/forgot-password', null, { email: a.user.email })).json());
      }
      expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
      expect(
        (await mailsTo(a.user.email)).filter((m) => m.subject?.includes('new SweatPact password')),
      ).toHaveLength(3);
    });
  });

  describe('change password', () => {
    it('needs the current password: a wrong one changes nothing', async () => {
      const a = await signUp(t.app, { password: 'current-pass-1' });
      const other = withCookie(
        cookieFrom((await signIn(a.user.email, 'current-pass-1')).headers['set-cookie']),
      );
      const res = await call('POST', '/api/auth/change-password', a, {
        currentPassword: 'wrong-pass-000',
        newPassword: 'next-pass-2222',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('currentPassword: Your current password is not correct');
      expect((await call('GET', '/api/auth/user', other)).statusCode).toBe(200);
      expect((await signIn(a.user.email, 'current-pass-1')).statusCode).toBe(200);
      expect((await signIn(a.user.email, 'next-pass-2222')).statusCode).toBe(401);
      expect(
        (
          await call('POST', '/api/auth/change-password', null, {
            currentPassword: 'x',
            newPassword: 'next-pass-2222',
          })
        ).statusCode,
      ).toBe(401);
    });

    it('changes it and ends every other session; this device goes on with a new cookie', async () => {
      const a = await signUp(t.app, { password: 'current-pass-1' });
      const other = withCookie(
        cookieFrom((await signIn(a.user.email, 'current-pass-1')).headers['set-cookie']),
      );
      const res = await call('POST', '/api/auth/change-password', a, {
        currentPassword: 'current-pass-1',
        newPassword: 'next-pass-2222',
      });
      expect(res.statusCode).toBe(200);
      const fresh = withCookie(cookieFrom(res.headers['set-cookie']));
      expect((await call('GET', '/api/auth/user', fresh)).json().user.id).toBe(a.user.id);
      expect((await call('GET', '/api/auth/user', other)).statusCode).toBe(401);
      expect((await signIn(a.user.email, 'next-pass-2222')).statusCode).toBe(200);
      expect((await mailsTo(a.user.email)).at(-1)?.subject).toBe('Your SweatPact password was changed');
    });
  });

  describe('change email', () => {
    it('confirms at the new address, then tells the old one; a wrong password changes nothing', async () => {
      const a = await signUp(t.app, { password: 'mail-pass-123' });
      const oldEmail = a.user.email;
      const newEmail = `moved-${Date.now()}@example.com`;
      const wrong = await call('POST', '/api/auth/change-email', a, {
        newEmail,
        currentPassword: 'nope-nope-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(await mailsTo(newEmail)).toHaveLength(0);

      const res = await call('POST', '/api/auth/change-email', a, {
        newEmail,
        currentPassword: 'mail-pass-123',
      });
      expect(res.statusCode).toBe(200);
      expect((await me(a)).json().user.email).toBe(oldEmail);
      const [mail] = await mailsTo(newEmail);
      expect(mail?.subject).toBe('Confirm your new SweatPact email address');
      const token = tokenIn(mail, 'verify-email');

      // Another signed-in user cannot spend the link.
      const b = await signUp(t.app);
      expect((await call('POST', '/api/auth/verify-email', b, { token })).statusCode).toBe(400);
      expect((await me(b)).json().user.email).toBe(b.user.email);

      const done = await call('POST', '/api/auth/verify-email', a, { token });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ email: newEmail, changed: true });
      expect((await me(a)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
      expect((await mailsTo(oldEmail)).at(-1)?.subject).toBe('Your SweatPact email address was changed');
      expect((await signIn(newEmail, 'mail-pass-123')).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/verify-email', a, { token })).statusCode).toBe(400);
    });

    it('sends nothing for an address another account uses, with the same answer', async () => {
      const a = await signUp(t.app, { password: 'mail-pass-123' });
      const b = await signUp(t.app);
      const res = await call('POST', '/api/auth/change-email', a, {
        newEmail: b.user.email,
        currentPassword: 'mail-pass-123',
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await mailsTo(b.user.email)).filter((m) => m.subject?.includes('new SweatPact email')),
      ).toHaveLength(0);
      const same = await call('POST', '/api/auth/change-email', a, {
        newEmail: a.user.email,
        currentPassword: 'mail-pass-123',
      });
      expect(same.statusCode).toBe(400);
    });
  });
});
