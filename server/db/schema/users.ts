import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_ROLES } from '../../../shared/domain/enums';

/** Accounts, sessions and sign-in methods. Column names follow better-auth's model (see server/modules/auth). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('profile_image_url'),
    username: text('username').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    bio: text('bio'),
    dateOfBirth: date('date_of_birth'),
    timeZone: text('time_zone').notNull().default('UTC'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    isProUser: boolean('is_pro_user').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    demoExpiresAt: timestamp('demo_expires_at', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    // Progress figures, recomputed from approved proofs (shared/domain/progress) and kept here for ranking.
    streakCount: integer('streak_count').notNull().default(0),
    streakPoints: integer('streak_points').notNull().default(0),
    totalWorkouts: integer('total_workouts').notNull().default(0),
    totalXP: integer('total_xp').notNull().default(0),
    level: integer('level').notNull().default(1),
    /** Streak freezes held now (0 to 2) and the scheduled days one was used on (shared/domain/progress). */
    streakFreezes: integer('streak_freezes').notNull().default(0),
    frozenDays: date('frozen_days').array().notNull().default(sql`'{}'::date[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_streak_idx').on(t.streakCount.desc(), t.id),
    index('users_points_idx').on(t.streakPoints.desc(), t.id),
    index('users_workouts_idx').on(t.totalWorkouts.desc(), t.id),
    index('users_xp_idx').on(t.totalXP.desc(), t.id),
    index('users_demo_expiry_idx').on(t.demoExpiresAt).where(sql`${t.isDemo}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    uniqueIndex('accounts_provider_unique').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-user settings of the Settings screen (Privacy & Data). The theme stays in browser storage. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  workoutNotifications: boolean('workout_notifications').notNull().default(true),
  analytics: boolean('analytics').notNull().default(false),
  marketing: boolean('marketing').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider sign-in waiting for its date of birth: the verified identity is parked here, never as an account,
 * until the age gate passes. Short-lived; the browser holds the token whose SHA-256 is the id.
 */
export const providerSignups = pgTable(
  'provider_signups',
  {
    id: text('id').primaryKey(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_signups_expiry_idx').on(t.expiresAt)],
);
