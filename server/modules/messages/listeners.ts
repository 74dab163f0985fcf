import type { DirectMessageFrame, DirectReadFrame } from '../../../shared/api/messages';
import type { AppContext } from '../../context';
import { userChannel } from '../../platform/realtime/events';
import { notifyDirectMessage } from '../notifications/service';
import './events';
import { findDirectMessage } from './service';

/**
 * Direct messages reach every socket of both people through their user channels (on every instance), the
 * sender's other tabs included. Frames are not replayed: a client that reconnects catches up over HTTP with
 * `after` = the last id it has (docs/MESSAGES.md).
 */
export function registerMessagesListeners(ctx: AppContext) {
  ctx.events.on('dm.message_created', async ({ messageId, senderId, recipientId }) => {
    // The recipient's notification first (messages sit above notifications, so the messages module asks for it).
    await notifyDirectMessage(ctx, recipientId, senderId);
    const message = await findDirectMessage(ctx, messageId);
    if (!message) return;
    const frame: DirectMessageFrame = { type: 'direct_message', message };
    await ctx.realtime.publish(userChannel(recipientId), frame);
    await ctx.realtime.publish(userChannel(senderId), frame);
  });
  ctx.events.on('dm.read', async ({ readerId, otherId, upTo }) => {
    const frame: DirectReadFrame = { type: 'direct_read', readerId, otherId, upTo };
    await ctx.realtime.publish(userChannel(otherId), frame);
    await ctx.realtime.publish(userChannel(readerId), frame);
  });
}
