import {
  type MarkReadBody,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationPage,
} from '../../../shared/api/notifications';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { notFound } from '../../platform/errors';
import { isHiddenFrom } from '../safety/service';
import { findUserById } from '../users/service';
import './events';
import { mayReceive } from './policy';
import * as repo from './repo';

/** In-app notifications (docs/CHAT.md, "Notifications"): stored, listed newest first with unread counts, delivered live. */

function present(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor?.id && row.actor.username ? (row.actor as Notification['actor']) : null,
    pact: row.pact?.id != null && row.pact.title != null ? { id: row.pact.id, title: row.pact.title } : null,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    ...(row.friendRequest ? { friendRequest: row.friendRequest } : {}),
  };
}

/**
 * Stores a notification and publishes it. Nothing is stored for system users (the AI trainer reads none), for
 * oneself, or between a blocked pair. Also the entry point for other modules (billing's trial_ending).
 */
export async function createNotification(ctx: AppContext, input: repo.NewNotification) {
  if (input.actorId === input.userId) return null;
  const recipient = await findUserById(ctx, input.userId);
  // A block either way, or an actor the reader may not see (a demo account of another sandbox).
  const blocked = input.actorId ? await isHiddenFrom(ctx, input.userId, input.actorId) : false;
  if (!mayReceive(recipient, blocked)) return null;
  const id = await repo.insert(ctx.db, input);
  const row = await repo.findOne(ctx.db, input.userId, id);
  if (!row) return null;
  const notification = present(row);
  await ctx.events.emit('notification.created', { userId: input.userId, notification });
  return notification;
}

/**
 * A direct message arrived: the recipient hears of it unless a notification of that sender's messages is still
 * unread (one per conversation, however many messages follow).
 */
export async function notifyDirectMessage(ctx: AppContext, recipientId: string, senderId: string) {
  if (await repo.hasUnreadFrom(ctx.db, recipientId, 'direct_message', senderId)) return null;
  return createNotification(ctx, { userId: recipientId, type: 'direct_message', actorId: senderId });
}

/** The reader opened their conversation with `senderId`: its message notification is read. */
export async function readDirectMessageNotes(
  ctx: AppContext,
  readerId: string,
  senderId: string,
  now = new Date(),
) {
  return repo.markReadFrom(ctx.db, readerId, 'direct_message', senderId, now);
}

/** A friend request was withdrawn or cancelled: its notification goes, and with it its Accept and Decline. */
export async function dropFriendRequestNotes(ctx: AppContext, userId: string, actorId: string) {
  return repo.deleteFriendRequestNotes(ctx.db, userId, actorId);
}

export async function listNotifications(
  ctx: AppContext,
  meId: string,
  cursor?: string,
): Promise<NotificationPage> {
  const rows = await repo.page(ctx.db, meId, cursor ? decodeCursor(cursor) : null, NOTIFICATIONS_PAGE_SIZE);
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = items[items.length - 1];
  return {
    items: items.map(present),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor(last.id) : null,
    unreadCount: await repo.unreadCount(ctx.db, meId),
  };
}

/** Marks some or all of the caller's notifications read. Any id that is not the caller's: 404, nothing changes. */
export async function markRead(ctx: AppContext, meId: string, body: MarkReadBody, now = new Date()) {
  const ids = body.ids ? [...new Set(body.ids)] : null;
  await ctx.db.transaction(async (tx) => {
    if (ids && (await repo.countOwned(tx, meId, ids)) !== ids.length)
      throw notFound('Notification not found');
    await repo.markRead(tx, meId, ids, now);
  });
  return { ok: true as const, unreadCount: await repo.unreadCount(ctx.db, meId) };
}
