import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import '../safety/events';
import { closeTeamsOf } from './subscriptions';

/** A ban closes the coach's teams: no renewal charges after it (docs/TEAMS.md, "A coach who is gone"). */
export function registerTeamsListeners(ctx: AppContext, log: FastifyBaseLogger) {
  ctx.events.on('user.banned', ({ userId }) => closeTeamsOf(ctx, userId, log));
}
