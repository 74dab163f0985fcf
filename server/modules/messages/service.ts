import type { ConversationsQuery, DmPageQuery, DmReadBody, SendDmBody } from '../../../shared/api/messages';
import {
  type Conversation,
  type ConversationList,
  type DirectMessage,
  DM_LIMITS,
  type DmPage,
  dmPageQuery,
} from '../../../shared/api/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { readDirectMessageNotes } from '../notifications/service';
import { areBlocked, blockedUserIds } from '../safety/service';
import type { SessionUser } from '../session/guard';
import { hasTeamAccess } from '../teams/policy';
import './events';
import { type DmFacts, mayReadDms, mayWriteDms } from './policy';
import * as repo from './repo';

/** Direct messages between a Pro team's coach and its members (docs/MESSAGES.md; rules in policy.ts). */

export const NOT_LINKED_MESSAGE = 'Conversation not found';
export const ACCESS_ENDED_MESSAGE = 'Team access has ended: this conversation is read-only';
export const CLIENT_KEY_REUSED_MESSAGE = 'clientKey: was already used for another message';

export function toDirectMessage(row: repo.DmRow): DirectMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    message: row.body,
    timestamp: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    clientKey: row.clientKey,
  };
}

const withAccess = (link: repo.TeamLink, now: Date) =>
  hasTeamAccess(link.memberId, { coachId: link.coachId }, link, now);

interface Between {
  facts: DmFacts;
  /** The team the conversation goes through: one whose member has access, else the first. */
  link: repo.TeamLink | undefined;
}

async function between(ctx: AppContext, me: string, other: string, now = new Date()): Promise<Between> {
  const links = me === other ? [] : await repo.linksBetween(ctx.db, me, other);
  const open = links.filter((l) => withAccess(l, now));
  const blocked = links.length > 0 && (await areBlocked(ctx, me, other));
  return {
    facts: { links: links.length, linksWithAccess: open.length, blocked },
    link: open[0] ?? links[0],
  };
}

async function readable(
  ctx: AppContext,
  me: string,
  other: string,
): Promise<Between & { link: repo.TeamLink }> {
  const found = await between(ctx, me, other);
  if (!mayReadDms(found.facts) || !found.link) throw notFound(NOT_LINKED_MESSAGE);
  return { ...found, link: found.link };
}

function header(me: string, link: repo.TeamLink, canWrite: boolean) {
  return {
    role: link.coachId === me ? ('member' as const) : ('coach' as const),
    team: { id: link.teamId, name: link.teamName, imageUrl: link.teamImageUrl, accentColor: link.teamAccent },
    canWrite,
  };
}

/** GET /api/messages: the caller's coaches and members, those written with first (newest first), then by name. */
export async function listConversations(
  ctx: AppContext,
  me: SessionUser,
  query: ConversationsQuery,
): Promise<ConversationList> {
  const now = new Date();
  const hidden = new Set(await blockedUserIds(ctx, me.id));
  const byOther = new Map<string, repo.TeamLink[]>();
  for (const link of await repo.linksOf(ctx.db, me.id, query.teamId)) {
    const other = link.coachId === me.id ? link.memberId : link.coachId;
    if (other === me.id || hidden.has(other)) continue;
    byOther.set(other, [...(byOther.get(other) ?? []), link]);
  }
  const heads = new Map((await repo.conversationHeads(ctx.db, me.id)).map((h) => [h.otherId, h]));
  const names = new Map<string, string>();
  const ordered = [...byOther.keys()].sort(
    (a, b) => (heads.get(b)?.lastId ?? 0) - (heads.get(a)?.lastId ?? 0),
  );
  const withHistory = ordered.filter((id) => heads.has(id));
  const rest = ordered.filter((id) => !heads.has(id));
  const summaries = await repo.userSummaries(
    ctx.db,
    [...withHistory, ...rest].slice(0, DM_LIMITS.conversationsMax * 4),
  );
  const byId = new Map(summaries.map((s) => [s.id, s]));
  for (const s of summaries) names.set(s.id, (s.firstName ?? s.username).toLocaleLowerCase());
  rest.sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? ''));
  const page = [...withHistory, ...rest].slice(0, DM_LIMITS.conversationsMax);
  const lastRows = await repo.messagesByIds(
    ctx.db,
    page.flatMap((id) => (heads.has(id) ? [heads.get(id)!.lastId] : [])),
  );
  const lastById = new Map(lastRows.map((r) => [r.id, r]));
  const items: Conversation[] = [];
  for (const other of page) {
    const user = byId.get(other);
    const links = byOther.get(other)!;
    if (!user) continue;
    const open = links.find((l) => withAccess(l, now));
    const head = heads.get(other);
    const last = head ? lastById.get(head.lastId) : undefined;
    items.push({
      user,
      ...header(me.id, open ?? links[0]!, open !== undefined),
      lastMessage: last ? toDirectMessage(last) : null,
      unreadCount: head?.unread ?? 0,
    });
  }
  return { items, unreadTotal: await repo.unreadTotal(ctx.db, me.id, [...hidden]) };
}

