import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from '../domain/limits';
import { changedFrame } from './changes';
import { BIGINT_ID_MAX, bigIdParam, idValue, intParam, intValue } from './ids';
import { directMessageFrame, directReadFrame } from './messages';
import { notificationSocketEvent } from './notifications';
import { userSummary } from './pacts';
import { paths } from './paths';
import { chatProof, proofStatus } from './proofs';
import { text } from './text';

/**
 * Contracts of a Pact's chat (its proofs: proofs.ts) and the real-time link `/ws` (docs/CHAT.md). Paths keep
 * "challenge". Every message carries an increasing `id`: clients order and de-duplicate by it, and resume a dropped
 * link from the last id they saw.
 */

export const MESSAGE_TYPES = ['message', 'workout_proof', 'live'] as const;
export const messageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageType>;

export const CHAT_LIMITS = {
  messageMax: CHAT_MESSAGE_MAX_LENGTH,
  pageSize: CHAT_PAGE_SIZE,
  pageMax: 100,
  /** Sends per user in `sendWindowMs` before 429. */
  sendMax: 20,
  sendWindowMs: 10_000,
  /** Start/stop of the live state per user in `liveWindowMs` before 429 (each one reaches every socket of the room). */
  liveMax: 30,
  liveWindowMs: 60_000,
  /** A resume asking for more missed messages than this gets `resync` and refetches over HTTP. */
  resumeMax: 200,
  /** Client frames larger than this get an error frame. */
  frameMaxBytes: 4096,
} as const;

/**
 * A chat message. `message` is the text exactly as sent (clients render it as text, never as HTML).
 * For workout_proof messages `videoUrl`, `proofStatus` and `proof` are set; otherwise they are null.
 */
export const chatMessage = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  userId: z.string(),
  user: userSummary,
  message: z.string(),
  timestamp: z.string(),
  type: messageType,
  videoUrl: z.string().nullable(),
  proofStatus: proofStatus.nullable(),
  proof: chatProof.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * GET /api/challenges/:id/messages. Items are newest first. `before`: older than this id (scrolling up).
 * `after`: the `limit` messages right after this id (catching up), still presented newest first. Not both.
 */
export const listMessagesQuery = z
  .strictObject({
    before: bigIdParam()
      .optional()
      .meta({ description: 'Messages older than this id (scrolling up). Not with `after`.' }),
    after: bigIdParam()
      .optional()
      .meta({ description: 'The messages right after this id (catching up). Not with `before`.' }),
    limit: intParam(1, CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageSize),
  })
  .refine((q) => q.before === undefined || q.after === undefined, 'use before or after, not both')
  .meta({ description: 'Give `before` or `after`, not both.', not: { required: ['before', 'after'] } });
export type ListMessagesQuery = z.input<typeof listMessagesQuery>;

export const messagePage = z.object({
  items: z.array(chatMessage),
  /** Pass as `before` for the next older page; null when there is none. */
  nextBefore: z.number().int().nullable(),
  /** With `after`: pass as `after` to keep catching up; null when nothing newer is left. */
  nextAfter: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** A client-chosen idempotency key: a retried request with the same key stores one message. */
export const clientKey = z.uuid();

/** POST /api/challenges/:id/chat. A text (docs/CHAT.md); 201 when stored, 200 when the clientKey was seen before. */
export const sendMessageBody = z.strictObject({
  message: text(CHAT_LIMITS.messageMax, { multiline: true }),
  type: z.literal('message').default('message'),
  clientKey: clientKey.optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** POST /api/challenges/:id/live: the /live recorder tells the room someone is working out live. */
export const LIVE_STATES = ['started', 'stopped'] as const;
export const liveBody = z.strictObject({ state: z.enum(LIVE_STATES) });
export type LiveBody = z.infer<typeof liveBody>;
export const liveResponse = z.object({
  ok: z.literal(true),
  /** The "is working out live" message when one was stored (once per live session). */
  message: chatMessage.nullable(),
});

// ---- Real-time link /ws --------------------------------------------------------------------------------------

export const WS_PATH = paths.chat.socket.path;

/** Close codes the server uses besides the standard ones. */
export const WS_CLOSE = {
  /** The session ended (sign-out, account deletion) or there never was one. */
  sessionEnded: 4401,
  /** Too many malformed frames. */
  abuse: 4408,
} as const;

const challengeId = idValue();

/** Frames a client sends. `lastId`: the highest message id it has; the server answers what came after. */
export const clientFrame = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('subscribe'),
    challengeId,
    lastId: intValue(0, BIGINT_ID_MAX).optional(),
  }),
  z.strictObject({ type: z.literal('unsubscribe'), challengeId }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const UNSUBSCRIBE_REASONS = ['left', 'access_lost', 'deleted', 'requested'] as const;

/** Frames the server sends. A client that gets `resync` refetches the chat over HTTP and keeps listening. */
export const serverFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat_message'), message: chatMessage }),
  z.object({ type: z.literal('stream_proof'), proof: chatProof }),
  z.object({
    type: z.literal('proof_status'),
    challengeId,
    proofId: z.number().int(),
    messageId: z.number().int(),
    status: proofStatus,
    decidedBy: userSummary.nullable(),
  }),
  z.object({ type: z.literal('live'), challengeId, userId: z.string(), state: z.enum(LIVE_STATES) }),
  /** Live from here on; `lastId` is the highest message id the server has sent or knows of for this room. */
  z.object({ type: z.literal('subscribed'), challengeId, lastId: z.number().int() }),
  z.object({ type: z.literal('resync'), challengeId }),
  z.object({ type: z.literal('unsubscribed'), challengeId, reason: z.enum(UNSUBSCRIBE_REASONS) }),
  z.object({ type: z.literal('error'), message: z.string(), challengeId: challengeId.optional() }),
  z.object({ type: z.literal('pong') }),
  /** To every socket of the notified user, without subscribing (the bell's count and list refresh). */
  notificationSocketEvent,
  /** To every socket of both people of a direct message (docs/MESSAGES.md), without subscribing. */
  directMessageFrame,
  directReadFrame,
  /** To every socket of a user whose progress, Pacts or rankings moved (shared/api/changes.ts). */
  changedFrame,
]);
export type ServerFrame = z.infer<typeof serverFrame>;
