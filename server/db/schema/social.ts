import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REPORT_STATUSES } from '../../../shared/domain/enums';
import { pacts } from './pacts';
import { users } from './users';

/** Friendship is mutual and accepted by both: each friendship is stored in both directions. */
export const friendships = pgTable(
  'friendships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`),
  ],
);

/**
 * Friend requests waiting for an answer: one row per pair at most, whichever way it points (a request back is an
 * acceptance, so two rows for one pair never exist). A declined request keeps its row with `declinedAt` set: the
 * addressee no longer sees it, the requester still does until the cooldown ends (docs/RULES.md, Friends).
 */
export const friendRequests = pgTable(
  'friend_requests',
  {
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** The requester withdrew a declined request: it keeps its cooldown, but no longer reads as sent to them. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('friend_requests_pair').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friend_requests_addressee_idx').on(t.addresseeId, t.createdAt),
    index('friend_requests_declined_idx').on(t.declinedAt).where(sql`${t.declinedAt} is not null`),
    check('friend_requests_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Reports of Pacts or users, read by admins in the moderation queue. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pactId: integer('pact_id').references(() => pacts.id, { onDelete: 'cascade' }),
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_pact_once').on(t.reporterId, t.pactId).where(sql`${t.pactId} is not null`),
    uniqueIndex('reports_user_once')
      .on(t.reporterId, t.reportedUserId)
      .where(sql`${t.reportedUserId} is not null`),
    index('reports_queue_idx').on(t.status, t.createdAt),
    check('reports_one_target', sql`(${t.pactId} is null) <> (${t.reportedUserId} is null)`),
  ],
);
