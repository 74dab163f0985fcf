import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { charges, subscriptions, teams, users, waitlistEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { runBillingSweep } from '../memberships/renewals';
import { advanceBillingClock } from '../memberships/subscriptions';
import { call, createProPactVia } from '../pacts/testing';

/**
 * Every team and billing endpoint refuses what is not the caller's to do, with a clear 4xx and nothing changed;
 * and the renewal sweep applies each transition and charge once when two instances run it at the same time.
 */

let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let teamId: number;
let pactId: number;

const snapshot = async () => ({
  subs: await t.database.db.select().from(subscriptions).orderBy(subscriptions.id),
  team: await t.database.db.select().from(teams).where(eq(teams.id, teamId)),
  charges: await t.database.db.select().from(charges).orderBy(charges.id),
});

beforeAll(async () => {
  t = await createTestApp();
  [coach, member, stranger] = await Promise.all([
    signUp(t.app, { firstName: 'Coach' }),
    signUp(t.app, { firstName: 'Member' }),
    signUp(t.app, { firstName: 'Stranger' }),
  ]);
  const pact = await createProPactVia(t.app, coach, 'Refusals');
  pactId = pact.id;
  teamId = pact.teamId!;
  expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
});
afterAll(() => t?.close());

type Refusal = [
  name: string,
  who: () => SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: () => string,
  payload: unknown,
  status: number,
];

describe('refused, nothing changed', () => {
  it.each<Refusal>([
    ['subscribing twice', () => member, 'POST', () => `/api/teams/${teamId}/subscribe`, undefined, 409],
    [
      'the coach subscribing to their own team',
      () => coach,
      'POST',
      () => `/api/teams/${teamId}/subscribe`,
      undefined,
      400,
    ],
    [
      'a subscription to a team that does not exist',
      () => member,
      'POST',
      () => '/api/teams/999999/subscribe',
      undefined,
      404,
    ],
    // There is no way to name another's subscription: the stranger's cancel finds none of their own.
    [
      "cancelling someone else's subscription",
      () => stranger,
      'POST',
      () => `/api/teams/${teamId}/subscription/cancel`,
      undefined,
      404,
    ],
    [
      "resuming someone else's subscription",
      () => stranger,
      'POST',
      () => `/api/teams/${teamId}/subscription/resume`,
      undefined,
      404,
    ],
    [
      "someone else's simulated card",
      () => stranger,
      'PATCH',
      () => `/api/teams/${teamId}/subscription/test-card`,
      { simulatePaymentFailure: true },
      404,
    ],
    [
      "someone else's manage page",
      () => stranger,
      'POST',
      () => `/api/teams/${teamId}/subscription/manage`,
      undefined,
      404,
    ],
    [
      'a member editing the team',
      () => member,
      'PATCH',
      () => `/api/teams/${teamId}`,
      { name: 'Mine now' },
      404,
    ],
    ['a price of 4 dollars', () => coach, 'PATCH', () => `/api/teams/${teamId}`, { monthlyPrice: 4 }, 400],
    [
      'a price of 200 dollars',
      () => coach,
      'PATCH',
      () => `/api/teams/${teamId}`,
      { monthlyPrice: 200 },
      400,
    ],
    [
      'a price in fractions of a cent',
      () => coach,
      'PATCH',
      () => `/api/teams/${teamId}`,
      { monthlyPrice: 19.999 },
      400,
    ],
    ['an empty edit', () => coach, 'PATCH', () => `/api/teams/${teamId}`, {}, 400],
    [
      'a non-admin reading the billing clock',
      () => member,
      'GET',
      () => '/api/admin/billing/clock',
      undefined,
      404,
    ],
    [
      'a non-admin moving the billing clock',
      () => coach,
      'POST',
      () => '/api/admin/billing/clock/advance',
      { days: 4 },
      404,
    ],
    [
      'a stranger joining the team Pact',
      () => stranger,
      'POST',
      () => `/api/challenges/${pactId}/join`,
      undefined,
      403,
    ],
    [
      'a stranger reading the team chat',
      () => stranger,
      'GET',
      () => `/api/challenges/${pactId}/messages`,
      undefined,
      403,
    ],
    [
      'a stranger writing in the team chat',
      () => stranger,
      'POST',
      () => `/api/challenges/${pactId}/chat`,
      { message: 'hi' },
      403,
    ],
  ])('%s', async (_name, who, method, url, payload, status) => {
    const before = await snapshot();
    const res = await call(t.app, who(), method, url(), payload);
    expect(res.status).toBe(status);
    expect(res.body.message).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('the stranger still sees the team and its Pact card', async () => {
    expect((await call(t.app, stranger, 'GET', `/api/challenges/${pactId}`)).status).toBe(200);
    const page = await call(t.app, stranger, 'GET', `/api/teams/${teamId}`);
    expect(page.body).toMatchObject({ hasAccess: false, mySubscription: null, memberCount: 1 });
    const pro = await call(t.app, stranger, 'GET', '/api/challenges?filter=teams');
    expect(pro.body.items.map((p: { id: number }) => p.id)).toEqual([pactId]);
  });

  it('the coach edits name, description and price; the team lists it', async () => {
    const res = await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, {
      monthlyPrice: 19.99,
      name: 'Renamed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', subscriptionPrice: 1999, isCoach: true });
    const mine = await call(t.app, coach, 'GET', '/api/user/teams');
    expect(mine.body).toEqual([expect.objectContaining({ id: teamId, role: 'coach', memberCount: 1 })]);
    const memberTeams = await call(t.app, member, 'GET', '/api/user/teams');
    expect(memberTeams.body).toEqual([
      expect.objectContaining({ id: teamId, role: 'member', myStatus: 'trialing' }),
    ]);
    expect((await call(t.app, stranger, 'GET', '/api/user/teams')).body).toEqual([]);
  });

  it('an admin reads and moves the clock; it never moves back', async () => {
    const admin = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const before = await call(t.app, admin, 'GET', '/api/admin/billing/clock');
    expect(before.status).toBe(200);
    const moved = await call(t.app, admin, 'POST', '/api/admin/billing/clock/advance', { hours: 2 });
    expect(moved.body.offsetMs - before.body.offsetMs).toBe(2 * 3600_000);
    const still = await call(t.app, admin, 'POST', '/api/admin/billing/clock/advance', {});
    expect(still.body.offsetMs).toBe(moved.body.offsetMs);
    expect((await call(t.app, admin, 'POST', '/api/admin/billing/clock/advance', { days: -1 })).status).toBe(
      400,
    );
    // At most 32 days a call (it took up to 366 days), also when given in parts.
    const far = await call(t.app, admin, 'POST', '/api/admin/billing/clock/advance', { days: 40 });
    expect(far.status).toBe(400);
    const parts = await call(t.app, admin, 'POST', '/api/admin/billing/clock/advance', {
      days: 30,
      hours: 72,
    });
    expect(parts.status).toBe(400);
    expect(parts.body.message).toBe('The billing clock moves at most 32 days at a time');
    expect((await call(t.app, admin, 'GET', '/api/admin/billing/clock')).body.offsetMs).toBe(
      moved.body.offsetMs,
    );
    expect((await call(t.app, member, 'GET', '/api/billing/mode')).body.mode).toBe('test');
  });
});

describe('two instances sweeping at once', () => {
  it('charge each renewal once and notify once', async () => {
    const second = await createTestApp({}, { shareDatabaseWith: t });
    try {
      await advanceBillingClock(t.app.ctx, 1000); // apply anything already due first
      const chargesBefore = (await t.database.db.select().from(charges)).length;
      // The member's trial ends in under 7 days: move the clock past it without sweeping, then sweep twice at once.
      const now = new Date(
        (
          await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))
        )[0]!.currentPeriodEnd.getTime() + DAY_MS,
      );
      const [a, b] = await Promise.all([
        runBillingSweep(t.app.ctx, now),
        runBillingSweep(second.app.ctx, now),
      ]);
      expect(a.renewed + b.renewed).toBe(1);
      expect((await t.database.db.select().from(charges)).length).toBe(chargesBefore + 1);
      const notes = await call(t.app, member, 'GET', '/api/notifications');
      expect(
        notes.body.items.filter((n: { type: string }) => n.type === 'subscription_renewed'),
      ).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('erasure of a member', () => {
  it('drops their subscription and waitlist entry; ledger rows stay for the coach without the member', async () => {
    const { eraseInTransaction } = await import('../privacy/erasure');
    const leaving = await signUp(t.app);
    await call(t.app, leaving, 'POST', '/api/waitlist/pro-creator', { email: leaving.user.email });
    await call(t.app, leaving, 'POST', `/api/teams/${teamId}/subscribe`);
    await advanceBillingClock(t.app.ctx, 8 * DAY_MS);
    const paid = await t.database.db.select().from(charges).where(eq(charges.userId, leaving.user.id));
    expect(paid).toHaveLength(1);
    await t.database.db.transaction((tx) =>
      eraseInTransaction(tx, { id: leaving.user.id, email: leaving.user.email }, [], true),
    );
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, leaving.user.id)),
    ).toEqual([]);
    const [kept] = await t.database.db.select().from(charges).where(eq(charges.id, paid[0]!.id));
    expect(kept).toMatchObject({ userId: null, coachId: coach.user.id, grossCents: paid[0]!.grossCents });
    const waiting = await t.database.db.select().from(waitlistEntries);
    expect(waiting.some((w) => w.userId === leaving.user.id)).toBe(false);
  });
});
