import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { users } from '../../db/schema';
import { linkIn, readOutbox } from '../../platform/email/testing';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFrom, ORIGIN, signUp } from '../../test/factories';
import { createPactVia } from '../pacts/testing';

/** What needs a verified address (docs/AUTH.md, session/verified-email.ts): admin rights, team trials, the waitlist. */
describe('what needs a verified address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  });
  afterAll(() => t.close());

  // Issue 26, hole 2 (docs/SECURITY.md): admin by sign-up.
  it('gives ADMIN_EMAILS admin rights only once the address is verified, never at sign-up', async () => {
    const chief = await signUp(t.app, {
      email: 'chief@example.com',
      password: 'chief-pass-123',
      verified: false,
    });
    expect(chief.user.role).toBe('user');
    const queue = () => t.app.inject({ url: '/api/admin/reports', headers: chief.headers });
    expect((await queue()).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: { email: 'chief@example.com', password: 'chief-pass-123' },
    });
    expect(again.json().user.role).toBe('user');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, chief.user.id));
    expect(row!.role).toBe('user');

    await runDueJobs(t.app.ctx, { names: ['email.send'] });
    const mail = (await readOutbox(path.join(t.config.dataDir, 'outbox'))).find(
      (m) => m.to && 'text' in m.to && m.to.text === 'chief@example.com',
    );
    const token = decodeURIComponent(linkIn(mail!, /token=[\w.%-]+/)!.slice('token='.length));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          headers: { origin: ORIGIN },
          payload: { token },
        })
      ).statusCode,
    ).toBe(200);
    expect((await queue()).statusCode).toBe(200);
  });

  it('refuses the team trial and the Pro waitlist to an unverified or demo account with a clear 403', async () => {
    const coach = await signUp(t.app);
    const pact = await createPactVia(t.app, coach, {
      title: 'Coached mornings',
      visibility: 'pro',
      teamName: 'Morning crew',
      teamDescription: 'Coached mornings',
      monthlyPrice: 10,
    });
    const teamId = pact.teamId;
    const unverified = await signUp(t.app, { verified: false });
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: DEMO_CREDENTIALS,
    });
    const demoHeaders = { cookie: cookieFrom(demo.headers['set-cookie']), origin: ORIGIN };
    for (const headers of [unverified.headers, demoHeaders]) {
      const wait = await t.app.inject({
        method: 'POST',
        url: '/api/waitlist/pro-creator',
        headers,
        payload: { email: 'wants-pro@example.com' },
      });
      expect(wait.statusCode).toBe(403);
      expect(wait.json().message).toBe('Verify your email address first');
      if (teamId) {
        const sub = await t.app.inject({ method: 'POST', url: `/api/teams/${teamId}/subscribe`, headers });
        expect(sub.statusCode).toBe(403);
        expect(sub.json().message).toBe('Verify your email address first');
      }
    }
    expect(teamId).toBeDefined();
    const verified = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/teams/${teamId}/subscribe`,
          headers: verified.headers,
        })
      ).statusCode,
    ).toBe(200);
  });
});
