import { z } from 'zod';
import { BIGINT_ID_MAX, bigIdValue, pageCursor } from './ids';
import { userSummary } from './pacts';

/** In-app notifications (the profile's notifications dialog, docs/RULES.md). Newest first, 20 a page. */
export const NOTIFICATION_TYPES = [
  /** Someone asked to be the reader's friend. */
  'friend_request',
  /** The reader's friend request was accepted (or answered with a request back). */
  'friend_added',
  /** A proof waits for the reader's review: the actor posted it in the Pact (data: proofId, messageId). */
  'proof_pending',
  'proof_approved',
  'proof_rejected',
  'pact_joined',
  /** A team trial ends within a day (data: teamId, teamName, trialEndsAt, priceCents). */
  'trial_ending',
  /** A team payment failed: access stays for the grace days (data: teamId, teamName, graceEndsAt). */
  'payment_failed',
  /** A team subscription ended (data: teamId, teamName, reason: canceled | expired | unpaid). */
  'subscription_canceled',
  /** A team subscription renewed, or a failed payment went through (data: teamId, teamName, amountCents). */
  'subscription_renewed',
  /**
   * The actor (a coach or a member of their team) sent the reader a direct message: one unread per sender, read
   * when the reader opens the conversation.
   */
  'direct_message',
] as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MARK_MAX = 100;

export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

export const notification = z.object({
  id: z.number().int(),
  type: notificationType,
  /** Who caused it (who asked or accepted, the approver, the member who joined); null for automatic events. */
  actor: userSummary.nullable(),
  /** The Pact concerned, when the caller may still see it. */
  pact: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Type-specific details, e.g. { proofId, value, exerciseType } for proof decisions. */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
  /**
   * friend_request only: where that request stands now. `pending` waits for the reader's Accept or Decline,
   * `friends` was accepted (and they still are), `closed` was declined or the friendship has ended since.
   */
  friendRequest: z.enum(['pending', 'friends', 'closed']).optional(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.strictObject({
  /** Opaque: nextCursor of the previous page. */
  cursor: pageCursor(BIGINT_ID_MAX).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const notificationPage = z.object({
  items: z.array(notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

/** POST /api/notifications/read: some ids, or all. An id that is not the caller's: 404, nothing changed. */
export const markReadBody = z
  .strictObject({
    ids: z.array(bigIdValue()).min(1).max(NOTIFICATIONS_MARK_MAX).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), 'give either ids or all')
  .meta({
    description: 'Give either `ids` or `all`, not both.',
    oneOf: [
      { required: ['ids'], not: { required: ['all'] } },
      { required: ['all'], not: { required: ['ids'] } },
    ],
    examples: [{ ids: [1] }, { all: true }],
  });
export type MarkReadBody = z.infer<typeof markReadBody>;

export const markReadResponse = z.object({ ok: z.literal(true), unreadCount: z.number().int() });

/** The realtime gateway sends this to the user's sockets when a notification is created. */
export const notificationSocketEvent = z.object({ type: z.literal('notification'), notification });
export type NotificationSocketEvent = z.infer<typeof notificationSocketEvent>;
