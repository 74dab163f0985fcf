import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnalytics } from '../../../shared/api/coaching';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { advanceBillingClock } from '../memberships/subscriptions';
import { call, createPactVia } from '../pacts/testing';
import { addDays, analyticsDaysJob, clockOf } from './daily';
import { bucketsOf } from './service';

/**
 * Coach analytics from the daily summary (docs/ANALYTICS.md), driven the way the app drives it: subscriptions
 * through the API on the billing clock, proof decisions as the proofs module announces them, the day-boundary job.
 */
let t: TestApp;
let coach: SignedIn;
let a: SignedIn;
let b: SignedIn;
let stranger: SignedIn;
let teamId: number;
let pactId: number;
let day0: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

async function rowsOf(team: number) {
  const res =
    await t.app.ctx.db.execute(sql`select day::text as day, members, new_members, churned, proofs_due,
    proofs_done from team_daily_stats where team_id = ${team} order by day`);
  return (res as unknown as { rows: Record<string, string | number>[] }).rows.map((r) => ({
    day: String(r.day),
    members: Number(r.members),
    new: Number(r.new_members),
    churned: Number(r.churned),
    due: Number(r.proofs_due),
    done: Number(r.proofs_done),
  }));
}

/** An approved proof of `who` for a wall-clock day, announced as the proofs module does after a decision. */
async function approvedProof(who: SignedIn, recordedDay: string, counts = true) {
  const db = t.app.ctx.db;
  const msg = await db.execute(sql`insert into chat_messages (pact_id, user_id, type, body)
    values (${pactId}, ${who.user.id}, 'workout_proof', 'Workout proof submitted') returning id`);
  const messageId = Number((msg as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const proof =
    await db.execute(sql`insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, counts)
    values (${messageId}, ${pactId}, ${who.user.id}, 10, 'approved', ${recordedDay}::date, ${counts}) returning id`);
  await t.app.ctx.events.emit('proof.status_changed', {
    proofId: Number((proof as unknown as { rows: { id: number }[] }).rows[0]!.id),
    pactId,
    messageId,
    userId: who.user.id,
    from: 'pending',
    to: 'approved',
    value: 10,
    recordedDay,
    decidedById: coach.user.id,
    atCreation: false,
  });
}

const analytics = async (period: 'week' | 'month' = 'week') =>
  (await call(t.app, coach, 'GET', `/api/teams/${teamId}/analytics?period=${period}`)).body as TeamAnalytics;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
  coach = await signUp(t.app, { firstName: 'Casey' });
  a = await signUp(t.app, { firstName: 'Mia' });
  b = await signUp(t.app, { firstName: 'Ben' });
  stranger = await signUp(t.app, { firstName: 'Sam' });
  const pact = await createPactVia(t.app, coach, {
    title: 'Pro squats',
    visibility: 'pro',
    teamName: 'Squad',
    teamDescription: 'Squats with a coach',
    monthlyPrice: 29,
    totalDays: 90,
    scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  });
  teamId = pact.teamId!;
  pactId = pact.id;
  day0 = (await clockOf(t.app.ctx)).today;
});

afterAll(async () => {
  await t?.close();
});

