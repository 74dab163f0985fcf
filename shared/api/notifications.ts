import { z } from 'zod';
import { userSummary } from './pacts';

/** In-app notifications (DECISIONS 10; the profile's notifications dialog). Newest first, 20 a page. */
export const NOTIFICATION_TYPES = [
  'friend_added',
  'proof_approved',
  'proof_rejected',
  'pact_joined',
  'trial_ending',
] as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MARK_MAX = 100;

export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

export const notification = z.object({
  id: z.number().int(),
  type: notificationType,
  /** Who caused it (the friend, the approver, the member who joined); null for automatic events. */
  actor: userSummary.nullable(),
  /** The Pact concerned, when the caller may still see it. */
  pact: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Type-specific details, e.g. { proofId, value, exerciseType } for proof decisions. */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.strictObject({
  /** Opaque: nextCursor of the previous page. */
  cursor: z.string().max(100).optional(),
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
    ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATIONS_MARK_MAX).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), 'give either ids or all');
export type MarkReadBody = z.infer<typeof markReadBody>;

export const markReadResponse = z.object({ ok: z.literal(true), unreadCount: z.number().int() });

/** The realtime gateway sends this to the user's sockets when a notification is created. */
export const notificationSocketEvent = z.object({ type: z.literal('notification'), notification });
export type NotificationSocketEvent = z.infer<typeof notificationSocketEvent>;
