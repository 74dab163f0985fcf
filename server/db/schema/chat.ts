import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES } from '../../../shared/api/chat';
import { PROOF_STATUSES } from '../../../shared/api/proofs';
import { media } from './media';
import { pacts } from './pacts';
import { users } from './users';

/**
 * A Pact's group chat. The identity id increases with every message, so a reconnecting client
 * asks for everything after the last id it saw.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pactId: integer('pact_id')
      .notNull()
      .references(() => pacts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MESSAGE_TYPES }).notNull().default('message'),
    body: text('body').notNull(),
    /** Idempotency key chosen by the client, so a retried send stores one message. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The person a message answers (the AI trainer's reply to someone's message or proof); null: nobody. Such a
     * message is seen only by those who may see its addressee (docs/RULES.md "Sandboxes stay apart").
     */
    addresseeId: text('addressee_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('chat_messages_pact_idx').on(t.pactId, t.id.desc()),
    index('chat_messages_addressee_idx').on(t.addresseeId).where(sql`${t.addresseeId} is not null`),
    index('chat_messages_user_idx').on(t.userId),
    uniqueIndex('chat_messages_client_key_unique')
      .on(t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** A workout proof: a video attached to a workout_proof message, approved or rejected by others. */
/**
 * A code word issued to a person for one proof recording in one Pact (docs/RULES.md "Proof you can trust"): valid
 * for 15 minutes, used by at most one proof. `countsFor`: the local day a proof with it counts for, or null when it
 * cannot count (not a scheduled day, outside that day's start window, or the day already counted), decided on the
 * server clock when issued.
 */
export const proofChallenges = pgTable(
  'proof_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pactId: integer('pact_id')
      .notNull()
      .references(() => pacts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    countsFor: date('counts_for'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('proof_challenges_user_idx').on(t.userId, t.createdAt)],
);

export const proofs = pgTable(
  'proofs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    pactId: integer('pact_id')
      .notNull()
      .references(() => pacts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoMediaId: text('video_media_id').references(() => media.id, { onDelete: 'set null' }),
    thumbnailMediaId: text('thumbnail_media_id').references(() => media.id, { onDelete: 'set null' }),
    value: integer('value').notNull(),
    status: text('status', { enum: PROOF_STATUSES }).notNull().default('pending'),
    /** The author's local date when the proof was recorded (their time zone). */
    recordedDay: date('recorded_day').notNull(),
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A bundled demo clip seeded into a demo sandbox, not a recording: the chat labels it as demo content. */
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The code word it was recorded with (null: posted before code words, or seeded). */
    challengeId: integer('challenge_id').references(() => proofChallenges.id, { onDelete: 'set null' }),
    codeWord: text('code_word'),
    /** False: kept as a chat post that counts for nothing (docs/RULES.md "One counted workout a day"). */
    counts: boolean('counts').notNull().default(true),
    /** SHA-256 of the stored video bytes (hex); the same bytes are never a proof twice. */
    videoSha256: text('video_sha256'),
    /** dHash of frames taken on the server (hex, 16 characters a frame); null until computed or without ffmpeg. */
    fingerprint: text('fingerprint'),
    /** Keys of the fingerprint's bands (band * 65536 + 16 bits), to find near-duplicates by index. */
    fingerprintBands: integer('fingerprint_bands').array(),
    /** The earlier proof this one looks like (near-duplicate), for the approvers. */
    nearDuplicateOfId: integer('near_duplicate_of_id').references((): AnyPgColumn => proofs.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('proofs_video_sha256_unique').on(t.videoSha256).where(sql`${t.videoSha256} is not null`),
    index('proofs_fingerprint_bands_idx').using('gin', t.fingerprintBands),
    index('proofs_user_status_day_idx').on(t.userId, t.status, t.recordedDay),
    index('proofs_pact_idx').on(t.pactId, t.createdAt),
    index('proofs_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('proofs_approved_day_idx').on(t.recordedDay, t.userId).where(sql`${t.status} = 'approved'`),
  ],
);
