import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DATA_TYPES } from '../../../shared/api/privacy';
import { DELETION_REQUEST_STATUSES } from '../../../shared/domain/enums';
import { users } from './users';

/** A data deletion request (docs/RULES.md, "Privacy"). */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactEmail: text('contact_email').notNull(),
    /** The contact email normalised to its mailbox (lowercase, no +tag, Gmail dots removed), for the mail limits. */
    mailbox: text('mailbox'),
    dataTypes: text('data_types', { enum: DATA_TYPES }).array().notNull(),
    fullAccountDeletion: boolean('full_account_deletion').notNull().default(false),
    reason: text('reason'),
    status: text('status', { enum: DELETION_REQUEST_STATUSES }).notNull(),
    /** sha256 of the emailed confirmation token, for requests made signed out. */
    confirmTokenHash: text('confirm_token_hash'),
    /** sha256 of the token in the scheduled mail's "Cancel deletion request" link. */
    cancelTokenHash: text('cancel_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    runAfter: timestamp('run_after', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deletion_requests_user_idx').on(t.userId),
    index('deletion_requests_due_idx').on(t.status, t.runAfter),
    index('deletion_requests_mailbox_idx').on(t.mailbox, t.createdAt),
  ],
);
