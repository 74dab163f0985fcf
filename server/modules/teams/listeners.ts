import type { AppContext } from '../../context';
import '../safety/events';
import { queueCloseTeams } from './subscriptions';

/**
 * A ban closes the coach's teams, and a block between a coach and a member ends that member's subscription at its
 * period's end, either way round: no renewal charges after either (docs/TEAMS.md, "A coach who is gone"). Both
 * go through the durable `teams.close` job, retried until the provider took every cancel.
 */
export function registerTeamsListeners(ctx: AppContext) {
  ctx.events.on('user.banned', async ({ userId }) => {
    await queueCloseTeams(ctx, userId);
  });
  ctx.events.on('user.blocked', async ({ blockerId, blockedId }) => {
    await queueCloseTeams(ctx, blockerId, blockedId);
    await queueCloseTeams(ctx, blockedId, blockerId);
  });
}
