import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../../shared/api/pacts';
import { addDays, localDate } from '../../../shared/domain/time';
import { participations, proofs, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';
import { decide, postProof } from '../proofs/testing';
import { enqueueProgressRecompute } from './jobs';
import { refreshProgress } from './service';
import { insertProof, setProofStatus, settleProgress } from './testing';

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const figures = async (userId: string) => {
  const [row] = await t.database.db
    .select({
      streakCount: users.streakCount,
      streakPoints: users.streakPoints,
      totalWorkouts: users.totalWorkouts,
      totalXP: users.totalXP,
      level: users.level,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};

/** A Pact of `who` scheduled every day whose participation started `daysAgo` days ago (their zone). */
async function pactStartedAgo(
  who: SignedIn,
  daysAgo: number,
  extra: Partial<Parameters<typeof createPactVia>[2]> = {},
) {
  const pact = await createPactVia(t.app, who, {
    scheduleDays: [...EVERY_DAY],
    difficulty: 'medium',
    ...extra,
  });
  const today = localDate(new Date(), who.user.timeZone);
  await t.database.db
    .update(participations)
    .set({ startDay: addDays(today, -daysAgo) })
    .where(and(eq(participations.pactId, pact.id), eq(participations.userId, who.user.id)));
  return pact;
}

/** What a decision does for progress: enqueue the author's recompute; then the job runs. */
async function recompute(who: SignedIn) {
  await enqueueProgressRecompute(t.database.db, who.user.id);
  await settleProgress(t.app.ctx);
}

/** Approves a pending proof the way the proofs module does: status change and recompute job, then the job. */
async function approve(who: SignedIn, pact: Challenge, recordedDay: string, value = 20) {
  const proofId = await insertProof(t.database.db, {
    userId: who.user.id,
    pactId: pact.id,
    recordedDay,
    status: 'pending',
    value,
  });
  await setProofStatus(t.database.db, proofId, 'approved');
  await recompute(who);
  return proofId;
}

describe('progress recompute', () => {
  it('approving proofs updates streak, points, workouts, XP and level; rejection after approval lowers them', async () => {
    const ana = await signUp(t.app);
    const pact = await pactStartedAgo(ana, 5);
    const today = localDate(new Date(), 'UTC');
    expect(await figures(ana.user.id)).toEqual({
      streakCount: 0,
      streakPoints: 0,
      totalWorkouts: 0,
      totalXP: 0,
      level: 1,
    });
    await approve(ana, pact, addDays(today, -2));
    await approve(ana, pact, addDays(today, -1));
    const last = await approve(ana, pact, today, 35);
    // Medium: 15 XP a proof; 45 XP is still level 1 (level 2 starts at 50).
    expect(await figures(ana.user.id)).toEqual({
      streakCount: 3,
      streakPoints: 6,
      totalWorkouts: 3,
      totalXP: 45,
      level: 1,
    });
    const me = await call(t.app, ana, 'GET', '/api/auth/user');
    expect(me.body.user).toMatchObject({ streakCount: 3, totalXP: 45, level: 1 });
    const [part] = await t.database.db
      .select({ daysDone: participations.daysDone, completedValue: participations.completedValue })
      .from(participations)
      .where(eq(participations.pactId, pact.id));
    expect(part).toEqual({ daysDone: 3, completedValue: 75 });

    const oldest = await approve(ana, pact, addDays(today, -3));
    expect(await figures(ana.user.id)).toMatchObject({
      streakCount: 4,
      streakPoints: 10,
      totalXP: 60,
      level: 2,
    });

    // Rejected after approval (a moderator's call), then the proof is deleted outright: both recompute.
    await setProofStatus(t.database.db, last, 'rejected');
    await recompute(ana);
    // Today is still open, so the streak counts up to yesterday.
    expect(await figures(ana.user.id)).toEqual({
      streakCount: 3,
      streakPoints: 6,
      totalWorkouts: 3,
      totalXP: 45,
      level: 1,
    });

    await t.database.db.delete(proofs).where(eq(proofs.id, oldest));
    await t.app.ctx.events.emit('proof.deleted', { proofId: oldest, pactId: pact.id, userId: ana.user.id });
    await settleProgress(t.app.ctx);
    expect(await figures(ana.user.id)).toMatchObject({ streakCount: 2, streakPoints: 3, totalWorkouts: 2 });
  });

  it('a rejection of a pending proof changes nothing and touches nobody else', async () => {
    const ben = await signUp(t.app);
    const other = await signUp(t.app);
    const pact = await pactStartedAgo(ben, 1);
    await approve(ben, pact, localDate(new Date(), 'UTC'));
    const before = await figures(ben.user.id);
    await insertProof(t.database.db, {
      userId: ben.user.id,
      pactId: pact.id,
      recordedDay: localDate(new Date(), 'UTC'),
      status: 'rejected',
    });
    await recompute(ben);
    expect(await figures(ben.user.id)).toEqual(before);
    expect((await figures(other.user.id)).totalWorkouts).toBe(0);
  });

  it('a time zone change recomputes the streak in the new zone', async () => {
    const now = new Date();
    const utcToday = localDate(now, 'UTC');
    // Kiritimati (+14) is already on the next date from 10:00 UTC; Pago Pago (-11) still on the previous one before 11:00.
    const ahead = localDate(now, 'Pacific/Kiritimati') > utcToday;
    const zone = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const cleo = await signUp(t.app);
    const pact = await pactStartedAgo(cleo, 6);
    // Ahead: yesterday (UTC) done, so UTC streak 1; in the new zone that day is two days back: streak 0.
    // Behind: two days ago (UTC) done, so UTC streak 0; in the new zone it is yesterday: streak 1.
    await approve(cleo, pact, addDays(utcToday, ahead ? -1 : -2));
    const before = (await figures(cleo.user.id)).streakCount;
    expect(before).toBe(ahead ? 1 : 0);
    const res = await call(t.app, cleo, 'PATCH', '/api/user/profile', { timeZone: zone });
    expect(res.status).toBe(200);
    await settleProgress(t.app.ctx);
    expect((await figures(cleo.user.id)).streakCount).toBe(ahead ? 0 : 1);
  });

  it('leaving or deleting a Pact recomputes its members', async () => {
    const dan = await signUp(t.app);
    const eve = await signUp(t.app);
    const pact = await pactStartedAgo(dan, 2);
    await call(t.app, eve, 'POST', `/api/challenges/${pact.id}/join`);
    await approve(eve, pact, localDate(new Date(), 'UTC'));
    await approve(dan, pact, localDate(new Date(), 'UTC'));
    expect((await figures(eve.user.id)).totalWorkouts).toBe(1);
    // Leaving keeps approved workouts, but the left Pact schedules nothing any more.
    await call(t.app, eve, 'POST', `/api/challenges/${pact.id}/leave`);
    await settleProgress(t.app.ctx);
    expect(await figures(eve.user.id)).toMatchObject({ totalWorkouts: 1, streakCount: 0, streakPoints: 1 });
    expect((await call(t.app, dan, 'DELETE', `/api/challenges/${pact.id}`)).status).toBe(200);
    await settleProgress(t.app.ctx);
    expect(await figures(dan.user.id)).toMatchObject({ totalWorkouts: 0, totalXP: 0, streakCount: 0 });
    expect((await figures(eve.user.id)).totalWorkouts).toBe(0);
  });
});

describe('through the proofs API', () => {
  it("the creator's approval of a member's proof counts for the member", async () => {
    const hal = await signUp(t.app);
    const ivy = await signUp(t.app);
    const pact = await createPactVia(t.app, hal, {
      scheduleDays: [...EVERY_DAY],
      workoutTime: null,
      difficulty: 'hard',
    });
    await call(t.app, ivy, 'POST', `/api/challenges/${pact.id}/join`);
    const message = await postProof(t.app, ivy, pact.id, { value: 25 });
    expect((await figures(ivy.user.id)).totalWorkouts).toBe(0);
    const res = await decide(t.app, hal, pact.id, message.proof!.id, 'approved');
    expect(res.status).toBe(200);
    await settleProgress(t.app.ctx);
    expect(await figures(ivy.user.id)).toEqual({
      streakCount: 1,
      streakPoints: 1,
      totalWorkouts: 1,
      totalXP: 20,
      level: 1,
    });
    expect((await figures(hal.user.id)).totalWorkouts).toBe(0);
  });
});

describe('periodic refresh', () => {
  it('drops a streak after a missed scheduled day and awards completion XP after the last day', async () => {
    const fay = await signUp(t.app);
    const pact = await pactStartedAgo(fay, 2, { totalDays: 3, difficulty: 'hard' });
    // A longer Pact keeps every day scheduled: once the short one ends, days without a Pact never break a streak.
    await pactStartedAgo(fay, 2, { totalDays: 30, title: 'Long one' });
    const today = localDate(new Date(), 'UTC');
    for (const d of [-2, -1, 0]) await approve(fay, pact, addDays(today, d));
    expect(await figures(fay.user.id)).toMatchObject({ streakCount: 3, totalXP: 60 });

    // Two days later: the Pact is over (100 XP x 2 for hard at 100% done), and the streak lapsed.
    const later = new Date(Date.now() + 2 * 86_400_000);
    await refreshProgress(t.app.ctx, later);
    expect(await figures(fay.user.id)).toMatchObject({ streakCount: 0, totalXP: 260, totalWorkouts: 3 });
    const [part] = await t.database.db
      .select({ status: participations.status, daysDone: participations.daysDone })
      .from(participations)
      .where(eq(participations.pactId, pact.id));
    expect(part).toEqual({ status: 'completed', daysDone: 3 });
    // Nothing left to do a few hours later: no streak to lapse, the completion was already counted.
    expect(await refreshProgress(t.app.ctx, new Date(later.getTime() + 3 * 3600_000))).toBe(0);
  });

  it('recomputes a lapsed streak of someone with no finished Pact', async () => {
    const gus = await signUp(t.app);
    const pact = await pactStartedAgo(gus, 1);
    await approve(gus, pact, localDate(new Date(), 'UTC'));
    expect((await figures(gus.user.id)).streakCount).toBe(1);
    await refreshProgress(t.app.ctx, new Date(Date.now() + 2 * 86_400_000));
    expect(await figures(gus.user.id)).toMatchObject({ streakCount: 0, totalWorkouts: 1 });
  });
});
