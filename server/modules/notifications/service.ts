import {
  type MarkReadBody,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationPage,
} from '../../../shared/api/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../pacts/read-service';
import * as repo from './repo';

/** In-app notifications (DECISIONS 10): stored, listed newest first with unread counts, delivered live. */

declare module '../../platform/events' {
  interface DomainEvents {
    /** After insert: the realtime gateway delivers it to the user's sockets ({type:'notification', notification}). */
    'notification.created': { userId: string; notification: Notification };
  }
}

function present(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor?.id && row.actor.username ? (row.actor as Notification['actor']) : null,
    pact: row.pact?.id != null && row.pact.title != null ? { id: row.pact.id, title: row.pact.title } : null,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a notification and publishes it. Nothing is stored for system users (the AI trainer reads none), for
 * oneself, or between a blocked pair. Also the entry point for other modules (billing's trial_ending).
 */
export async function createNotification(ctx: AppContext, input: repo.NewNotification) {
  if (input.actorId === input.userId) return null;
  const role = await repo.userRole(ctx.db, input.userId);
  if (role !== 'user' && role !== 'admin') return null;
  if (input.actorId && (await repo.isBlockedPair(ctx.db, input.userId, input.actorId))) return null;
  const id = await repo.insert(ctx.db, input);
  const row = await repo.findOne(ctx.db, input.userId, id);
  if (!row) return null;
  const notification = present(row);
  await ctx.events.emit('notification.created', { userId: input.userId, notification });
  return notification;
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
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (ids && (await repo.countOwned(tx, meId, ids)) !== ids.length)
      throw notFound('Notification not found');
    await repo.markRead(tx, meId, ids, now);
  });
  return { ok: true as const, unreadCount: await repo.unreadCount(ctx.db, meId) };
}

/** A proof approved the moment it was posted (nobody could decide it) needs no notification: its author saw it. */
export async function decidedAtOnce(ctx: AppContext, proofId: number): Promise<boolean> {
  const times = await repo.proofTimes(ctx.db, proofId);
  if (!times?.decidedAt) return false;
  return times.decidedAt.getTime() - times.createdAt.getTime() < 5_000;
}
