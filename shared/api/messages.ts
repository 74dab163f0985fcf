import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from '../domain/limits';
import { BIGINT_ID_MAX, bigIdParam, bigIdValue, idParam, intParam, stringId } from './ids';
import { userSummary } from './pacts';
import { text } from './text';

/**
 * Direct messages between a Pro team's coach and each of its members (docs/MESSAGES.md). The same text limits,
 * send limit and resume-by-id as a Pact's chat (docs/CHAT.md). Every message carries an increasing `id`: clients
 * order and de-duplicate by it and catch up after a dropped link with `after` = the last id they have.
 */

export const DM_LIMITS = {
  messageMax: CHAT_MESSAGE_MAX_LENGTH,
  pageSize: CHAT_PAGE_SIZE,
  pageMax: 100,
  /** Sends per user in `sendWindowMs` before 429 (the chat's numbers). */
  sendMax: 20,
  sendWindowMs: 10_000,
  /** Conversations listed at most (the newest first). */
  conversationsMax: 200,
} as const;

export const directMessage = z.object({
  id: z.number().int(),
  senderId: z.string(),
  recipientId: z.string(),
  /** The text exactly as sent (clients render it as text, never as HTML). */
  message: z.string(),
  timestamp: z.string(),
  /** When the recipient read it; null while unread. */
  readAt: z.string().nullable(),
  /** The sender's clientKey when it sent one: the sender's app matches its pending copy to a live frame by it. */
  clientKey: z.string().nullable(),
});
export type DirectMessage = z.infer<typeof directMessage>;

/** What the other person is to the caller: the coach of a team the caller belongs to, or a member of theirs. */
export const DM_ROLES = ['coach', 'member'] as const;

export const conversation = z.object({
  user: userSummary,
  role: z.enum(DM_ROLES),
  /** The team it goes through, with its look (image, accent: shared/domain/accents.ts). */
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
  }),
  lastMessage: directMessage.nullable(),
  /** Messages from them the caller has not read. */
  unreadCount: z.number().int(),
  /** False when the member's access ended: the history stays readable, nothing new can be sent. */
  canWrite: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

/** GET /api/messages: conversations newest first (then people not written to yet, by name). */
export const conversationsQuery = z.strictObject({
  teamId: idParam().optional().meta({ description: 'Only the people of this team.' }),
});
export type ConversationsQuery = z.input<typeof conversationsQuery>;

export const conversationList = z.object({
  items: z.array(conversation),
  /** Every unread message of the caller, over all conversations. */
  unreadTotal: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationList>;

export const dmUserParams = z.strictObject({ userId: stringId('user') });

/** GET /api/messages/:userId: `before` pages older (scrolling up), `after` catches up; not both. */
export const dmPageQuery = z
  .strictObject({
    before: bigIdParam().optional().meta({ description: 'Messages older than this id. Not with `after`.' }),
    after: bigIdParam()
      .optional()
      .meta({ description: 'The messages right after this id. Not with `before`.' }),
    limit: intParam(1, DM_LIMITS.pageMax).default(DM_LIMITS.pageSize),
  })
  .refine((q) => q.before === undefined || q.after === undefined, 'use before or after, not both')
  .meta({ description: 'Give `before` or `after`, not both.', not: { required: ['before', 'after'] } });
export type DmPageQuery = z.input<typeof dmPageQuery>;

export const dmPage = z.object({
  /** The other person, their role to the caller, and whether the caller may write now. */
  conversation: conversation.omit({ lastMessage: true, unreadCount: true }),
  /** Newest first. */
  items: z.array(directMessage),
  nextBefore: z.number().int().nullable(),
  nextAfter: z.number().int().nullable(),
});
export type DmPage = z.infer<typeof dmPage>;

/** POST /api/messages/:userId: 201 stored, 200 when the clientKey was already stored. */
export const sendDmBody = z.strictObject({
  message: text(DM_LIMITS.messageMax, { multiline: true }),
  clientKey: z.uuid().optional(),
});
export type SendDmBody = z.input<typeof sendDmBody>;

/** POST /api/messages/:userId/read: their messages up to `upTo` (all of them without it) become read. */
export const dmReadBody = z.strictObject({ upTo: bigIdValue().optional() });
export type DmReadBody = z.input<typeof dmReadBody>;
export const dmReadResponse = z.object({ ok: z.literal(true), unreadTotal: z.number().int() });

/** To every socket of both people when a message is stored (the sender's other tabs too). */
export const directMessageFrame = z.object({ type: z.literal('direct_message'), message: directMessage });
/** To every socket of both people when `readerId` read the other's messages up to `upTo`. */
export const directReadFrame = z.object({
  type: z.literal('direct_read'),
  readerId: z.string(),
  otherId: z.string(),
  upTo: z.number().int().min(0).max(BIGINT_ID_MAX),
});
export type DirectMessageFrame = z.infer<typeof directMessageFrame>;
export type DirectReadFrame = z.infer<typeof directReadFrame>;
