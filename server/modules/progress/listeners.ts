import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { recomputeUser, recomputeUsers } from './service';

const INLINE_RECOMPUTES = 50;

/**
 * Keeps progress figures in step with what they are computed from: proof decisions and deletions, time zone
 * changes, leaving and deleting Pacts.
 */
export function registerProgressListeners(ctx: AppContext, log: FastifyBaseLogger) {
  const { events } = ctx;
  // Any decision may change the figures (an approval adds, a rejection after approval takes away).
  events.on('proof.status_changed', ({ userId }) => recomputeUser(ctx, userId).then(() => undefined));
  events.on('proof.deleted', ({ userId }) => recomputeUser(ctx, userId).then(() => undefined));
  events.on('user.time_zone_changed', ({ userId }) => recomputeUser(ctx, userId).then(() => undefined));
  events.on('pact.member_left', ({ userId }) => recomputeUser(ctx, userId).then(() => undefined));
  // Listeners run inside the emitting request: a big Pact's members beyond the first few are done afterwards.
  events.on('pact.deleted', async ({ memberIds }) => {
    await recomputeUsers(ctx, memberIds.slice(0, INLINE_RECOMPUTES));
    const rest = memberIds.slice(INLINE_RECOMPUTES);
    if (rest.length > 0) {
      recomputeUsers(ctx, rest).catch((err) => log.error({ err }, 'progress recompute after delete failed'));
    }
  });
}
