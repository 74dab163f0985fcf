import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { BILLING_PROVIDERS, SUBSCRIPTION_STATUSES } from '../../../shared/domain/enums';
import { users } from './users';

/** A coach's paid Pro team (docs/PACTS.md, "Joining and team access"). Prices are in cents. */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    /** One of the fixed palette's names (shared/domain/accents.ts), or null for the app's own colour. */
    accentColor: text('accent_color'),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionPrice: integer('subscription_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_coach_idx').on(t.coachId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerRef: text('provider_ref'),
    /** The provider's customer (Stripe's portal needs it); null in test mode. */
    providerCustomerRef: text('provider_customer_ref'),
    /** Test mode: the member's simulated card fails every charge (docs/TEAMS.md). */
    simulatePaymentFailure: boolean('simulate_payment_failure').notNull().default(false),
    /** When the "trial ends tomorrow" notification went out (once per trial). */
    trialReminderAt: timestamp('trial_reminder_at', { withTimezone: true }),
    /** When it stopped giving access for good (canceled, unpaid, expired), on the billing clock. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_team_user_unique').on(t.teamId, t.userId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_period_idx').on(t.status, t.currentPeriodEnd),
    uniqueIndex('subscriptions_provider_ref_unique').on(t.providerRef),
  ],
);

/**
 * The ledger: every charge and refund (refunds negative), gross, 15% platform fee, 85% coach net, in cents
 * (billing/ledger.ts states the rounding). The member reference is dropped on erasure; the row stays.
 */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whose payout the net is (kept when the team goes, for the coach's books). */
    coachId: text('coach_id').references(() => users.id, { onDelete: 'set null' }),
    /** A refund: the providerRef of the charge it gives back. */
    refundOf: text('refund_of'),
    grossCents: integer('gross_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    coachNetCents: integer('coach_net_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    providerRef: text('provider_ref').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('charges_team_idx').on(t.teamId, t.createdAt),
    index('charges_coach_idx').on(t.coachId, t.createdAt),
    index('charges_refund_of_idx').on(t.refundOf),
  ],
);

/** The test-mode billing clock: how far it runs ahead of the wall clock (one row, id 1), shared by instances. */
export const billingClock = pgTable('billing_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Billing provider events already applied (each webhook event is applied once). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const directMessages = pgTable(
  'direct_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The sender's idempotency key (a UUID from the client): a retried send stores one message. */
    clientKey: text('client_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('direct_messages_pair_idx').on(t.senderId, t.recipientId, t.id.desc()),
    index('direct_messages_recipient_idx').on(t.recipientId, t.id.desc()),
    uniqueIndex('direct_messages_client_key_unique')
      .on(t.senderId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/**
 * The Pro Creator waitlist (docs/TEAMS.md "Pro Creator waitlist"): one row per normalised mailbox. It counts once its address
 * is confirmed from the mailed link (the token is stored as its SHA-256 and expires); `launchMailedAt` records the
 * "Pro Creator is live" mail so it is sent to an entry once. The "leave the list" link is keyed on the id (HMAC),
 * so nothing of it is stored.
 */
export const waitlistEntries = pgTable('waitlist_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The address as written, where the mails go (`email` is the normalised mailbox); null on entries before it. */
  address: text('address'),
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  launchMailedAt: timestamp('launch_mailed_at', { withTimezone: true }),
});

/**
 * Coach analytics' daily summary (docs/ANALYTICS.md): one row per team and day of the billing clock (UTC), written
 * by the coaching module when its inputs change (subscription changes, proof decisions) and by the day-boundary
 * job, so the analytics screen only reads it. A past day's members, new and churned never change once the day
 * is over; its proof figures change only when a proof of that day is decided late.
 */
export const teamDailyStats = pgTable(
  'team_daily_stats',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Members with access at the day's end (or at the last change, for today). The coach is not counted. */
    members: integer('members').notNull().default(0),
    /** Subscriptions started that day (a trial, or a returning member's new month). */
    newMembers: integer('new_members').notNull().default(0),
    /** Subscriptions that stopped giving access that day. */
    churned: integer('churned').notNull().default(0),
    /** Scheduled workout days of members with access that day, in the team's Pacts. */
    proofsDue: integer('proofs_due').notNull().default(0),
    /** Of those, the ones with an approved proof. */
    proofsDone: integer('proofs_done').notNull().default(0),
    /** The ledger's rows of the day (billing clock): gross less refunds, and the coach's net, in cents. */
    revenueCents: integer('revenue_cents').notNull().default(0),
    netCents: integer('net_cents').notNull().default(0),
    /** Subscriptions whose first payment fell on the day. */
    conversions: integer('conversions').notNull().default(0),
    /** Monthly recurring revenue at the day's end (today: at the last settle); null until first computed. */
    mrrCents: integer('mrr_cents'),
    /** The day is over and its money and MRR were set from the ledger at its end. */
    closed: boolean('closed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] })],
);

/**
 * One free trial per person and team, for good (DECISIONS 11): who took a team's trial, as a keyed hash of their
 * normalised email (HMAC with the server's secret, teams/trials.ts), never the address. Kept when the account is
 * erased, so erasing and signing up again brings no second trial (docs/PRIVACY.md).
 */
export const trialsTaken = pgTable(
  'trials_taken',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trials_taken_team_email_unique').on(t.teamId, t.emailHash)],
);
