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
import { roomChannel } from '../../platform/realtime/events';
import type { Viewer } from '../pacts/present';
import { PACT_NOT_FOUND } from '../pacts/read-service';
import * as pactsRepo from '../pacts/repo';
import { toChatMessage, type ViewerContext } from './present';
import * as repo from './repo';

declare module '../../platform/events' {
  interface DomainEvents {
    /** A chat message of any type was stored (after commit). */
    'chat.message_created': { messageId: number; pactId: number; userId: string; type: repo.MessageType };
  }
}

/**
 * A Pact's chat (SPEC 2 Chat, DECISIONS 4 and 7). Whoever may see the Pact reads its chat; its participants
 * (active or completed, not those who left) write. A caller who can see a Pact but has not joined gets 403 when
 * writing (seeing it is not a secret); a Pact the caller may not see is 404 as everywhere. Messages of a blocked
 * pair are dropped for both sides, in pages and on sockets.
 */

export const JOIN_TO_CHAT_MESSAGE = 'Join this Pact to chat';
export const CLIENT_KEY_REUSED_MESSAGE = 'clientKey: was already used for another message';

/** The Pact as `me` sees it, or 404. */
export async function readablePact(ctx: AppContext, me: Viewer, pactId: number) {
  const row = await pactsRepo.findVisible(ctx.db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return row;
}

export function viewerContext(row: pactsRepo.PactRow, meId: string): ViewerContext {
  return { viewerId: meId, creatorId: row.pact.creatorId, viewerIsActive: row.myStatus === 'active' };
}

export async function listMessages(
  ctx: AppContext,
  me: Viewer,
  pactId: number,
  query: ListMessagesQuery,
): Promise<MessagePage> {
  const q = listMessagesQuery.parse(query);
  const row = await readablePact(ctx, me, pactId);
  const rows = await repo.listMessages(ctx.db, pactId, {
    viewerId: me.id,
    before: q.before,
    after: q.after,
    limit: q.limit + 1,
  });
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const viewer = viewerContext(row, me.id);
  if (q.after !== undefined) {
    const newestFirst = page.reverse();
    return {
      items: newestFirst.map((r) => toChatMessage(r, viewer)),
      nextBefore: null,
      nextAfter: more ? (newestFirst[0]?.id ?? null) : null,
    };
  }
  return {
    items: page.map((r) => toChatMessage(r, viewer)),
    nextBefore: more ? (page[page.length - 1]?.id ?? null) : null,
    nextAfter: null,
  };
}

/** One stored message as `me` sees it (after a write by `me`). */
export async function presentMessage(
  ctx: AppContext,
  me: Viewer,
  messageId: number,
  pact?: pactsRepo.PactRow,
): Promise<ChatMessage> {
  const [row] = await repo.findMessages(ctx.db, [messageId]);
  if (!row) throw notFound('Message not found');
  const seen = pact?.pact.id === row.pactId ? pact : await readablePact(ctx, me, row.pactId);
  return toChatMessage(row, viewerContext(seen, me.id));
}

export interface StoreInput {
  pactId: number;
  userId: string;
  type: repo.MessageType;
  body: string;
  clientKey?: string | null;
}

/**
 * Stores a message in its Pact's chat (with `within` running in the same transaction), then, after commit,
 * tells the room and the domain listeners. A clientKey seen before stores nothing and answers the earlier id.
 */
export async function storeMessage<T = void>(
  ctx: AppContext,
  input: StoreInput,
  within?: (tx: Db, messageId: number) => Promise<T>,
): Promise<{ id: number; created: boolean; extra?: T }> {
  if (input.clientKey) {
    const earlier = await repo.findByClientKey(ctx.db, input.userId, input.clientKey);
    if (earlier) return sameKey(earlier, input);
  }
  const result = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await repo.lockPactChat(tx, input.pactId);
    const id = await repo.insertMessage(tx, input);
    if (id == null) return null;
    return { id, extra: within ? await within(tx, id) : undefined };
  });
  if (!result) {
    const earlier = input.clientKey
      ? await repo.findByClientKey(ctx.db, input.userId, input.clientKey)
      : undefined;
    if (!earlier) throw conflict('The message could not be stored; try again');
    return sameKey(earlier, input);
  }
  await announceMessage(ctx, input.pactId, result.id);
  await ctx.events.emit('chat.message_created', {
    messageId: result.id,
    pactId: input.pactId,
    userId: input.userId,
    type: input.type,
  });
  return { id: result.id, created: true, extra: result.extra };
}

function sameKey(earlier: { id: number; pactId: number; type: string }, input: StoreInput) {
  if (earlier.pactId !== input.pactId || earlier.type !== input.type)
    throw conflict(CLIENT_KEY_REUSED_MESSAGE);
  return { id: earlier.id, created: false };
}

/** Notifies every instance's sockets; a failure is logged (the message is stored and a resume will bring it). */
export async function announceMessage(ctx: AppContext, pactId: number, id: number) {
  try {
    await ctx.realtime.publish(roomChannel(pactId), { kind: 'message', id });
  } catch {
    // Redis unreachable: sockets catch up at the next message or on resume.
  }
}

/** POST /api/challenges/:id/chat: a participant's text message. */
export async function sendMessage(ctx: AppContext, me: Viewer, pactId: number, body: SendMessageBody) {
  const row = await readablePact(ctx, me, pactId);
  if (row.myStatus !== 'active' && row.myStatus !== 'completed') throw forbidden(JOIN_TO_CHAT_MESSAGE);
  const stored = await storeMessage(ctx, {
    pactId,
    userId: me.id,
    type: 'message',
    body: body.message.trim(),
    clientKey: body.clientKey ?? null,
  });
  return { created: stored.created, message: await presentMessage(ctx, me, stored.id, row) };
}
