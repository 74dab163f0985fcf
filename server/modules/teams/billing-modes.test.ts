import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { subscriptions, teams, users } from '../../db/schema';
import { PAID_TEAMS_OFF_MESSAGE } from '../../platform/billing';
import { type StripeStub, startStripeStub } from '../../platform/billing/stripe-testing';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { runBillingSweep } from '../memberships/renewals';
import { basePact, call, createProPactVia } from '../pacts/testing';
import { createTeam } from './service';

/**
 * Billing is never faked by accident (DECISIONS 11): without keys and without BILLING_MODE=test, paid teams cannot
 * be created or joined; a server that leaves test billing ends every test-mode subscription at its period's end,
 * tells its member, and access reads the period's end for those rows, not their status alone.
 */

describe('billing off (no Stripe keys, no BILLING_MODE)', () => {
  let t: TestApp;
  let coach: SignedIn;
  let member: SignedIn;
  let teamId: number;
  beforeAll(async () => {
    t = await createTestApp({ BILLING_MODE: undefined });
    coach = await signUp(t.app);
    member = await signUp(t.app);
    // A team left from an earlier mode.
    teamId = await createTeam(t.database.db, {
      name: 'Old team',
      description: 'From before',
      coachId: coach.user.id,
      subscriptionPrice: 2900,
    });
  });
  afterAll(() => t?.close());

  it('says so, and refuses creating a Pro Pact and joining a team, changing nothing', async () => {
    expect(t.config.billingMode).toBe('off');
    expect((await call(t.app, member, 'GET', '/api/billing/mode')).body.mode).toBe('off');
    expect((await call(t.app, member, 'GET', `/api/teams/${teamId}`)).body.billingMode).toBe('off');
    const teamsBefore = (await t.database.db.select().from(teams)).length;
    const pro = await call(t.app, coach, 'POST', '/api/challenges', {
      ...basePact({ visibility: 'pro' }),
      teamName: 'New team',
      teamDescription: 'Train with me',
      monthlyPrice: 29,
    });
    expect(pro.status).toBe(409);
    expect(pro.body.message).toBe(PAID_TEAMS_OFF_MESSAGE);
    expect((await t.database.db.select().from(teams)).length).toBe(teamsBefore);
    const [coachRow] = await t.database.db.select().from(users).where(eq(users.id, coach.user.id));
    expect(coachRow!.isProUser).toBe(false);

    const joined = await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(joined.status).toBe(409);
    expect(joined.body.message).toBe(PAID_TEAMS_OFF_MESSAGE);
    expect(await t.database.db.select().from(subscriptions)).toEqual([]);
    // A free Pact is as before.
    expect((await call(t.app, coach, 'POST', '/api/challenges', basePact())).status).toBe(201);
  });

  it('has no billing clock, even for an admin', async () => {
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, coach.user.id));
    expect((await call(t.app, coach, 'GET', '/api/admin/billing/clock')).status).toBe(404);
    expect((await call(t.app, coach, 'POST', '/api/admin/billing/clock/advance', { hours: 1 })).status).toBe(
      404,
    );
  });
});

describe('a server that switches from test billing to Stripe', () => {
  const secret = randomBytes(32).toString('hex');
  let test: TestApp;
  let live: TestApp;
  let stub: StripeStub;
  let coach: SignedIn;
  let trialing: SignedIn;
  let overdue: SignedIn;
  let teamId: number;

  beforeAll(async () => {
    test = await createTestApp({ AUTH_SECRET: secret, DISABLE_RATE_LIMIT: true });
    expect(test.config.billingMode).toBe('test');
    coach = await signUp(test.app);
    trialing = await signUp(test.app);
    overdue = await signUp(test.app);
    teamId = (await createProPactVia(test.app, coach, 'Switching team')).teamId!;
    for (const who of [trialing, overdue]) {
      expect((await call(test.app, who, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    }
    // The second's period is already over (test mode would renew it at the next sweep; Stripe never will).
    await test.database.db
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: new Date(Date.now() - DAY_MS) })
      .where(and(eq(subscriptions.userId, overdue.user.id), eq(subscriptions.teamId, teamId)));
    stub = await startStripeStub();
    // The same database, started again with Stripe's keys.
    live = await createTestApp(
      {
        AUTH_SECRET: secret,
        DISABLE_RATE_LIMIT: true,
        STRIPE_SECRET_KEY: 'sk_test_switch',
        STRIPE_WEBHOOK_SECRET: 'whsec_switch',
        STRIPE_API_URL: stub.url,
      },
      { shareDatabaseWith: test },
    );
  });
  afterAll(async () => {
    await live?.close();
    await test?.close();
    await stub?.close();
  });

  const team = (who: SignedIn) => call(live.app, who, 'GET', `/api/teams/${teamId}`);

  it('ends each test-mode subscription at its period end and tells the member to subscribe for real', async () => {
    expect(live.config.billingMode).toBe('stripe');
    const rows = await live.database.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    expect(rows.map((r) => [r.provider, r.cancelAtPeriodEnd])).toEqual([
      ['test', true],
      ['test', true],
    ]);
    for (const who of [trialing, overdue]) {
      const list = (await call(live.app, who, 'GET', '/api/notifications')).body.items as {
        type: string;
        data: Record<string, unknown>;
      }[];
      expect(list.filter((n) => n.data.reason === 'test_billing_ended')).toEqual([
        expect.objectContaining({ type: 'subscription_canceled', data: expect.objectContaining({ teamId }) }),
      ]);
    }
  });

  it('keeps access until the period ends; a row whose period is over gives none, whatever its status says', async () => {
    expect((await team(trialing)).body.hasAccess).toBe(true);
    const [row] = await live.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, overdue.user.id));
    expect(row!.status).toBe('active');
    expect((await team(overdue)).body.hasAccess).toBe(false);
    expect((await team(coach)).body.hasAccess).toBe(true);
  });

  it('the sweep ends them when their period is over, and never renews them', async () => {
    await runBillingSweep(live.app.ctx, new Date(Date.now() + 8 * DAY_MS));
    const rows = await live.database.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled']);
    // Starting again tells nobody twice.
    const again = await call(live.app, trialing, 'GET', '/api/notifications');
    expect(
      again.body.items.filter((n: { data: { reason?: string } }) => n.data.reason === 'test_billing_ended'),
    ).toHaveLength(1);
  });
});
