import type { ChangedFrame } from '../../../shared/api/changes';
import type { AppContext } from '../../context';
import { userChannel } from '../../platform/realtime/events';
import '../safety/events';
import { queueCloseTeams } from './subscriptions';

/**
 * A ban closes the coach's teams, and a block between a coach and a member ends that member's subscription at its
 * period's end, either way round: no renewal charges after either (docs/TEAMS.md, "A coach who is gone"). Both
 * go through the durable `teams.close` job, retried until the provider took every cancel.
 */
export function registerMembershipsListeners(ctx: AppContext) {
  ctx.events.on('user.banned', async ({ userId }) => {
    await queueCloseTeams(ctx, userId);
  });
  // A subscription that starts or ends changes the member's Pacts (they join or leave the team's): their screens refresh.
  ctx.events.on('team.subscription_changed', async ({ userId, from, to }) => {
    if (from === to) return;
    const frame: ChangedFrame = { type: 'changed', topics: ['pacts', 'participations'] };
    await ctx.realtime.publish(userChannel(userId), frame);
  });
  ctx.events.on('user.blocked', async ({ blockerId, blockedId }) => {
    await queueCloseTeams(ctx, blockerId, blockedId);
    await queueCloseTeams(ctx, blockedId, blockerId);
  });
}