describe('coach analytics', () => {
  it('starts on the day the team was made: one bucket, no weeks of zeros', async () => {
    const body = await analytics();
    expect(body.team).toEqual({ id: teamId, name: 'Squad', priceCents: 2900 });
    expect(body.series).toHaveLength(1);
    expect(body.series[0]).toMatchObject({ members: 0, trials: 0, churned: 0, churnRate: null });
    expect((await analytics('month')).series).toHaveLength(1);
  });

  it("writes each subscription change into today's row as it happens", async () => {
    for (const who of [a, b]) {
      expect((await call(t.app, who, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
      expect((await call(t.app, who, 'POST', `/api/challenges/${pactId}/join`)).status).toBe(200);
    }
    expect(await rowsOf(teamId)).toEqual([{ day: day0, members: 2, new: 2, churned: 0, due: 0, done: 0 }]);
    const body = await analytics();
    expect(body.series.at(-1)).toMatchObject({ members: 2, trials: 2 });
    expect(body.totals).toMatchObject({ members: 2, trialing: 2, trials: 2 });
  });

  it('counts no approved proof that counts for nothing (a second one of the day), nor in the success rate', async () => {
    await approvedProof(a, day0, false);
    expect((await rowsOf(teamId))[0]).toMatchObject({ due: 2, done: 0 });
    const team = (await call(t.app, a, 'GET', `/api/teams/${teamId}`)).body as { successRate: number | null };
    expect(team.successRate).toBeNull();
  });

  it("counts proofs only of members with access that day, and churn on the billing clock's day", async () => {
    // B cancels: access ends with the trial. Both work out on day 0 (wall clock = billing clock so far).
    expect((await call(t.app, b, 'POST', `/api/teams/${teamId}/subscription/cancel`)).status).toBe(200);
    await approvedProof(a, day0);
    await approvedProof(b, day0);
    // Eight days on: A's trial turned paid, B's ended (churned on the sweep's day, the billing clock's).
    await advanceBillingClock(t.app.ctx, 8 * DAY + HOUR);
    const clock = await clockOf(t.app.ctx);
    expect(clock.shift).toBe(8);
    await analyticsDaysJob(t.app.ctx).run();
    const rows = await rowsOf(teamId);
    // Every day from the team's first to today, no gaps.
    expect(rows.map((r) => r.day)).toEqual(Array.from({ length: 9 }, (_, i) => addDays(day0, i)));
    expect(rows[0]).toMatchObject({ new: 2, churned: 0, due: 2, done: 2 });
    const today = rows.at(-1)!;
    expect(today).toMatchObject({ day: clock.today, churned: 1, members: 1 });
    expect(rows.reduce((s, r) => s + r.churned, 0)).toBe(1);
    // B keeps a participation after losing access: the next day counts A alone (test mode: every billing day's
    // workouts are the wall clock's day at the time, here day 0, where both have a proof).
    await advanceBillingClock(t.app.ctx, DAY);
    await analyticsDaysJob(t.app.ctx).run();
    expect((await rowsOf(teamId)).at(-1)).toMatchObject({ members: 1, due: 1, done: 1 });
  });

  it("never changes a past month's churn, even when the member comes back", async () => {
    const month = (await analytics('month')).series;
    const churnedBefore = month.reduce((s, x) => s + x.churned, 0);
    const churnDay = (await rowsOf(teamId)).find((r) => r.churned > 0)!;
    await advanceBillingClock(t.app.ctx, 40 * DAY);
    expect((await call(t.app, b, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    const rows = await rowsOf(teamId);
    expect(rows.find((r) => r.day === churnDay.day)).toEqual(churnDay);
    expect(rows.at(-1)).toMatchObject({ new: 1, members: 2 });
    const later = (await analytics('month')).series;
    expect(later.reduce((s, x) => s + x.churned, 0)).toBe(churnedBefore);
    expect(later.reduce((s, x) => s + x.trials, 0)).toBe(3);
  });

  it("shows the money of the ledger, to the cent: revenue, conversions, the coach net, today's MRR", async () => {
    const [ledger] = (
      (await t.app.ctx.db.execute(sql`select sum(gross_cents) as gross, sum(coach_net_cents) as net,
        count(distinct subscription_id) filter (where gross_cents > 0) as paying from charges
        where team_id = ${teamId}`)) as unknown as { rows: { gross: string; net: string; paying: string }[] }
    ).rows;
    expect(Number(ledger!.gross)).toBeGreaterThan(0);
    for (const period of ['week', 'month'] as const) {
      const body = await analytics(period);
      expect(body.series.reduce((s, x) => s + x.revenueCents, 0)).toBe(Number(ledger!.gross));
      expect(body.series.reduce((s, x) => s + x.conversions, 0)).toBe(Number(ledger!.paying));
      expect(body.totals.coachNetCents).toBe(Number(ledger!.net));
      expect(body.totals.conversions).toBe(Number(ledger!.paying));
      // Two members paying this month: both prices.
      expect(body.totals.mrrCents).toBe(2 * 2900);
    }
  });

  it('groups by month when asked, and refuses other periods', async () => {
    const body = await analytics('month');
    expect(body.period).toBe('month');
    expect(body.series.at(-1)!.start.slice(8)).toBe('01');
    expect((await call(t.app, coach, 'GET', `/api/teams/${teamId}/analytics?period=year`)).status).toBe(400);
  });

  it('is the coach’s alone: a member, a stranger and an unknown team get 404', async () => {
    expect((await call(t.app, a, 'GET', `/api/teams/${teamId}/analytics`)).status).toBe(404);
    expect((await call(t.app, stranger, 'GET', `/api/teams/${teamId}/analytics`)).status).toBe(404);
    expect((await call(t.app, coach, 'GET', `/api/teams/${teamId + 999}/analytics`)).status).toBe(404);
  });

  it('starts weeks on Monday and ends the current bucket now', () => {
    const sunday = new Date('2026-11-22T18:00:00Z');
    const weeks = bucketsOf('week', sunday);
    expect(dayOf(weeks.at(-1)!.start)).toBe('2026-11-16');
    expect(weeks.at(-1)!.end).toEqual(sunday);
    expect(dayOf(weeks[0]!.start)).toBe('2026-08-31');
    expect(weeks[0]!.end.getTime() - weeks[0]!.start.getTime()).toBe(7 * DAY);
    const months = bucketsOf('month', sunday);
    expect(months.map((m) => dayOf(m.start)).slice(0, 2)).toEqual(['2025-12-01', '2026-01-01']);
  });
});
