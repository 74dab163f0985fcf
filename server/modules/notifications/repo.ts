import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/api/notifications';
import type { Db } from '../../db/client';
import { notifications, pacts, users } from '../../db/schema';
import { type ReceivedRequestState, receivedRequestStateSql } from '../friends/policy';
import { pactVisibleTo } from '../pacts/policy';
import { blockedBetween } from '../users/policy';
import { userSummary } from '../users/summary';

/** In-app notifications. Reads hide actors blocked either way and Pacts the reader may no longer see. */

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  pactId?: number | null;
  data?: Record<string, unknown>;
}

export async function insert(db: Db, n: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: n.userId,
      type: n.type,
      actorId: n.actorId ?? null,
      pactId: n.pactId ?? null,
      data: n.data ?? {},
    })
    .returning({ id: notifications.id });
  return row!.id;
}

const notBlocked = (me: string): SQL =>
  sql`(${notifications.actorId} is null or not ${blockedBetween(me, sql`${notifications.actorId}`)})`;

function rows(db: Db, me: string) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actor: userSummary(users),
      pact: { id: pacts.id, title: pacts.title },
      // Where a friend request stands now, so its Accept and Decline show only while it waits.
      friendRequest: sql<ReceivedRequestState | null>`case when ${notifications.type} = 'friend_request'
        then ${receivedRequestStateSql(me, sql`${notifications.actorId}`)} end`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(pacts, and(eq(pacts.id, notifications.pactId), pactVisibleTo(me)));
}

export type NotificationRow = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

/** Newest first, ids below `beforeId`; reads `limit + 1` so the caller knows if more follow. */
export async function page(db: Db, me: string, beforeId: number | null, limit: number) {
  const conditions: SQL[] = [eq(notifications.userId, me), notBlocked(me)];
  if (beforeId != null) conditions.push(lt(notifications.id, beforeId));
  return rows(db, me)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
}

export async function findOne(db: Db, me: string, id: number) {
  const [row] = await rows(db, me).where(and(eq(notifications.id, id), eq(notifications.userId, me)));
  return row;
}

export async function unreadCount(db: Db, me: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, me), isNull(notifications.readAt), notBlocked(me)));
  return row?.n ?? 0;
}

/** How many of `ids` belong to `me`. */
export async function countOwned(db: Db, me: string, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, me), inArray(notifications.id, ids)));
  return row?.n ?? 0;
}

/**
 * Deletes the friend-request notifications `actorId` caused `userId` (the request was withdrawn or cancelled by a
 * block); how many.
 */
export async function deleteFriendRequestNotes(db: Db, userId: string, actorId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.actorId, actorId),
        eq(notifications.type, 'friend_request'),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks `ids` (or all when null) of `me` read; already read ones keep their first read time. */
export async function markRead(db: Db, me: string, ids: number[] | null, now: Date) {
  const conditions: SQL[] = [eq(notifications.userId, me), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...conditions));
}

/** `userId`'s unread notifications of `type` caused by `actorId`. */
const unreadFrom = (userId: string, type: NotificationType, actorId: string) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.type, type),
    eq(notifications.actorId, actorId),
    isNull(notifications.readAt),
  );

/** Whether `userId` has an unread notification of `type` caused by `actorId`. */
export async function hasUnreadFrom(db: Db, userId: string, type: NotificationType, actorId: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(unreadFrom(userId, type, actorId))
    .limit(1);
  return row !== undefined;
}

/** Marks `userId`'s unread notifications of `type` caused by `actorId` read; how many. */
export async function markReadFrom(
  db: Db,
  userId: string,
  type: NotificationType,
  actorId: string,
  now: Date,
) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(unreadFrom(userId, type, actorId))
    .returning({ id: notifications.id });
  return rows.length;
}
