import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnalytics } from '../../../shared/api/coaching';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, sessionUserOf, signUp } from '../../test/factories';
import { chargeOf, subscribeAs } from '../messages/testing';
import { call, createPactVia } from '../pacts/testing';
import { bucketsOf, teamAnalytics } from './service';

let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let teamId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date();
const buckets = bucketsOf('week', now);
const [b9, b10] = [buckets[9]!, buckets[10]!];
const at = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** An approved proof by `userId` in a Pact for a day (with its chat message), written as rows. */
async function approvedProof(pactId: number, userId: string, day: Date) {
  const db = t.app.ctx.db;
  const msg = await db.execute(sql`insert into chat_messages (pact_id, user_id, type, body, created_at)
    values (${pactId}, ${userId}, 'workout_proof', 'Workout proof submitted', ${day.toISOString()}::timestamptz)
    returning id`);
  const messageId = (msg as unknown as { rows: { id: number }[] }).rows[0]!.id;
  await db.execute(sql`insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
    values (${messageId}, ${pactId}, ${userId}, 10, 'approved', ${dayOf(day)}::date, ${day.toISOString()}::timestamptz)`);
}

beforeAll(async () => {
  t = await createTestApp();
  coach = await signUp(t.app, { firstName: 'Casey' });
  member = await signUp(t.app, { firstName: 'Mia' });
  stranger = await signUp(t.app, { firstName: 'Sam' });
  const pact = await createPactVia(t.app, coach, {
    title: 'Pro squats',
    visibility: 'pro',
    teamName: 'Squad',
    teamDescription: 'Squats with a coach',
    monthlyPrice: 29,
    totalDays: 30,
    scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  });
  teamId = pact.teamId!;
  // A: a trial in week 9, paid in week 10. B: a trial in week 9 that expired unpaid in week 10. C: a trial now.
  const a = await subscribeAs(t.app, teamId, member, 'active', { createdAt: at(b9.start, 1) });
  const b = await signUp(t.app);
  await subscribeAs(t.app, teamId, b, 'expired', { createdAt: at(b9.start, 2), updatedAt: at(b10.start, 2) });
  const c = await signUp(t.app);
  await subscribeAs(t.app, teamId, c, 'trialing', { createdAt: new Date(now.getTime() - HOUR) });
  await chargeOf(t.app, {
    teamId,
    subscriptionId: a,
    userId: member.user.id,
    grossCents: 2900,
    at: at(b10.start, 1),
  });
  // Member A does Pact days 1, 2 and 3 of week 10 (day 2 twice): 3 of its 7 scheduled days.
  const db = t.app.ctx.db;
  await db.execute(sql`insert into participations (user_id, pact_id, status, start_day, joined_at)
    values (${member.user.id}, ${pact.id}, 'active', ${dayOf(b10.start)}::date, ${b10.start.toISOString()}::timestamptz)`);
  for (const d of [0, 1, 1, 2]) await approvedProof(pact.id, member.user.id, at(b10.start, d * 24 + 10));
});
afterAll(async () => {
  await t?.close();
});

describe('coach analytics', () => {
  it('counts members, trials, conversions, revenue, MRR, churn and proof completion per week', async () => {
    const res = await call(t.app, coach, 'GET', `/api/teams/${teamId}/analytics`);
    expect(res.status).toBe(200);
    const body = res.body as TeamAnalytics;
    expect(body.team).toEqual({ id: teamId, name: 'Squad', priceCents: 2900 });
    expect(body.series).toHaveLength(12);
    expect(body.series[9]).toMatchObject({
      start: dayOf(b9.start),
      members: 2,
      trials: 2,
      conversions: 0,
      revenueCents: 0,
      churned: 0,
      churnRate: null,
      proofCompletionRate: null,
    });
    expect(body.series[10]).toMatchObject({
      members: 1,
      trials: 0,
      conversions: 1,
      revenueCents: 2900,
      mrrCents: 2900,
      churned: 1,
      churnRate: 0.5,
    });
    expect(body.series[10]!.proofCompletionRate).toBeCloseTo(3 / 7, 5);
    expect(body.series[11]).toMatchObject({ members: 2, trials: 1, mrrCents: 2900 });
    expect(body.totals).toEqual({
      members: 2,
      trialing: 1,
      active: 1,
      trials: 3,
      conversions: 1,
      conversionRate: 0.5,
      mrrCents: 2900,
      coachNetCents: 2465,
    });
  });

  it('groups by month when asked', async () => {
    const body = await teamAnalytics(t.app.ctx, sessionUserOf(coach), teamId, { period: 'month' }, now);
    expect(body.period).toBe('month');
    expect(body.series).toHaveLength(12);
    expect(body.series.at(-1)!.start).toBe(
      dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    );
    expect(body.series.reduce((s, b) => s + b.trials, 0)).toBe(3);
    expect(body.series.reduce((s, b) => s + b.revenueCents, 0)).toBe(2900);
    expect((await call(t.app, coach, 'GET', `/api/teams/${teamId}/analytics?period=year`)).status).toBe(400);
  });

  it('is the coach’s alone: a member, a stranger and an unknown team get 404', async () => {
    expect((await call(t.app, member, 'GET', `/api/teams/${teamId}/analytics`)).status).toBe(404);
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
