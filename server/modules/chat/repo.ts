import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chatMessages, proofs, users } from '../../db/schema';
import { limitLiteral, statementCache } from '../../platform/prepared';
import { blockedWithIds } from '../safety/policy';
import { userSummary } from '../users/summary';

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
  user: userSummary(users),
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
  decider: userSummary(decider),
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
  row: {
    pactId: number;
    userId: string;
    type: MessageType;
    body: string;
    clientKey?: string | null;
    createdAt?: Date;
  },
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
 * A page of one Pact's chat without the messages of `hiddenAuthors` (the reader's blocked pairs: few, read once
 * by the service instead of a per-row anti-join). `after`: the oldest messages above that id, ascending;
 * otherwise newest first (below `before` if given).
 */
export async function listMessages(
  db: Db,
  pactId: number,
  opts: { hiddenAuthors?: string[]; before?: number; after?: number; limit: number },
): Promise<MessageRow[]> {
  const where: SQL[] = [eq(chatMessages.pactId, pactId)];
  const hidden = opts.hiddenAuthors ?? [];
  if (hidden.length > 0) where.push(notInArray(chatMessages.userId, hidden));
  if (opts.before !== undefined) where.push(lt(chatMessages.id, opts.before));
  if (opts.after !== undefined) where.push(gt(chatMessages.id, opts.after));
  return messageRows(db)
    .where(and(...where))
    .orderBy(opts.after !== undefined ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(opts.limit);
}

/**
 * The chat page a reader opens (the newest messages, or those below `before` when scrolling up) as prepared
 * statements, built once per database and parsed once per connection (PostgreSQL still plans each call for its
 * Pact: one plan cannot suit a Pact of ten messages and one of a million); messages of anyone blocked with the
 * reader are left out by the statement itself (safety's `blockedWithIds`, read once per statement).
 */
const pageStatement = statementCache((db: Db, key: string) => {
  const [kind, size] = key.split(':');
  const where = [
    eq(chatMessages.pactId, sql.placeholder('pactId')),
    sql`${chatMessages.userId} not in ${blockedWithIds(sql.placeholder('reader'))}`,
  ];
  if (kind === 'before') where.push(lt(chatMessages.id, sql.placeholder('before')));
  return messageRows(db)
    .where(and(...where))
    .orderBy(desc(chatMessages.id))
    .limit(limitLiteral(Number(size)))
    .prepare(`chat_page_${kind}_${size}`);
});

/** A page of one Pact's chat as `readerId` sees it, newest first (below `before` if given). */
export function readerPage(
  db: Db,
  pactId: number,
  readerId: string,
  opts: { before?: number; limit: number },
): Promise<MessageRow[]> {
  return opts.before === undefined
    ? pageStatement(db, `newest:${opts.limit}`).execute({ pactId, reader: readerId })
    : pageStatement(db, `before:${opts.limit}`).execute({ pactId, reader: readerId, before: opts.before });
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

/** Plain messages inserted as they are (the demo sandbox's chat history, with its own times). */
export async function insertMessages(
  db: Db,
  pactId: number,
  messages: Array<{ userId: string; body: string; createdAt: Date }>,
) {
  if (messages.length)
    await db.insert(chatMessages).values(messages.map((m) => ({ ...m, pactId, type: 'message' as const })));
}

/** Erasure: these messages (a proof's message once its proof is erased). */
export async function deleteMessages(db: Db, ids: readonly number[]) {
  if (ids.length > 0) await db.delete(chatMessages).where(inArray(chatMessages.id, [...ids]));
}

/** Erasure of the chat type: what the user wrote (text and live notes; proofs are workouts). */
export async function deleteTextMessagesOf(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(chatMessages)
    .where(and(eq(chatMessages.userId, userId), ne(chatMessages.type, 'workout_proof')))
    .returning({ id: chatMessages.id });
  return rows.length;
}
