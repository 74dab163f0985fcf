import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { call, createProPactVia } from '../pacts/testing';
import { lapseSubscription } from '../teams/testing';
import { DELETION_GRACE_MS } from './service';
import { unzip } from './testing';

/**
 * A coach's data export holds their payouts (the net of each charge), never who paid (docs/PRIVACY.md): no payer
 * id, no payment reference of the provider's, and nothing of a member whose account was erased.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const exportOf = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return unzip(res.rawPayload);
};

describe("a coach's export", () => {
  it('names no payer or payment reference, and nothing of an erased member', async () => {
    const coach = await signUp(t.app);
    const member = await signUp(t.app);
    const teamId = (await createProPactVia(t.app, coach, 'Books team')).teamId!;
    // A trial, ended, then a paid restart: its first charge's reference names the member (test mode).
    expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    await lapseSubscription(t.database.db, member.user.id, teamId);
    const paid = await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(paid.body.subscription.status).toBe('active');
    const [charge] = await t.database.db.select().from(charges).where(eq(charges.coachId, coach.user.id));
    expect(charge!.providerRef).toContain(member.user.id);

    const before = await exportOf(coach);
    const payouts = JSON.parse(before.get('payouts.json')!.toString('utf8')) as Record<string, unknown>[];
    expect(payouts).toEqual([
      expect.objectContaining({ gross_cents: 2900, coach_net_cents: charge!.coachNetCents }),
    ]);
    for (const column of ['user_id', 'provider_ref', 'refund_of', 'subscription_id']) {
      expect(payouts[0]).not.toHaveProperty(column);
    }
    const all = (entries: Map<string, Buffer>) => Buffer.concat([...entries.values()]);
    expect(all(before).includes(Buffer.from(charge!.providerRef!))).toBe(false);

    // The member erases their account: the coach's export keeps the books and carries nothing of them.
    await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { ...member.headers, origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: member.user.email, fullAccountDeletion: true },
    });
    await runDueJobs(t.app.ctx, { now: new Date(Date.now() + DELETION_GRACE_MS + 60_000) });
    expect((await t.app.inject({ url: '/api/auth/user', headers: member.headers })).statusCode).toBe(401);
    const after = await exportOf(coach);
    expect(JSON.parse(after.get('payouts.json')!.toString('utf8'))).toHaveLength(1);
    expect(all(after).includes(Buffer.from(member.user.id))).toBe(false);
    expect(all(after).includes(Buffer.from(member.user.email))).toBe(false);
  });
});
