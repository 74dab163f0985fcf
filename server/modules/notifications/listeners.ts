import type { NotificationSocketEvent } from '../../../shared/api/notifications';
import type { AppContext } from '../../context';
import { userChannel } from '../../platform/realtime/events';
import { createNotification, decidedAtOnce } from './service';

/**
 * Turns domain events into notifications: a friend added you, your proof was decided, someone joined your Pact.
 * Each stored notification goes live to its user's sockets on every instance through their realtime channel.
 */
export function registerNotificationListeners(ctx: AppContext) {
  ctx.events.on('notification.created', async ({ userId, notification }) => {
    const frame: NotificationSocketEvent = { type: 'notification', notification };
    await ctx.realtime.publish(userChannel(userId), frame);
  });
  ctx.events.on('friend.added', async ({ userId, friendId }) => {
    await createNotification(ctx, { userId: friendId, type: 'friend_added', actorId: userId });
  });
  ctx.events.on('proof.status_changed', async (e) => {
    if (e.to !== 'approved' && e.to !== 'rejected') return;
    if (e.to === 'approved' && !e.decidedById && (await decidedAtOnce(ctx, e.proofId))) return;
    await createNotification(ctx, {
      userId: e.userId,
      type: e.to === 'approved' ? 'proof_approved' : 'proof_rejected',
      actorId: e.decidedById,
      pactId: e.pactId,
      data: { proofId: e.proofId, value: e.value },
    });
  });
  ctx.events.on('pact.member_joined', async ({ pactId, userId, creatorId }) => {
    if (userId === creatorId) return;
    await createNotification(ctx, { userId: creatorId, type: 'pact_joined', actorId: userId, pactId });
  });
}
