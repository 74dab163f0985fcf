import {
  type ChatMessage,
  type ListMessagesQuery,
  listMessagesQuery,
  type MessagePage,
  type SendMessageBody,
} from '../../../shared/api/chat';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { type PactAccess, type PactRow, pactAccess, visiblePact } from '../pacts/access';
import { blockedUserIds } from '../safety/service';
import type { SessionUser } from '../session/guard';
import './events';
import * as bulk from './bulk-repo';
import { mayWriteChat } from './policy';
import { type ChatReader, toChatMessage } from './present';
import * as repo from './repo';

/**
 * A Pact's chat (docs/CHAT.md; rules in policy.ts). A caller who can see a Pact but has not joined gets 403 when
 * writing (seeing it is not a secret); a Pact the caller may not see is 404 as everywhere.
 */

export const JOIN_TO_CHAT_MESSAGE = 'Join this Pact to chat';
export const CLIENT_KEY_REUSED_MESSAGE = 'clientKey: was already used for another message';

export const TEAM_CHAT_MESSAGE = 'Start a trial to open this team chat';

/**
 * May `me` read this Pact's chat: 404 unless `me` may see the Pact (reading its chat is seeing it). A team's Pact
 * (its card is visible to all) opens its chat, proofs and videos only with team access, checked on every request
 * (403: its existence is no secret). Answers what acting in the chat needs (pacts' lean access read, run for every
 * message sent); readablePact is the same check answering the whole Pact row.
 */
export async function chatAccess(ctx: AppContext, me: SessionUser, pactId: number): Promise<PactAccess> {
  const access = await pactAccess(ctx, me, pactId);
  // `teamAccess` is the teams access rule at the billing clock's now (true without a team), in the same statement.
  if (!access.teamAccess) throw forbidden(TEAM_CHAT_MESSAGE);
  return access;
}

/** chatAccess's check answering the Pact as `me` sees it (for a caller that needs more than chatAccess reads). */
export async function readablePact(ctx: AppContext, me: SessionUser, pactId: number): Promise<PactRow> {
  const row = await visiblePact(ctx, me, pactId);
  if (row.team?.id != null && !row.teamAccess) throw forbidden(TEAM_CHAT_MESSAGE);
  return row;
}

export function readerOf(access: Pick<PactAccess, 'creatorId' | 'myStatus'>, meId: string): ChatReader {
  return { readerId: meId, creatorId: access.creatorId, readerIsActive: access.myStatus === 'active' };
}

export async function listMessages(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  query: ListMessagesQuery,
): Promise<MessagePage> {
  const q = listMessagesQuery.parse(query);
  // The page is read beside the access check (one round trip of latency); it is only answered if the check passed.
  const [access, rows] = await Promise.all([
    chatAccess(ctx, me, pactId),
    q.after === undefined
      ? repo.readerPage(ctx.database.reads, pactId, me.id, { before: q.before, limit: q.limit + 1 })
      : blockedUserIds(ctx, me.id).then((hiddenAuthors) =>
          repo.listMessages(ctx.db, pactId, {
            hiddenAuthors,
            reader: me.id,
            after: q.after,
            limit: q.limit + 1,
          }),
        ),
  ]);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const reader = readerOf(access, me.id);
  if (q.after !== undefined) {
    const newestFirst = page.reverse();
    return {
      items: newestFirst.map((r) => toChatMessage(r, reader)),
      nextBefore: null,
      nextAfter: more ? (newestFirst[0]?.id ?? null) : null,
    };
  }
  return {
    items: page.map((r) => toChatMessage(r, reader)),
    nextBefore: more ? (page[page.length - 1]?.id ?? null) : null,
    nextAfter: null,
  };
}

/** One stored message as `me` sees it (after a write by `me`). */
export async function presentMessage(
  ctx: AppContext,
  me: SessionUser,
  messageId: number,
  access?: PactAccess,
): Promise<ChatMessage> {
  const [row] = await repo.findMessages(ctx.db, [messageId]);
  if (!row) throw notFound('Message not found');
  const seen = access?.pactId === row.pactId ? access : await chatAccess(ctx, me, row.pactId);
  return toChatMessage(row, readerOf(seen, me.id));
}

export interface StoreInput {
  pactId: number;
  userId: string;
  type: repo.MessageType;
  body: string;
  clientKey?: string | null;
  /** Whom the message answers (the AI trainer's replies): seen only by those who may see them. */
  addresseeId?: string | null;
  /** Not stored: the Pact's creator when the caller knows it, handed to the listeners so they need not read it. */
  pactCreatorId?: string;
}

/**
 * Stores a message in its Pact's chat, then, after commit, tells the listeners (chat/listeners.ts tells the room
 * first). A clientKey seen before stores nothing (the insert's `on conflict do nothing`) and answers the earlier id,
 * read only then: a first send, by far the usual case, asks nothing before its insert. The message is complete as
 * inserted: it is answered as `row` and handed to the rooms with its notification, so neither reads it back.
 */
