import {
  isFinished,
  type ProgressSummary,
  pactCompletion,
  scheduleFromParticipations,
  summarizeProgress,
} from '../../../shared/domain/progress';
import { addDays, localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Job } from '../../platform/jobs';
import { completeFinishedParticipations, saveParticipationProgress } from '../pacts/bookkeeping';
import { type ProgressFigures, saveProgressFigures } from '../users/service';
import './events';
import * as repo from './repo';

const JOB_BATCH = 2000;
/** Who decided the author's proofs this recently hears that the figures moved (their leaderboard, the Pact card). */
const WATCH_DECISIONS_MS = 10 * 60_000;

/**
 * The one writer of derived progress (docs/RULES.md, Progress): recomputes everything progress shows for one user
 * from their counted approved proofs (shared/domain/progress.ts) and stores it: streak, freezes, points, workouts,
 * XP and level on the user; days done and completed value on each participation; and completes the participations
 * whose last day is behind (their completion XP counts from then on). One transaction holding the user's row, so
 * concurrent recomputes of one user run one after the other. Runs from the `progress.recompute` job (jobs.ts).
 */
export async function recomputeUser(
  ctx: AppContext,
  userId: string,
  now = new Date(),
): Promise<ProgressSummary | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) return null;
    await completeFinishedParticipations(tx, now, { userId });
    const today = localDate(now, user.timeZone);
    const [proofs, parts] = await Promise.all([
      repo.approvedProofs(tx, userId),
      repo.userParticipations(tx, userId),
    ]);

    const completedPacts: { difficulty: repo.ProgressParticipation['difficulty'] }[] = [];
    for (const part of parts) {
      const endDay = addDays(part.startDay, part.totalDays - 1);
      const mine = proofs.filter(
        (p) => p.pactId === part.pactId && p.recordedDay >= part.startDay && p.recordedDay <= endDay,
      );
      const done = new Set(mine.map((p) => p.recordedDay));
      const value = mine.reduce((sum, p) => sum + p.value, 0);
      if (done.size !== part.daysDone || value !== part.completedValue) {
        await saveParticipationProgress(tx, part.id, done.size, value);
      }
      if (
        isFinished(part.startDay, today, part.totalDays) &&
        pactCompletion(part.scheduleDays, part.startDay, part.totalDays, done).completed
      ) {
        completedPacts.push({ difficulty: part.difficulty });
      }
    }

    const summary = summarizeProgress({
      approvedProofs: proofs,
      completedPacts,
      isScheduled: scheduleFromParticipations(
        parts.map((p) => ({
          scheduleDays: p.scheduleDays,
          startDay: p.startDay,
          endDay: addDays(p.startDay, p.totalDays - 1),
        })),
      ),
      today,
    });
    const figures: ProgressFigures = {
      streakCount: summary.currentStreak,
      streakPoints: summary.streakPoints,
      totalWorkouts: summary.totalWorkouts,
      totalXP: summary.totalXp,
      level: summary.level,
      streakFreezes: summary.streakFreezes,
      frozenDays: summary.frozenDays,
    };
    await saveProgressFigures(tx, userId, figures, now);
    const watchers = await repo.recentDeciders(tx, userId, new Date(now.getTime() - WATCH_DECISIONS_MS));
    return { summary, watchers };
  });
  if (!result) return null;
  await ctx.events.emit('progress.updated', { userId, watchers: result.watchers });
  return result.summary;
}

/** Recomputes several users one after the other; one failure does not stop the rest. */
export async function recomputeUsers(ctx: AppContext, userIds: Iterable<string>, now = new Date()) {
  let done = 0;
  const failed: unknown[] = [];
  for (const id of new Set(userIds)) {
    try {
      await recomputeUser(ctx, id, now);
      done += 1;
    } catch (err) {
      failed.push(err);
    }
  }
  if (failed.length > 0)
    throw new AggregateError(failed, `progress recompute failed for ${failed.length} users`);
  return done;
}

/**
 * The periodic refresh: recomputes users with a participation past its last day (it is completed, and its
 * completion XP counted) and users whose shown streak may have lapsed, or used a freeze, because a scheduled day
 * went by without a workout. Every 15 minutes, so each time zone's midnight is picked up soon after.
 */
export async function refreshProgress(ctx: AppContext, now = new Date()) {
  const finished = await repo.usersWithFinishedParticipations(ctx.db, now, JOB_BATCH);
  const stale = await repo.usersWithStaleStreak(ctx.db, now, JOB_BATCH);
  return recomputeUsers(ctx, [...finished, ...stale], now);
}

export function progressJob(ctx: AppContext): Job {
  return { name: 'progress-refresh', everyMs: 15 * 60_000, run: (now) => refreshProgress(ctx, now) };
}
