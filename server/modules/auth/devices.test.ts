import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFrom, ORIGIN, signUp } from '../../test/factories';
import { openSocket, wsUrl } from '../chat/testing';
import { accountCalls } from './account-test-kit';

/** Issue 26: accounts people can recover and control (docs/AUTH.md "Recovery and control"). */
describe('control of an account: its signed-in devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { call, signIn, me, withCookie } = accountCalls(() => t);

  describe('signed-in devices', () => {
    it('lists the sessions with this device first; signs one out (its socket closes); a second user gets 404', async () => {
      const a = await signUp(t.app, { password: 'devices-pass-1' });
      const phone = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email',
        headers: {
          origin: ORIGIN,
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        },
        payload: { email: a.user.email, password: 'devices-pass-1' },
      });
      const phoneWho = withCookie(cookieFrom(phone.headers['set-cookie']));
      const list = await call('GET', '/api/auth/sessions', a);
      expect(list.statusCode).toBe(200);
      const sessions = list.json().sessions as {
        id: string;
        browser: string;
        os: string;
        current: boolean;
      }[];
      expect(sessions).toHaveLength(2);
      expect(sessions[0]!.current).toBe(true);
      expect(sessions[1]).toMatchObject({ browser: 'Safari', os: 'iOS', current: false });
      expect(JSON.stringify(list.json())).not.toMatch(/token/i);

      const b = await signUp(t.app);
      expect((await call('DELETE', `/api/auth/sessions/${sessions[1]!.id}`, b)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/auth/sessions/${sessions[1]!.id}`, null)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/user', phoneWho)).statusCode).toBe(200);

      const socket = await openSocket(await wsUrl(t.app), {
        ...a,
        cookie: phoneWho.headers.cookie,
        headers: phoneWho.headers,
      });
      expect((await call('DELETE', `/api/auth/sessions/${sessions[1]!.id}`, a)).statusCode).toBe(200);
      await socket.closed;
      expect((await call('GET', '/api/auth/user', phoneWho)).statusCode).toBe(401);
      expect((await me(a)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/sessions', a)).json().sessions).toHaveLength(1);
    });

    it('signs out everywhere, this device too', async () => {
      const a = await signUp(t.app, { password: 'devices-pass-1' });
      const other = withCookie(
        cookieFrom((await signIn(a.user.email, 'devices-pass-1')).headers['set-cookie']),
      );
      const b = await signUp(t.app);
      const res = await call('POST', '/api/auth/sessions/revoke-all', a);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/sweatpact\.session_token=;/);
      expect((await me(a)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/user', other)).statusCode).toBe(401);
      expect((await me(b)).statusCode).toBe(200);
    });
  });
});