export async function storeMessage(
  ctx: AppContext,
  input: StoreInput,
): Promise<{ id: number; created: boolean; row?: repo.MessageRow }> {
  // PGlite runs one statement at a time on its one connection, so a lone insert is serialised with every other
  // writer already; PostgreSQL needs the Pact's lock around it.
  const inserted =
    ctx.database.kind === 'pglite'
      ? await repo.insertMessage(ctx.db, input)
      : await ctx.db.transaction((tx) => storeMessageTx(tx, input));
  if (!inserted) return { id: await storedUnderKey(ctx, input), created: false };
  const { row, after, hiddenFrom, onlyTo } = inserted;
  await ctx.events.emit('chat.message_created', {
    messageId: row.id,
    pactId: input.pactId,
    userId: input.userId,
    type: input.type,
    posted: { after, message: toChatMessage(row, null), hiddenFrom, onlyTo },
    ...(input.pactCreatorId ? { pactCreatorId: input.pactCreatorId } : {}),
  });
  return { id: row.id, created: true, row };
}

/**
 * Stores a message inside the caller's transaction (a proof stores its message and its row in one) and publishes
 * nothing: after commit the caller calls publishStored. Null when the clientKey was already used (lost race).
 */
export async function storeMessageTx(tx: Db, input: StoreInput) {
  await repo.lockPactChat(tx, input.pactId);
  return repo.insertMessage(tx, input);
}

/** After the commit of a storeMessageTx: tells the listeners (the room reads the message back with its extras). */
export function publishStored(ctx: AppContext, input: StoreInput, messageId: number) {
  return ctx.events.emit('chat.message_created', {
    messageId,
    pactId: input.pactId,
    userId: input.userId,
    type: input.type,
  });
}

/** The id stored earlier under the input's clientKey (a lost race of one key); 409 when it is another message. */
export async function storedUnderKey(ctx: AppContext, input: StoreInput): Promise<number> {
  const earlier = input.clientKey
    ? await repo.findByClientKey(ctx.db, input.userId, input.clientKey)
    : undefined;
  if (!earlier) throw conflict('The message could not be stored; try again');
  return sameKey(earlier, input).id;
}

function sameKey(earlier: { id: number; pactId: number; type: string }, input: StoreInput) {
  if (earlier.pactId !== input.pactId || earlier.type !== input.type)
    throw conflict(CLIENT_KEY_REUSED_MESSAGE);
  return { id: earlier.id, created: false };
}

/** POST /api/challenges/:id/chat: a participant's text message. */
export async function sendMessage(ctx: AppContext, me: SessionUser, pactId: number, body: SendMessageBody) {
  const access = await chatAccess(ctx, me, pactId);
  if (!mayWriteChat(access.myStatus)) throw forbidden(JOIN_TO_CHAT_MESSAGE);
  const stored = await storeMessage(ctx, {
    pactId,
    userId: me.id,
    type: 'message',
    body: body.message.trim(),
    clientKey: body.clientKey ?? null,
    pactCreatorId: access.creatorId,
  });
  const message = stored.row
    ? toChatMessage(stored.row, readerOf(access, me.id))
    : await presentMessage(ctx, me, stored.id, access);
  return { created: stored.created, message };
}

/** The message a user already stored under a clientKey, whichever Pact it went to. */
export function findByClientKey(ctx: AppContext, userId: string, clientKey: string) {
  return repo.findByClientKey(ctx.db, userId, clientKey);
}

/** How many messages `userId` stored in a Pact since `since` under keys starting with `prefix`. */
export function countKeyedSince(
  ctx: AppContext,
  userId: string,
  pactId: number,
  prefix: string,
  since: Date,
) {
  return repo.countKeyedSince(ctx.db, userId, pactId, prefix, since);
}

/** A message stored as it is, with no event (seeded data); `db` may be the caller's transaction. */
export async function insertSeedMessage(
  db: Db,
  row: { pactId: number; userId: string; type: repo.MessageType; body: string; createdAt: Date },
): Promise<number> {
  const inserted = await repo.insertMessage(db, row);
  if (!inserted) throw new Error('seed message not stored');
  return inserted.row.id;
}

/** Plain messages with their own times, with no event (the demo sandbox's chat history). */
export function insertSeedMessages(
  ctx: AppContext,
  pactId: number,
  messages: Array<{ userId: string; body: string; createdAt: Date }>,
) {
  return bulk.insertMessages(ctx.db, pactId, messages);
}

/** Erasure (privacy module), inside its transaction: messages whose proofs were erased. */
export function eraseMessages(tx: Db, ids: readonly number[]) {
  return bulk.deleteMessages(tx, ids);
}

/** Erasure of the chat type (privacy module), inside its transaction: every message the user wrote. */
export function eraseMessagesOf(tx: Db, userId: string) {
  return bulk.deleteTextMessagesOf(tx, userId);
}
