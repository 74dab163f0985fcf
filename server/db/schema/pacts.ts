import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DIFFICULTIES, VISIBILITIES } from '../../../shared/api/pacts';
import { PARTICIPATION_STATUSES } from '../../../shared/domain/enums';
import { teams } from './teams';
import { users } from './users';

/** A Pact (a "challenge" in the HTTP API; docs/ARCHITECTURE.md, Names). */
export const pacts = pgTable(
  'pacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseType: text('exercise_type').notNull(),
    targetValue: integer('target_value').notNull(),
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull().default('medium'),
    /** Local wall-clock time 'HH:MM' for every participant, or null for "all day". */
    workoutTime: text('workout_time'),
    scheduleDays: text('schedule_days').array().notNull(),
    totalDays: integer('total_days').notNull(),
    visibility: text('visibility', { enum: VISIBILITIES }).notNull(),
    proofMethod: text('proof_method').notNull().default('live'),
    isCustom: boolean('is_custom').notNull().default(false),
    tutorialMediaId: text('tutorial_media_id'),
    tutorialVideoUrl: text('tutorial_video_url'),
    thumbnailUrl: text('thumbnail_url'),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** Active participations; kept in step with participations by the pacts service. */
    participantCount: integer('participant_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /**
     * Someone besides the creator who counts (countsAsParticipant) has joined, even if they left since: the exercise,
     * target and duration are fixed. Set by a join, never cleared.
     */
    termsLocked: boolean('terms_locked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Discover reads visible Pacts newest first by cursor (id).
    index('pacts_discover_idx')
      .on(t.id.desc())
      .where(sql`${t.isHidden} = false and ${t.visibility} in ('public', 'friends', 'pro')`),
    index('pacts_popular_idx').on(t.participantCount.desc(), t.id.desc()),
    index('pacts_creator_idx').on(t.creatorId, t.id.desc()),
    index('pacts_team_idx').on(t.teamId),
  ],
);

export const participations = pgTable(
  'participations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pactId: integer('pact_id')
      .notNull()
      .references(() => pacts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PARTICIPATION_STATUSES }).notNull().default('active'),
    /** The participant's local date of joining: day 1 of the Pact for them. */
    startDay: date('start_day').notNull(),
    completedValue: integer('completed_value').notNull().default(0),
    daysDone: integer('days_done').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participations_user_pact_unique').on(t.userId, t.pactId),
    index('participations_pact_status_idx').on(t.pactId, t.status),
    index('participations_user_status_idx').on(t.userId, t.status),
  ],
);

export const pactLikes = pgTable(
  'pact_likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pactId: integer('pact_id')
      .notNull()
      .references(() => pacts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pactId] }), index('pact_likes_pact_idx').on(t.pactId)],
);
