import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_team_user_unique').on(t.teamId, t.userId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_period_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** Every charge: gross, 15% platform fee, 85% coach net. */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    grossCents: integer('gross_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    coachNetCents: integer('coach_net_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    providerRef: text('provider_ref').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charges_team_idx').on(t.teamId, t.createdAt)],
);

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
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('direct_messages_pair_idx').on(t.senderId, t.recipientId, t.id.desc()),
    index('direct_messages_recipient_idx').on(t.recipientId, t.id.desc()),
  ],
);

export const waitlistEntries = pgTable('waitlist_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
