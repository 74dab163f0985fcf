import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { JOB_STATUSES } from '../../../shared/domain/enums';

/**
 * The durable job queue (server/platform/jobs): one row per job. A runner claims due rows with
 * `FOR UPDATE SKIP LOCKED`, holds them with a lock that expires, and finishes them as done, pending again
 * (retry or next run of a recurring job) or dead (out of attempts; kept for inspection).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Runs started so far (a run cut short by a crash counts). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one pending or running job per key; a finished one frees the key. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('jobs_lock_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_status_idx').on(t.status, t.updatedAt),
    uniqueIndex('jobs_dedupe_key_idx').on(t.dedupeKey).where(sql`${t.status} in ('pending', 'running')`),
  ],
);

/**
 * The app instances running on this database, each with a heartbeat (platform/instances.ts): a second instance
 * without REDIS_URL is refused at start, since instances share sessions, rooms and limits only through Redis.
 */
export const liveInstances = pgTable('live_instances', {
  id: text('id').primaryKey(),
  /** Whether this instance runs with REDIS_URL. */
  withRedis: boolean('with_redis').notNull(),
  host: text('host').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
