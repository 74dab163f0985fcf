/**
 * Value lists that the database stores and the contract in shared/api does not (yet) spell out itself. The schema
 * (server/db/schema) builds its enums from these and from the contract's own lists; an agreement test
 * (server/db/schema/enums.test.ts) checks every copy in the contract against them.
 */

export const USER_ROLES = ['user', 'admin', 'system'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A participation: 'left' is kept (a rejoin starts again at day 1), but only active and completed count. */
/** `ended`: the member's access to the Pact's team ended (docs/TEAMS.md); access coming back makes it active again. */
export const PARTICIPATION_STATUSES = ['active', 'completed', 'left', 'ended'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

/** The media kind of profile pictures (one of the contract's uploadable kinds, shared/api/media.ts). */
export const AVATAR_MEDIA_KIND = 'avatar';
export const MEDIA_STATUSES = ['uploading', 'ready', 'rejected'] as const;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;

export const DELETION_REQUEST_STATUSES = [
  'awaiting_confirmation',
  'scheduled',
  'cancelled',
  'completed',
] as const;

/** A team subscription's state, as billing providers name them. */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PROVIDERS = ['test', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/**
 * How this server bills Pro teams (DECISIONS 11): `stripe` (both keys), `test` (simulated, only when asked for),
 * `off` (paid teams cannot be created or joined).
 */
export const BILLING_MODES = ['stripe', 'test', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** States of a queued background job (server/platform/jobs): waiting, taken by a runner, finished, given up. */
export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
