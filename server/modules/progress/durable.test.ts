import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../shared/domain/time';
import { jobs, participations, users } from '../../db/schema';
import { claimDueJobs, runDueJobs, startJobRunner } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';
import { decide } from '../proofs/testing';
import { insertProof, settleProgress } from './testing';

/**
 * Progress is derived durably (docs/ARCHITECTURE.md, Jobs): a decision stores its author's recompute job in its
 * own transaction, and whatever happens to the runner afterwards, the figures end right.
 */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const quiet = { info() {}, warn() {}, error() {} };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const figures = async (userId: string) => {
  const [row] = await t.database.db
    .select({ streakCount: users.streakCount, totalWorkouts: users.totalWorkouts, totalXP: users.totalXP })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};
const recomputeJobs = (userId: string) =>
  t.database.db
    .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(and(eq(jobs.name, 'progress.recompute'), eq(jobs.payload, { userId })));

/** A member of a coach's every-day Pact (easy: 10 XP a proof) since `daysAgo`, with pending proofs on `days`. */
async function memberWithPendingProofs(daysAgo: number, days: number[]) {
  const coach = await signUp(t.app);
  const member = await signUp(t.app);
  const pact = await createPactVia(t.app, coach, { scheduleDays: [...EVERY_DAY], difficulty: 'easy' });
  await call(t.app, member, 'POST', `/api/challenges/${pact.id}/join`);
  const today = localDate(new Date(), 'UTC');
  await t.database.db
    .update(participations)
    .set({ startDay: addDays(today, -daysAgo) })
    .where(eq(participations.userId, member.user.id));
  const proofIds: number[] = [];
  for (const d of days) {
    proofIds.push(
      await insertProof(t.database.db, {
        userId: member.user.id,
        pactId: pact.id,
        recordedDay: addDays(today, d),
        status: 'pending',
      }),
    );
  }
  return { coach, member, pact, proofIds };
}

async function approveAll(coach: SignedIn, pactId: number, proofIds: number[]) {
  for (const id of proofIds) expect((await decide(t.app, coach, pactId, id, 'approved')).status).toBe(200);
}

describe('progress recompute job', () => {
  it('decisions taken while the runner is stopped are counted once it starts', async () => {
    const { coach, member, pact, proofIds } = await memberWithPendingProofs(3, [-2, -1, 0]);
    await approveAll(coach, pact.id, proofIds);
    // Three decisions, one pending job for the member (dedupe key), figures not moved yet.
    const pending = await recomputeJobs(member.user.id);
    expect(pending.filter((j) => j.status === 'pending')).toHaveLength(1);
    expect(await figures(member.user.id)).toEqual({ streakCount: 0, totalWorkouts: 0, totalXP: 0 });

    const stop = startJobRunner(t.app.ctx, quiet, { pollMs: 20, firstRunMs: 3_600_000 });
    try {
      await expect
        .poll(() => figures(member.user.id), { timeout: 10_000, interval: 50 })
        .toEqual({ streakCount: 3, totalWorkouts: 3, totalXP: 30 });
    } finally {
      await stop();
    }
    expect((await recomputeJobs(member.user.id)).map((j) => j.status)).toEqual(['done']);
  });

  it('a decision while a recompute runs gets a recompute of its own', async () => {
    const { coach, member, pact, proofIds } = await memberWithPendingProofs(2, [-1, 0]);
    await approveAll(coach, pact.id, proofIds.slice(0, 1));
    // A runner took the job and released its key (its first step), then the second decision came.
    const [claimed] = await claimDueJobs(t.database.db, {
      owner: 'slow-runner',
      now: new Date(),
      lockMs: 30_000,
      limit: 10,
      names: ['progress.recompute'],
    });
    await t.database.db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, claimed!.id));
    await approveAll(coach, pact.id, proofIds.slice(1));
    const rows = await recomputeJobs(member.user.id);
    expect(rows.map((j) => j.status).sort()).toEqual(['pending', 'running']);
    await settleProgress(t.app.ctx);
    expect(await figures(member.user.id)).toMatchObject({ totalWorkouts: 2, streakCount: 2 });
  });

  it('a job whose runner was killed mid-way is taken over when its lock expires, and fixes the figures', async () => {
    const { coach, member, pact, proofIds } = await memberWithPendingProofs(2, [-1, 0]);
    await approveAll(coach, pact.id, proofIds);
    const now = new Date();
    // A runner claims the job, releases its key and dies before committing anything.
    const [claimed] = await claimDueJobs(t.database.db, {
      owner: 'killed-runner',
      now,
      lockMs: 30_000,
      limit: 10,
      names: ['progress.recompute'],
    });
    expect(claimed).toBeDefined();
    await t.database.db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, claimed!.id));
    await runDueJobs(t.app.ctx, { now, names: ['progress.recompute'] });
    expect((await figures(member.user.id)).totalWorkouts).toBe(0);
    expect((await recomputeJobs(member.user.id))[0]).toMatchObject({ status: 'running', attempts: 1 });

    // (Other tests' abandoned jobs are taken over too: count only this member's.)
    await runDueJobs(t.app.ctx, { now: new Date(now.getTime() + 31_000), names: ['progress.recompute'] });
    expect(await figures(member.user.id)).toEqual({ streakCount: 2, totalWorkouts: 2, totalXP: 20 });
    const [job] = await recomputeJobs(member.user.id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a recompute that fails mid-way rolls back, is retried, and the retry fixes the figures', async () => {
    const { coach, member, pact, proofIds } = await memberWithPendingProofs(2, [-1, 0]);
    await approveAll(coach, pact.id, proofIds);
    // A zone no clock knows makes the recompute throw after it locked the user and completed participations.
    await t.database.db
      .update(users)
      .set({ timeZone: 'Nowhere/Atlantis' })
      .where(eq(users.id, member.user.id));
    const now = new Date();
    expect(await settleProgress(t.app.ctx, now)).toMatchObject({ done: 0, retried: 1 });
    expect(await figures(member.user.id)).toEqual({ streakCount: 0, totalWorkouts: 0, totalXP: 0 });
    expect((await recomputeJobs(member.user.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    await t.database.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, member.user.id));
    expect(await settleProgress(t.app.ctx, new Date(now.getTime() + 2_500))).toMatchObject({ done: 1 });
    expect(await figures(member.user.id)).toEqual({ streakCount: 2, totalWorkouts: 2, totalXP: 20 });
  });
});

describe('what changed', () => {
  it('once the figures are stored, the author and the decider hear it over their user channels', async () => {
    const { coach, member, pact, proofIds } = await memberWithPendingProofs(1, [0]);
    const heard: { channel: string; frame: unknown }[] = [];
    const offs = [member, coach].map((who) =>
      t.app.ctx.realtime.subscribe(`user:${who.user.id}`, (frame) => {
        // Only the "what changed" frames (the decision also notifies the author).
        if ((frame as { type?: string }).type === 'changed')
          heard.push({ channel: `user:${who.user.id}`, frame });
      }),
    );
    try {
      await approveAll(coach, pact.id, proofIds);
      expect(heard).toEqual([]);
      await settleProgress(t.app.ctx);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual(
        expect.arrayContaining([
          {
            channel: `user:${member.user.id}`,
            frame: { type: 'changed', topics: ['progress', 'participations', 'leaderboard'] },
          },
          {
            channel: `user:${coach.user.id}`,
            frame: { type: 'changed', topics: ['leaderboard', 'participations'] },
          },
        ]),
      );
    } finally {
      for (const off of offs) off();
    }
  });
});
