import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { directMessages, subscriptions, teams, users } from '../../db/schema';
import { isBannedUser } from '../users/policy';
import { userSummary } from '../users/summary';

/** Direct messages and the team links they travel on. The only SQL of the messages module. */

export type DmRow = typeof directMessages.$inferSelect;

/** A coach-member link through one team: the member's subscription to it, whatever its state. */
export interface TeamLink {
  teamId: number;
  teamName: string;
  teamImageUrl: string | null;
  teamAccent: string | null;
  coachId: string;
  memberId: string;
  status: (typeof subscriptions.$inferSelect)['status'];
  currentPeriodEnd: Date;
  provider: (typeof subscriptions.$inferSelect)['provider'];
  cancelAtPeriodEnd: boolean;
}

const linkColumns = {
  teamId: teams.id,
  teamName: teams.name,
  teamImageUrl: teams.imageUrl,
  teamAccent: teams.accentColor,
  coachId: teams.coachId,
  memberId: subscriptions.userId,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  provider: subscriptions.provider,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
};

/** A banned coach or member exists for nobody (users/policy.ts): their links carry no conversation. */
const neitherBanned = sql`not ${isBannedUser(sql`${teams.coachId}`)} and not ${isBannedUser(sql`${subscriptions.userId}`)}`;

/** The teams linking `a` and `b`: one coaches it and the other holds (or held) a subscription to it. */
export function linksBetween(db: Db, a: string, b: string): Promise<TeamLink[]> {
  return db
    .select(linkColumns)
    .from(subscriptions)
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .where(
      and(
        or(
          and(eq(teams.coachId, a), eq(subscriptions.userId, b)),
          and(eq(teams.coachId, b), eq(subscriptions.userId, a)),
        ),
        neitherBanned,
      ),
    )
    .orderBy(asc(teams.id));
}

/** Every link of `me` (as coach or member), optionally of one team. */
export function linksOf(db: Db, me: string, teamId?: number): Promise<TeamLink[]> {
  const mine = and(or(eq(teams.coachId, me), eq(subscriptions.userId, me)), neitherBanned);
  return db
    .select(linkColumns)
    .from(subscriptions)
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .where(teamId === undefined ? mine : and(mine, eq(teams.id, teamId)))
    .orderBy(asc(teams.id));
}

export function userSummaries(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(userSummary(users)).from(users).where(inArray(users.id, ids));
}

const pair = (a: string, b: string): SQL =>
  or(
    and(eq(directMessages.senderId, a), eq(directMessages.recipientId, b)),
    and(eq(directMessages.senderId, b), eq(directMessages.recipientId, a)),
  )!;

/**
 * Serialises the writers of one conversation until commit, so its messages commit in id order: a reader that saw
 * id n has every earlier message of the pair, which is what lets a client catch up from its last id.
 */
export async function lockConversation(tx: Db, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(4343, hashtext(${key}))`);
}

/** Stores a message; undefined when its sender already stored one under the same clientKey. */
export async function insertMessage(
  tx: Db,
  row: { teamId: number; senderId: string; recipientId: string; body: string; clientKey: string | null },
): Promise<DmRow | undefined> {
  const [inserted] = await tx.insert(directMessages).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The message a sender stored under a clientKey, if any. */
export async function findByClientKey(db: Db, senderId: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(directMessages)
    .where(and(eq(directMessages.senderId, senderId), eq(directMessages.clientKey, clientKey)));
  return row;
}

/** A page of the pair's messages: older than `before` newest first, or the oldest after `after` ascending. */
export function pageOf(db: Db, a: string, b: string, q: { before?: number; after?: number; limit: number }) {
  const where = [pair(a, b)];
  if (q.before !== undefined) where.push(lt(directMessages.id, q.before));
  if (q.after !== undefined) where.push(gt(directMessages.id, q.after));
  return db
    .select()
    .from(directMessages)
    .where(and(...where))
    .orderBy(q.after !== undefined ? asc(directMessages.id) : desc(directMessages.id))
    .limit(q.limit);
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id));
  return row;
}

/** Per other person: the newest message id and how many of theirs `me` has not read. */
export async function conversationHeads(db: Db, me: string) {
  const result = await db.execute(sql`
    select other_id, max(id) as last_id, count(*) filter (where unread) as unread from (
      select case when ${directMessages.senderId} = ${me} then ${directMessages.recipientId}
                  else ${directMessages.senderId} end as other_id,
             ${directMessages.id} as id,
             (${directMessages.recipientId} = ${me} and ${directMessages.readAt} is null) as unread
      from ${directMessages}
      where ${directMessages.senderId} = ${me} or ${directMessages.recipientId} = ${me}) mine
    group by other_id`);
  const rows = (result as unknown as { rows: { other_id: string; last_id: number; unread: number }[] }).rows;
  return rows.map((r) => ({ otherId: r.other_id, lastId: Number(r.last_id), unread: Number(r.unread) }));
}

export function messagesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as DmRow[]);
  return db.select().from(directMessages).where(inArray(directMessages.id, ids));
}

/** Marks what `senderId` sent to `me` read, up to an id; answers the highest id marked (0 for none). */
export async function markRead(db: Db, me: string, senderId: string, upTo: number | undefined, now: Date) {
  const where = [
    eq(directMessages.recipientId, me),
    eq(directMessages.senderId, senderId),
    isNull(directMessages.readAt),
  ];
  if (upTo !== undefined) where.push(lte(directMessages.id, upTo));
  const rows = await db
    .update(directMessages)
    .set({ readAt: now })
    .where(and(...where))
    .returning({ id: directMessages.id });
  return rows.reduce((max, r) => Math.max(max, r.id), 0);
}

/** Unread messages to `me` from anyone but `hidden` (blocked people) and banned people. */
export async function unreadTotal(db: Db, me: string, hidden: string[]) {
  const where = [
    eq(directMessages.recipientId, me),
    isNull(directMessages.readAt),
    sql`not ${isBannedUser(sql`${directMessages.senderId}`)}`,
  ];
  if (hidden.length > 0) where.push(notInArray(directMessages.senderId, hidden));
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(directMessages)
    .where(and(...where));
  return Number(row?.n ?? 0);
}

/** Erasure of the chat type: every direct message the user sent. */
export async function deleteSentBy(tx: Db, userId: string) {
  await tx.delete(directMessages).where(eq(directMessages.senderId, userId));
}
