import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import '../safety/events';
import { closeTeamsOf } from './subscriptions';

/**
 * A ban closes the coach's teams, and a block between a coach and a member ends that member's subscription at its
 * period's end, either way round: no renewal charges after either (docs/TEAMS.md, "A coach who is gone").
 */
export function registerTeamsListeners(ctx: AppContext, log: FastifyBaseLogger) {
  ctx.events.on('user.banned', ({ userId }) => closeTeamsOf(ctx, userId, log));
  ctx.events.on('user.blocked', async ({ blockerId, blockedId }) => {
    await closeTeamsOf(ctx, blockerId, log, blockedId);
    await closeTeamsOf(ctx, blockedId, log, blockerId);
  });
}
