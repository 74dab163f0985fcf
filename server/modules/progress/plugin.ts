import type { FastifyInstance } from 'fastify';
import { registerJobs } from '../../platform/jobs';
import { onProofDeleted } from './proof-events';
import { progressJob, recomputeUser, recomputeUsers } from './service';

const INLINE_RECOMPUTES = 50;

/**
 * Keeps progress figures in step with what they are computed from: proof decisions and deletions, time zone
 * changes, leaving and deleting Pacts; plus the hourly refresh job (lapsed streaks, finished Pacts).
 */
export async function progressPlugin(app: FastifyInstance) {
  const { ctx } = app;
  // Any decision may change the figures (an approval adds, a rejection after approval takes away).
  ctx.events.on('proof.status_changed', async ({ userId }) => {
    await recomputeUser(ctx, userId);
  });
  onProofDeleted(ctx.events, async ({ userId }) => {
    await recomputeUser(ctx, userId);
  });
  ctx.events.on('user.time_zone_changed', async ({ userId }) => {
    await recomputeUser(ctx, userId);
  });
  ctx.events.on('pact.member_left', async ({ userId }) => {
    await recomputeUser(ctx, userId);
  });
  // Listeners run inside the emitting request: a big Pact's members beyond the first few are done afterwards.
  ctx.events.on('pact.deleted', async ({ memberIds }) => {
    await recomputeUsers(ctx, memberIds.slice(0, INLINE_RECOMPUTES));
    const rest = memberIds.slice(INLINE_RECOMPUTES);
    if (rest.length > 0) {
      recomputeUsers(ctx, rest).catch((err) =>
        app.log.error({ err }, 'progress recompute after delete failed'),
      );
    }
  });
  registerJobs(app, [progressJob(ctx)]);
}
