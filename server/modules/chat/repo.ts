import { and, asc, eq, gt, inArray, lt, ne, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chatMessages, proofs, users } from '../../db/schema';
import { limitLiteral, statementCache } from '../../platform/prepared';
import { blockedWithIds, outsideSandboxIds } from '../users/policy';
import { userSummary } from '../users/summary';

/** Chat messages of a Pact with their authors and proofs. The only SQL of the chat module. */

export type MessageType = (typeof chatMessages.$inferSelect)['type'];

const decider = alias(users, 'decider');
const lookalike = alias(proofs, 'lookalike');
const lookalikeAuthor = alias(users, 'lookalike_author');

const messageColumns = {
  id: chatMessages.id,
  pactId: chatMessages.pactId,
  userId: chatMessages.userId,
  type: chatMessages.type,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
  addresseeId: chatMessages.addresseeId,
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
    sample: proofs.sample,
    createdAt: proofs.createdAt,
    codeWord: proofs.codeWord,
    counts: proofs.counts,
  },
  decider: userSummary(decider),
  lookalike: {
    id: lookalike.id,
    pactId: lookalike.pactId,
    videoMediaId: lookalike.videoMediaId,
    createdAt: lookalike.createdAt,
  },
  lookalikeAuthor: userSummary(lookalikeAuthor),
};

function messageRows(db: Db) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(proofs, eq(proofs.messageId, chatMessages.id))
    .leftJoin(decider, eq(decider.id, proofs.decidedById))
    .leftJoin(lookalike, eq(lookalike.id, proofs.nearDuplicateOfId))
    .leftJoin(lookalikeAuthor, eq(lookalikeAuthor.id, lookalike.userId));
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messageRows>['execute']>>[number];

/**
 * Serialises the writers of one Pact's chat until commit, so its messages commit in id order: a reader that saw
 * id n has seen every earlier message of that Pact, which is what lets sockets resume from an id without gaps.
 */
