import type { AppContext } from '../../context';
import type { Job } from '../../platform/jobs';
import { purgeDeclinedRequests } from './service';

/**
 * Deletes declined friend requests once their cooldown ended. Reads already treat them as gone then; this keeps
 * the table to what still matters. The cooldown is counted in days, so twice a day is plenty.
 */
export function declinedRequestPurgeJob(ctx: AppContext): Job {
  return {
    name: 'friend-request-purge',
    everyMs: 12 * 60 * 60_000,
    run: () => purgeDeclinedRequests(ctx, new Date()),
  };
}
