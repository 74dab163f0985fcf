import type { NotificationSocketEvent } from '../../../shared/api/notifications';
import type { AppContext } from '../../context';
import { userChannel } from '../../platform/realtime/events';
import '../friends/events';
import '../safety/events';
import { notifyPendingProof } from './proof-review';
import { createNotification, dropFriendRequestNotes } from './service';

/**
 * Turns domain events into notifications: someone asked to be your friend or accepted your request, a proof waits
 * for your review (and a push), your proof was decided, someone joined your Pact, your coach or a member sent you a direct message. A request withdrawn or cancelled by a block takes its notification along.
 * Each stored notification goes live to its user's sockets on every instance through their realtime channel.
 */
export function registerNotificationListeners(ctx: AppContext) {
  ctx.events.on('notification.created', async ({ userId, notification }) => {
    const frame: NotificationSocketEvent = { type: 'notification', notification };
    await ctx.realtime.publish(userChannel(userId), frame);
  });
  ctx.events.on('friend.requested', async ({ requesterId, addresseeId }) => {
    await createNotification(ctx, { userId: addresseeId, type: 'friend_request', actorId: requesterId });
  });
  ctx.events.on('friend.request_withdrawn', async ({ requesterId, addresseeId }) => {
    await dropFriendRequestNotes(ctx, addresseeId, requesterId);
  });
  ctx.events.on('user.blocked', async ({ blockerId, blockedId }) => {
    await dropFriendRequestNotes(ctx, blockerId, blockedId);
    await dropFriendRequestNotes(ctx, blockedId, blockerId);
  });
  ctx.events.on('friend.added', async ({ userId, friendId }) => {
    await createNotification(ctx, { userId: friendId, type: 'friend_added', actorId: userId });
  });
  ctx.events.on('proof.status_changed', async (e) => {
    // A proof approved the moment it was posted, with nobody deciding, needs no notification: its author saw it.
    if (e.to === 'approved' && !e.decidedById && e.atCreation) return;
    await createNotification(ctx, {
      userId: e.userId,
      type: e.to === 'approved' ? 'proof_approved' : 'proof_rejected',
      actorId: e.decidedById,
      pactId: e.pactId,
      data: { proofId: e.proofId, value: e.value },
    });
  });
  ctx.events.on('proof.pending', (e) => notifyPendingProof(ctx, e));
  ctx.events.on('pact.member_joined', async ({ pactId, userId, creatorId }) => {
    if (userId === creatorId) return;
    await createNotification(ctx, { userId: creatorId, type: 'pact_joined', actorId: userId, pactId });
  });
}
