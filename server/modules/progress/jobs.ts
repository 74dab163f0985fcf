import { z } from 'zod';
import { type DbOrTx, defineJob, releaseDedupeKey } from '../../platform/jobs';
import { recomputeUser } from './service';

const payload = z.object({ userId: z.string().min(1) });
const dedupeKey = (userId: string) => `progress:${userId}`;

/**
 * Recomputes one person's progress (service.ts recomputeUser), durably: enqueued in the transaction of whatever
 * changes what progress is computed from (a proof decision), so a crash between the decision and the recompute
 * leaves a job to run, not wrong figures. One pending job per person (the dedupe key). The run first releases its
 * key, then reads: a decision committed after that enqueues a new job, one committed before is in what it reads,
 * so no decision is ever left out. A recompute is idempotent, so a retry (a failure, a runner killed mid-way whose
 * lock expired) simply recomputes again.
 */
export const progressRecomputeJob = defineJob<z.infer<typeof payload>>({
  name: 'progress.recompute',
  parse: (raw) => payload.parse(raw),
  handler: async (ctx, { userId }, run) => {
    await releaseDedupeKey(ctx.db, run.job.id);
    await recomputeUser(ctx, userId, run.now);
  },
  maxAttempts: 20,
  backoff: { baseMs: 2_000, capMs: 10 * 60_000 },
  lockMs: 30_000,
});

/** Asks for a recompute of the user's progress; `db` is the caller's transaction when the cause is written in one. */
export function enqueueProgressRecompute(db: DbOrTx, userId: string) {
  return progressRecomputeJob.enqueue(db, { userId }, { dedupeKey: dedupeKey(userId) });
}

/** Asks for each user's recompute (a deleted Pact's members). */
export async function enqueueProgressRecomputes(db: DbOrTx, userIds: Iterable<string>) {
  for (const userId of new Set(userIds)) await enqueueProgressRecompute(db, userId);
}