/** GET /api/messages/:userId. */
export async function pageConversation(
  ctx: AppContext,
  me: SessionUser,
  otherId: string,
  query: DmPageQuery,
): Promise<DmPage> {
  const q = dmPageQuery.parse(query);
  const { facts, link } = await readable(ctx, me.id, otherId);
  const [user] = await repo.userSummaries(ctx.db, [otherId]);
  if (!user) throw notFound(NOT_LINKED_MESSAGE);
  const rows = await repo.pageOf(ctx.db, me.id, otherId, { ...q, limit: q.limit + 1 });
  const more = rows.length > q.limit;
  const slice = rows.slice(0, q.limit);
  const conversation = { user, ...header(me.id, link, mayWriteDms(facts)) };
  if (q.after !== undefined) {
    const newestFirst = slice.reverse();
    return {
      conversation,
      items: newestFirst.map(toDirectMessage),
      nextBefore: null,
      nextAfter: more ? (newestFirst[0]?.id ?? null) : null,
    };
  }
  return {
    conversation,
    items: slice.map(toDirectMessage),
    nextBefore: more ? (slice[slice.length - 1]?.id ?? null) : null,
    nextAfter: null,
  };
}

/** POST /api/messages/:userId: stores the message, then both people's sockets hear of it. */
export async function sendDirectMessage(
  ctx: AppContext,
  me: SessionUser,
  otherId: string,
  body: SendDmBody,
): Promise<{ created: boolean; message: DirectMessage }> {
  const { facts, link } = await readable(ctx, me.id, otherId);
  if (!mayWriteDms(facts)) throw forbidden(ACCESS_ENDED_MESSAGE);
  const key = body.clientKey;
  const result = await ctx.db.transaction(async (tx) => {
    await repo.lockConversation(tx, me.id, otherId);
    // A key already stored (a retry, here or on another instance) answers that message; the unique index on
    // (sender, key) settles a race of the same key to two people, which the pair locks do not order.
    const stored = async (clientKey: string) => {
      const row = await repo.findByClientKey(tx, me.id, clientKey);
      if (row && row.recipientId !== otherId) throw conflict(CLIENT_KEY_REUSED_MESSAGE);
      return row;
    };
    const earlier = key ? await stored(key) : undefined;
    if (earlier) return { created: false, row: earlier };
    const row = await repo.insertMessage(tx, {
      teamId: link.teamId,
      senderId: me.id,
      recipientId: otherId,
      body: body.message.trim(),
      clientKey: key ?? null,
    });
    if (row) return { created: true, row };
    const raced = await stored(key!);
    if (!raced) throw new Error('direct message insert conflicted without a stored key');
    return { created: false, row: raced };
  });
  if (result.created) {
    await ctx.events.emit('dm.message_created', {
      messageId: result.row.id,
      senderId: me.id,
      recipientId: otherId,
    });
  }
  return { created: result.created, message: toDirectMessage(result.row) };
}

/** POST /api/messages/:userId/read: allowed whenever the history is readable (an ex-member reads too). */
export async function markConversationRead(
  ctx: AppContext,
  me: SessionUser,
  otherId: string,
  body: DmReadBody,
) {
  await readable(ctx, me.id, otherId);
  const now = new Date();
  const upTo = await repo.markRead(ctx.db, me.id, otherId, body.upTo, now);
  // Read before the frame goes out, so a bell that refreshes on it counts the note as read.
  await readDirectMessageNotes(ctx, me.id, otherId, now);
  if (upTo > 0) await ctx.events.emit('dm.read', { readerId: me.id, otherId, upTo });
  const hidden = await blockedUserIds(ctx, me.id);
  return { ok: true as const, unreadTotal: await repo.unreadTotal(ctx.db, me.id, hidden) };
}

/** One stored message (for the listeners that tell the sockets). */
export async function findDirectMessage(ctx: AppContext, id: number): Promise<DirectMessage | undefined> {
  const row = await repo.findMessage(ctx.db, id);
  return row ? toDirectMessage(row) : undefined;
}

/** Erasure of the chat type (privacy module), inside its transaction: every direct message the user sent. */
export function eraseDirectMessagesOf(tx: Db, userId: string) {
  return repo.deleteSentBy(tx, userId);
}
