import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MEDIA_KINDS } from '../../../shared/api/media';
import { MEDIA_STATUSES } from '../../../shared/domain/enums';
import { users } from './users';

/** The uploadable kinds of the contract (profile pictures, `avatar`, among them). */
export const STORED_MEDIA_KINDS = MEDIA_KINDS;

/** A stored file (tutorial video, proof video, thumbnail). The key is made by the server. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STORED_MEDIA_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    durationSeconds: integer('duration_seconds'),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('uploading'),
    /** SHA-256 (hex) of the finished bytes, computed while they were written (media/hashing-store.ts), else null. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId), index('media_status_idx').on(t.status, t.createdAt)],
);