export async function lockPactChat(tx: Db, pactId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(4242, ${pactId})`);
}

export interface InsertedMessage {
  /** The message as readers get it (no proof yet: a proof is stored after its message). */
  row: MessageRow;
  /** The Pact's previous message id when this one was stored (0: none). */
  after: number;
  /** Everyone blocked with its author, either way. */
  hiddenFrom: string[];
  /**
   * A message by a demo author, or addressed to a demo account, reaches only that account's sandbox
   * (users/policy.ts outsideSandbox); null: anyone.
   */
  onlyTo: string[] | null;
}

/**
 * Inserts a message (null: its clientKey was used before) and answers, in the same statement, the stored message
 * with its author, the Pact's previous message id and who is blocked with the author (what the POST answers and
 * the room sends, without reading it again). Inside lockPactChat (or alone on PGlite, which runs one statement at
 * a time), the previous id is exact: the writers before committed before this statement began (read in the
 * index's order, as maxMessageId). `createdAt` is for seeded data with its own times (else the database's now).
 * Plain SQL rather than the query builder: this runs once per message sent, and building the query cost more than
 * running it.
 */
export async function insertMessage(
  tx: Db,
  row: {
    pactId: number;
    userId: string;
    type: MessageType;
    body: string;
    clientKey?: string | null;
    createdAt?: Date;
    /** Whom the message answers (the trainer's replies): only those who may see them see it. */
    addresseeId?: string | null;
  },
): Promise<InsertedMessage | null> {
  const createdAt = row.createdAt ? sql`${row.createdAt.toISOString()}::timestamptz` : sql`default`;
  const addressee = row.addresseeId ?? null;
  const result = await tx.execute(sql`
    with inserted as (
      insert into ${chatMessages} (pact_id, user_id, type, body, client_key, created_at, addressee_id)
      values (${row.pactId}, ${row.userId}, ${row.type}, ${row.body}, ${row.clientKey ?? null}, ${createdAt},
        ${addressee})
      on conflict do nothing
      returning id, pact_id, user_id, type, body, created_at)
    select i.id, i.pact_id, i.type, i.body, i.created_at,
      u.first_name, u.username, u.profile_image_url,
      coalesce((select prev.id from ${chatMessages} prev where prev.pact_id = i.pact_id and prev.id < i.id
        order by prev.id desc nulls last limit 1), 0) as after,
      array${blockedWithIds(row.userId)} as hidden_from,
      case when u.is_demo then array(select ${row.userId}::text union all
          select sf.friend_id from friendships sf where sf.user_id = ${row.userId})
        when a.is_demo then array(select ${addressee}::text union all
          select sf.friend_id from friendships sf where sf.user_id = ${addressee}) end as only_to
    from inserted i join ${users} u on u.id = i.user_id left join ${users} a on a.id = ${addressee}::text`);
  const [found] = (result as unknown as { rows: InsertedRow[] }).rows;
  if (!found) return null;
  return {
    row: {
      id: Number(found.id),
      pactId: found.pact_id,
      userId: row.userId,
      type: found.type,
      body: found.body,
      // As the builder maps timestamptz (the drivers hand it over as text here).
      createdAt: new Date(found.created_at),
      user: {
        id: row.userId,
        firstName: found.first_name,
        username: found.username,
        profileImageUrl: found.profile_image_url,
      },
      addresseeId: addressee,
      proof: null,
      decider: null,
      lookalike: null,
      lookalikeAuthor: null,
    },
    after: Number(found.after),
    hiddenFrom: found.hidden_from,
    onlyTo: found.only_to ?? null,
  };
}

interface InsertedRow extends Record<string, unknown> {
  id: number | string;
  pact_id: number;
  type: MessageType;
  body: string;
  created_at: string | Date;
  first_name: string | null;
  username: string;
  profile_image_url: string | null;
  after: number | string;
  hidden_from: string[];
  only_to: string[] | null;
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
 * Leaves out what `reader` may not see by the sandbox rule: messages by, or addressed to, a demo account of another
 * sandbox (users/policy.ts outsideSandboxIds; an addressed message's author is the AI trainer, seen by all).
 */
const apart = (reader: string | Placeholder): SQL[] => [
  sql`${chatMessages.userId} not in ${outsideSandboxIds(reader)}`,
  sql`(${chatMessages.addresseeId} is null or ${chatMessages.addresseeId} not in ${outsideSandboxIds(reader)})`,
];

/**
 * A Pact's messages newest first and oldest first, in the order of chat_messages_pact_idx ((pact_id, id desc nulls
 * last), read forward or backward). Plain `desc(id)` means nulls first and `asc(id)` nulls last, which that index
 * does not serve: PostgreSQL then walks the primary key filtering by Pact (through most of the table for a quiet
 * Pact) or sorts all of the Pact's messages. id is never null, so the order is the same.
 */
const newestFirst = sql`${chatMessages.id} desc nulls last`;
const oldestFirst = sql`${chatMessages.id} asc nulls first`;

/**
 * A page of one Pact's chat without the messages of `hiddenAuthors` (the reader's blocked pairs: few, read once
 * by the service instead of a per-row anti-join) nor, given the `reader`, of demo accounts of other sandboxes. `after`: the oldest messages above that id, ascending;
 * otherwise newest first (below `before` if given).
 */
export async function listMessages(
  db: Db,
  pactId: number,
  opts: { hiddenAuthors?: string[]; reader?: string; before?: number; after?: number; limit: number },
): Promise<MessageRow[]> {
  const where: SQL[] = [eq(chatMessages.pactId, pactId)];
  const hidden = opts.hiddenAuthors ?? [];
  if (hidden.length > 0) where.push(notInArray(chatMessages.userId, hidden));
  // Demo accounts of other sandboxes than the reader's (users/policy.ts).
  if (opts.reader) where.push(...apart(opts.reader));
  if (opts.before !== undefined) where.push(lt(chatMessages.id, opts.before));
  if (opts.after !== undefined) where.push(gt(chatMessages.id, opts.after));
  return messageRows(db)
    .where(and(...where))
    .orderBy(opts.after !== undefined ? oldestFirst : newestFirst)
    .limit(opts.limit);
}

/**
 * The chat page a reader opens (the newest messages, or those below `before` when scrolling up) as prepared
 * statements, built once per database and parsed once per connection; messages of anyone blocked with the reader
 * are left out by the statement itself (safety's `blockedWithIds`, read once per statement). Its one plan (the
 * Pact's index read newest first, stopped at the page size) suits a Pact of ten messages and one of a million, so
 * the service reads it through `database.reads`, which keeps that generic plan: left to choose, PostgreSQL compared
 * the estimates and planned every call anew for a busy Pact (0.5-0.7 ms of planning for 0.2 ms of running).
 */
const pageStatement = statementCache((db: Db, key: string) => {
  const [kind, size] = key.split(':');
  const where = [
    eq(chatMessages.pactId, sql.placeholder('pactId')),
    sql`${chatMessages.userId} not in ${blockedWithIds(sql.placeholder('reader'))}`,
    ...apart(sql.placeholder('reader')),
  ];
  if (kind === 'before') where.push(lt(chatMessages.id, sql.placeholder('before')));
  return messageRows(db)
    .where(and(...where))
    .orderBy(newestFirst)
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

/**
 * The newest message's id (0: none). In the order of chat_messages_pact_idx (pact_id, id desc nulls last), so one
 * index step whatever the chat's size: `max(id)` or a plain `id desc` (nulls first) does not match the index, and
 * without statistics (PGlite between its ANALYZE runs) the planner then reads every message of the Pact.
 */
export async function maxMessageId(db: Db, pactId: number): Promise<number> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.pactId, pactId))
    .orderBy(newestFirst)
    .limit(1);
  return row?.id ?? 0;
}

export async function createdAtOf(db: Db, messageId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return row?.at ?? null;
}

/**
 * Proofs of a Pact decided after `since`, oldest decision first: what a resuming socket may have missed (a read of
 * the proofs module's table, as the message rows join it).
 */
export async function decidedSince(db: Db, pactId: number, since: Date, limit: number) {
  return db
    .select({
      proofId: proofs.id,
      messageId: proofs.messageId,
      authorId: proofs.userId,
      status: proofs.status,
      decidedBy: userSummary(decider),
    })
    .from(proofs)
    .leftJoin(decider, eq(decider.id, proofs.decidedById))
    .where(and(eq(proofs.pactId, pactId), ne(proofs.status, 'pending'), gt(proofs.decidedAt, since)))
    .orderBy(asc(proofs.decidedAt))
    .limit(limit);
}
