import { z } from 'zod';
import { ACCENT_NAMES, type Accent } from '../domain/accents';
import { BILLING_MODES, BILLING_PROVIDERS, SUBSCRIPTION_STATUSES } from '../domain/enums';
import { TEAM_DESCRIPTION_MAX_LENGTH, TEAM_NAME_MAX_LENGTH } from '../domain/limits';
import { email } from './auth';
import { atLeastOneField } from './common';
import { idParam, intValue, stringId } from './ids';
import { challenge, monthlyPriceDollars, userSummary } from './pacts';
import { text } from './text';

/**
 * Contracts of Pro teams and billing (docs/TEAMS.md). Money is integer cents except `monthlyPrice` in request
 * bodies, which is dollars as the wizard sends it (5 to 199). Times are ISO strings of the billing clock
 * (in test mode the clock may run ahead of the wall clock, see GET /api/billing/mode).
 */

export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
/** What the API and every screen that would offer a trial or Pro say when the server's billing mode is `off`. */
export const PAID_TEAMS_OFF_MESSAGE = 'Paid teams are not enabled on this server';

export const billingProvider = z.enum(BILLING_PROVIDERS);
export const billingMode = z.enum(BILLING_MODES);

/** The caller's subscription to one team, as the team page and Manage show it. */
export const subscriptionView = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  status: subscriptionStatus,
  /** Whether the caller has the team's access now (trialing, active, or past due within the grace days). */
  hasAccess: z.boolean(),
  /** End of the free trial; null when the subscription never had one. */
  trialEndsAt: z.string().nullable(),
  /** End of the paid (or trial) period now running; access ends here when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** When the next charge is due (null once canceled, ended, or set to end at the period's end). */
  nextChargeAt: z.string().nullable(),
  /** Its amount in cents (null when there is no next charge). */
  nextChargeCents: z.number().int().nullable(),
  priceCents: z.number().int(),
  /** While past due: when access ends unless a payment succeeds. */
  graceEndsAt: z.string().nullable(),
  provider: billingProvider,
  /** Test mode only: the member's simulated card fails every charge (docs/TEAMS.md). */
  simulatePaymentFailure: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** A premium program (Teams screen and Discover's premium slides). */
export const teamSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** The team's accent (a name of shared/domain/accents.ts), null for the app's own colour. */
  accentColor: z.string().nullable(),
  /** Cents a month (the screen divides by 100). */
  subscriptionPrice: z.number().int(),
  coach: userSummary,
  /** Members with access now (trialing, active, past due within grace); the coach not counted. */
  memberCount: z.number().int(),
  /** Percent (0..100) of decided proofs in the team's Pacts that were approved; null before any. */
  successRate: z.number().int().nullable(),
  /** Videos in the team's Pacts: tutorials plus proof videos. */
  videoCount: z.number().int(),
  /** The team's Pro Pacts (ids), oldest first. */
  pactIds: z.array(z.number().int()),
  isCoach: z.boolean(),
  hasAccess: z.boolean(),
  /** The caller's subscription status, or null without one. */
  myStatus: subscriptionStatus.nullable(),
  trialDays: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

/** GET /api/user/teams: teams the caller coaches or has access to. */
export const myTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  subscriptionPrice: z.number().int(),
  memberCount: z.number().int(),
  role: z.enum(['coach', 'member']),
  /** Member only: their subscription's status. */
  myStatus: subscriptionStatus.nullable(),
  /** Member only: they canceled, and access ends at the period's end (false for the coach). */
  myCancelAtPeriodEnd: z.boolean(),
});
export type MyTeam = z.infer<typeof myTeam>;

/** GET /api/teams/:id: the team page. */
export const teamPage = teamSummary.extend({
  /** What members get, one line each (from the team's real contents). */
  features: z.array(z.string()),
  /** The team's Pacts as cards (visible to all, DECISIONS 4; joining needs access). */
  pacts: z.array(challenge),
  mySubscription: subscriptionView.nullable(),
  /** The server's billing mode: 'test' shows "Test mode - no real charges", 'off' offers no trial. */
  billingMode: billingMode,
  createdAt: z.string(),
});
export type TeamPage = z.infer<typeof teamPage>;

export const teamIdParams = z.strictObject({ id: idParam() });

/** PATCH /api/teams/:id (coach only). A new price applies to new subscriptions and to renewals. */
export const updateTeamBody = atLeastOneField(
  z.strictObject({
    name: text(TEAM_NAME_MAX_LENGTH).optional(),
    description: text(TEAM_DESCRIPTION_MAX_LENGTH, { multiline: true }).optional(),
    monthlyPrice: monthlyPriceDollars.optional(),
    /** The coach's own uploaded square image (kind team_image), or null to remove it. */
    imageMediaId: stringId('media').nullable().optional(),
    accentColor: z
      .enum(ACCENT_NAMES as [Accent, ...Accent[]])
      .nullable()
      .optional(),
  }),
);
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

/** POST /api/teams/:id/subscribe: test mode answers the subscription; Stripe answers where to pay. */
export const subscribeResponse = z.object({
  subscription: subscriptionView.nullable(),
  /** Stripe Checkout: open this URL; the subscription appears when its webhook arrives. */
  checkoutUrl: z.string().nullable(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

/** PATCH /api/teams/:id/subscription (test mode only): the simulated card. */
export const testCardBody = z.strictObject({ simulatePaymentFailure: z.boolean() });
export type TestCardBody = z.infer<typeof testCardBody>;

/** POST /api/teams/:id/subscription/manage: the provider's portal, or null (test mode manages in the app). */
export const manageResponse = z.object({ url: z.string().nullable() });

export const billingModeResponse = z.object({
  mode: billingMode,
  /** The billing clock's now (test mode may be ahead of the wall clock). */
  now: z.string(),
});
export type BillingModeResponse = z.infer<typeof billingModeResponse>;

export const billingClock = z.object({
  now: z.string(),
  /** How far the test clock runs ahead of the wall clock. */
  offsetMs: z.number().int(),
});
export type BillingClock = z.infer<typeof billingClock>;

/**
 * POST /api/admin/billing/clock/advance (test mode, outside production): forward by the sum of the parts, never back,
 * at most 32 days a call. All zero (or none given) moves nothing and applies what is due now.
 */
export const advanceClockBody = z.strictObject({
  days: intValue(0, 32).default(0),
  hours: intValue(0, 24 * 32).default(0),
  minutes: intValue(0, 60 * 24 * 32).default(0),
});
export type AdvanceClockBody = z.input<typeof advanceClockBody>;

/** Stored once per mailbox (normalised: case, +tags and Gmail dots do not make a second entry). */
export const waitlistBody = z.strictObject({ email });
export type WaitlistBody = z.infer<typeof waitlistBody>;

export const waitlistResponse = z.object({
  /** Whether the caller (by account or the email given) is on the list, confirmed or still to confirm. */
  joined: z.boolean(),
  /** Whether that entry's address is confirmed (from the mailed link); only confirmed entries count. */
  confirmed: z.boolean(),
  /** People on the list whose address is confirmed (the real count). */
  count: z.number().int(),
});
export type WaitlistResponse = z.infer<typeof waitlistResponse>;
