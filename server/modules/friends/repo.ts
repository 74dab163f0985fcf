import { and, asc, desc, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendRequests, friendships, users } from '../../db/schema';
import { userVisibleTo } from '../users/policy';
import { userSummary } from '../users/summary';
import type { PairFacts } from './policy';

/** Friendships (stored both ways, so "my friends" is one indexed read) and the requests that lead to them. */

export async function listFriends(db: Db, me: string) {
  return db
    .select(userSummary(users))
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, me), userVisibleTo(me)))
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id));
}

/** Makes the two users friends (both rows); true when they were not friends before. */
export async function addFriendship(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing()
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

/** Ends the friendship in both directions; true when there was one. */
export async function removeFriendship(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

export async function areFriends(db: Db, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
  return row !== undefined;
}

export async function friendCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return row?.n ?? 0;
}

const between = (requester: string, addressee: string): SQL =>
  and(eq(friendRequests.requesterId, requester), eq(friendRequests.addresseeId, addressee))!;

/**
 * The pair as `me` sees it: the friendship and a request either way. With `lock`, the request rows are locked
 * for the caller's transaction, so two answers to one request cannot both apply.
 */
export async function pairFacts(db: Db, me: string, other: string, lock = false): Promise<PairFacts> {
  let requests = db
    .select({
      requesterId: friendRequests.requesterId,
      declinedAt: friendRequests.declinedAt,
      withdrawnAt: friendRequests.withdrawnAt,
    })
    .from(friendRequests)
    .where(or(between(me, other), between(other, me)))
    .$dynamic();
  if (lock) requests = requests.for('update');
  const rows = await requests;
  const friends = await areFriends(db, me, other);
  const sent = rows.find((r) => r.requesterId === me);
  const received = rows.find((r) => r.requesterId === other);
  return {
    friends,
    sent: sent ? { declinedAt: sent.declinedAt, withdrawnAt: sent.withdrawnAt } : null,
    received: received ? { declinedAt: received.declinedAt, withdrawnAt: received.withdrawnAt } : null,
  };
}

/** Whether the user is a Try Demo account or one of its sample friends. */
export async function isDemoUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  return row?.isDemo ?? false;
}

/** Stores a new request; false when the pair already has one (either way), which the caller then re-reads. */
export async function insertRequest(db: Db, requesterId: string, addresseeId: string): Promise<boolean> {
  const rows = await db
    .insert(friendRequests)
    .values({ requesterId, addresseeId })
    .onConflictDoNothing()
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length > 0;
}

/** Deletes the request `requester` sent `addressee` (any state); true when there was one. */
export async function deleteRequest(db: Db, requester: string, addressee: string): Promise<boolean> {
  const rows = await db
    .delete(friendRequests)
    .where(between(requester, addressee))
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length > 0;
}

/**
 * The requester withdraws what they sent: a request still waiting is deleted (true); a declined one is only marked
 * withdrawn, so its cooldown keeps running (docs/RULES.md, "Friends").
 */
export async function withdrawRequest(
  db: Db,
  requester: string,
  addressee: string,
  now: Date,
): Promise<boolean> {
  await db
    .update(friendRequests)
    .set({ withdrawnAt: now })
    .where(
      and(
        between(requester, addressee),
        isNotNull(friendRequests.declinedAt),
        isNull(friendRequests.withdrawnAt),
      ),
    );
  const rows = await db
    .delete(friendRequests)
    .where(and(between(requester, addressee), isNull(friendRequests.declinedAt)))
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length > 0;
}

/** The requester asks again while their declined request cools down: it reads as sent to them again, quietly. */
export async function unwithdrawRequest(db: Db, requester: string, addressee: string) {
  await db.update(friendRequests).set({ withdrawnAt: null }).where(between(requester, addressee));
}

/** Deletes the request that still waits for `addressee` (not declined); true when there was one. */
export async function takePendingRequest(db: Db, requester: string, addressee: string): Promise<boolean> {
  const rows = await db
    .delete(friendRequests)
    .where(and(between(requester, addressee), isNull(friendRequests.declinedAt)))
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length > 0;
}

/** Marks the waiting request declined; true when there was one. */
export async function declineRequest(db: Db, requester: string, addressee: string, now: Date) {
  const rows = await db
    .update(friendRequests)
    .set({ declinedAt: now })
    .where(and(between(requester, addressee), isNull(friendRequests.declinedAt)))
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length > 0;
}

/** Deletes every request between the two, both ways (a block). */
/** Requests still waiting between the two, either way; a declined one stays, with its cooldown. */
export async function deletePendingRequestsBetween(db: Db, a: string, b: string) {
  await db
    .delete(friendRequests)
    .where(and(or(between(a, b), between(b, a)), isNull(friendRequests.declinedAt)));
}

/** Requests `me` sent that still stand for `me` (see friends/policy.ts standsForRequester). */
const sentStanding = (me: string, cutoff: Date): SQL =>
  and(
    eq(friendRequests.requesterId, me),
    isNull(friendRequests.withdrawnAt),
    or(isNull(friendRequests.declinedAt), sql`${friendRequests.declinedAt} > ${cutoff}`),
  )!;

export async function countSent(db: Db, me: string, cutoff: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendRequests)
    .where(sentStanding(me, cutoff));
  return row?.n ?? 0;
}

const requestColumns = { user: userSummary(users), createdAt: friendRequests.createdAt };

/** The requests `me` sent that still stand, newest first (declined ones look the same to their requester). */
export async function listSent(db: Db, me: string, cutoff: Date, limit: number) {
  return db
    .select(requestColumns)
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.addresseeId))
    .where(and(sentStanding(me, cutoff), userVisibleTo(me)))
    .orderBy(desc(friendRequests.createdAt), asc(users.id))
    .limit(limit);
}

const receivedWaiting = (me: string): SQL =>
  and(eq(friendRequests.addresseeId, me), isNull(friendRequests.declinedAt), userVisibleTo(me))!;

/** The requests waiting for `me`'s answer, newest first. */
export async function listReceived(db: Db, me: string, limit: number) {
  return db
    .select(requestColumns)
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.requesterId))
    .where(receivedWaiting(me))
    .orderBy(desc(friendRequests.createdAt), asc(users.id))
    .limit(limit);
}

export async function countReceived(db: Db, me: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.requesterId))
    .where(receivedWaiting(me));
  return row?.n ?? 0;
}

/** Deletes declined requests whose cooldown ended; how many. */
export async function purgeDeclined(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(friendRequests)
    .where(and(isNotNull(friendRequests.declinedAt), lt(friendRequests.declinedAt, cutoff)))
    .returning({ requesterId: friendRequests.requesterId });
  return rows.length;
}

/** Erasure of the social type: every friendship and friend request the user is in, either side. */
export async function deleteAllOf(db: Db, userId: string) {
  await db.delete(friendships).where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
  await db
    .delete(friendRequests)
    .where(or(eq(friendRequests.requesterId, userId), eq(friendRequests.addresseeId, userId)));
}
