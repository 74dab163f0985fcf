import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blocks, chatMessages, participations, proofs, sessions, users } from '../../db/schema';

/** Chat messages of a Pact with their authors and proofs. The only SQL of the chat module. */

export type MessageType = (typeof chatMessages.$inferSelect)['type'];

const decider = alias(users, 'decider');

const messageColumns = {
  id: chatMessages.id,
  pactId: chatMessages.pactId,
  userId: chatMessages.userId,
  type: chatMessages.type,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
  user: { id: users.id, firstName: users.firstName, username: users.username, profileImageUrl: users.image },
  proof: {
    id: proofs.id,
    userId: proofs.userId,
    status: proofs.status,
    value: proofs.value,
    recordedDay: proofs.recordedDay,
    videoMediaId: proofs.videoMediaId,
    thumbnailMediaId: proofs.thumbnailMediaId,
    decidedAt: proofs.decidedAt,
    createdAt: proofs.createdAt,
  },
  decider: {
    id: decider.id,
    firstName: decider.firstName,
    username: decider.username,
    profileImageUrl: decider.image,
  },
};

function messageRows(db: Db) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(proofs, eq(proofs.messageId, chatMessages.id))
    .leftJoin(decider, eq(decider.id, proofs.decidedById));
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messageRows>['execute']>>[number];

/**
 * Serialises the writers of one Pact's chat until commit, so its messages commit in id order: a reader that saw
 * id n has seen every earlier message of that Pact, which is what lets sockets resume from an id without gaps.
 */
export async function lockPactChat(tx: Db, pactId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(4242, ${pactId})`);
}

/** Inserts a message (call inside a transaction holding lockPactChat). Null when the clientKey was used before. */
export async function insertMessage(
  tx: Db,
  row: { pactId: number; userId: string; type: MessageType; body: string; clientKey?: string | null },
): Promise<number | null> {
  const [inserted] = await tx
    .insert(chatMessages)
    .values({ ...row, clientKey: row.clientKey ?? null })
    .onConflictDoNothing()
    .returning({ id: chatMessages.id });
  return inserted?.id ?? null;
}

/** The message a user already stored under a clientKey, whichever Pact it went to. */
export async function findByClientKey(db: Db, userId: string, clientKey: string) {
  const [row] = await db
    .select({ id: chatMessages.id, pactId: chatMessages.pactId, type: chatMessages.type })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.clientKey, clientKey)));
  return row;
}

/** Keys starting with `prefix` that `userId` used in a Pact since `since` (the trainer's answer log). */
export async function countKeyedSince(db: Db, userId: string, pactId: number, prefix: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.pactId, pactId),
        sql`${chatMessages.clientKey} like ${`${prefix}%`}`,
        gt(chatMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function findMessages(db: Db, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return messageRows(db).where(inArray(chatMessages.id, ids)).orderBy(asc(chatMessages.id));
}

/**
 * A page of one Pact's chat. `viewerId` drops messages of anyone blocked with the viewer (both directions).
 * `after`: the oldest messages above that id, ascending; otherwise newest first (below `before` if given).
 */
export async function listMessages(
  db: Db,
  pactId: number,
  opts: { viewerId?: string; before?: number; after?: number; limit: number },
): Promise<MessageRow[]> {
  const where: SQL[] = [eq(chatMessages.pactId, pactId)];
  // The viewer's blocked pairs are few: read them once (indexed both ways) instead of a per-row anti-join.
  const hidden = opts.viewerId ? await blockedWith(db, opts.viewerId) : [];
  if (hidden.length > 0) where.push(notInArray(chatMessages.userId, hidden));
  if (opts.before !== undefined) where.push(lt(chatMessages.id, opts.before));
  if (opts.after !== undefined) where.push(gt(chatMessages.id, opts.after));
  return messageRows(db)
    .where(and(...where))
    .orderBy(opts.after !== undefined ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(opts.limit);
}

export async function maxMessageId(db: Db, pactId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(eq(chatMessages.pactId, pactId));
  return row?.id == null ? 0 : Number(row.id);
}

export async function createdAtOf(db: Db, messageId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return row?.at ?? null;
}

/** Pairs (a, b) among `userIds` x `authorIds` blocked in either direction, as "a:b" and "b:a". */
export async function blockedPairs(db: Db, userIds: string[], authorIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0 || authorIds.length === 0) return new Set();
  const rows = await db
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(
      sql`(${inArray(blocks.blockerId, userIds)} and ${inArray(blocks.blockedId, authorIds)})
        or (${inArray(blocks.blockerId, authorIds)} and ${inArray(blocks.blockedId, userIds)})`,
    );
  const out = new Set<string>();
  for (const r of rows) {
    out.add(`${r.a}:${r.b}`);
    out.add(`${r.b}:${r.a}`);
  }
  return out;
}

/** Which of `userIds` are active participants of the Pact. */
export async function activeAmong(db: Db, pactId: number, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(
      and(
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        inArray(participations.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The participation status of one user in one Pact ('left' or none: not a participant). */
export async function participationStatus(db: Db, pactId: number, userId: string) {
  const [row] = await db
    .select({ status: participations.status })
    .from(participations)
    .where(and(eq(participations.pactId, pactId), eq(participations.userId, userId)));
  return row?.status ?? null;
}

/** Whether anyone but `exceptUserId` is an active participant (someone eligible to approve the creator). */
export async function hasOtherActive(db: Db, pactId: number, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        ne(participations.userId, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function userSummary(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      username: users.username,
      profileImageUrl: users.image,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Proofs of a Pact decided after `since`, oldest decision first (what a resuming socket may have missed). */
export async function decidedSince(db: Db, pactId: number, since: Date, limit: number) {
  return db
    .select({
      proofId: proofs.id,
      messageId: proofs.messageId,
      authorId: proofs.userId,
      status: proofs.status,
      decidedBy: {
        id: decider.id,
        firstName: decider.firstName,
        username: decider.username,
        profileImageUrl: decider.image,
      },
    })
    .from(proofs)
    .leftJoin(decider, eq(decider.id, proofs.decidedById))
    .where(and(eq(proofs.pactId, pactId), ne(proofs.status, 'pending'), gt(proofs.decidedAt, since)))
    .orderBy(asc(proofs.decidedAt))
    .limit(limit);
}

/** Everyone in a block with `userId`, either direction (blocks_pkey and blocks_blocked_idx serve the two sides). */
export async function blockedWith(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return [...new Set(rows.map((r) => (r.a === userId ? r.b : r.a)))];
}

/** Which of these session ids still exist and have not expired (sockets of the others close). */
export async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}
