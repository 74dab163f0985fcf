import { z } from 'zod';
import { idParam } from './ids';

/**
 * Coach analytics of a Pro team (docs/MESSAGES.md, "Coach analytics"): for the team's coach only. Money in
 * integer cents; rates are 0..1, null when nothing could be counted (no one to divide by).
 */

export const ANALYTICS_PERIODS = ['week', 'month'] as const;
/** How many weeks or months the series covers, the current one last. */
export const ANALYTICS_BUCKETS = { week: 12, month: 12 } as const;

export const teamAnalyticsParams = z.strictObject({ id: idParam() });
export const teamAnalyticsQuery = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS).default('week'),
});
export type TeamAnalyticsQuery = z.input<typeof teamAnalyticsQuery>;

const rate = z.number().min(0).max(1).nullable();

export const analyticsBucket = z.object({
  /** First day of the week (Monday) or month, YYYY-MM-DD, UTC. */
  start: z.string(),
  /** Members with access at the bucket's end (or now, for the current one). */
  members: z.number().int(),
  /** Trials started in the bucket. */
  trials: z.number().int(),
  /** Subscriptions whose first payment (trial -> active) fell in the bucket. */
  conversions: z.number().int(),
  /** Gross charges less refunds in the bucket. */
  revenueCents: z.number().int(),
  /** Monthly recurring revenue at the bucket's end. */
  mrrCents: z.number().int(),
  /** Subscriptions that ended (canceled, unpaid, expired) in the bucket. */
  churned: z.number().int(),
  /** churned / members at the bucket's start. */
  churnRate: rate,
  /** Approved workout days / scheduled workout days of the team's Pacts' participants in the bucket. */
  proofCompletionRate: rate,
});
export type AnalyticsBucket = z.infer<typeof analyticsBucket>;

export const teamAnalytics = z.object({
  team: z.object({ id: z.number().int(), name: z.string(), priceCents: z.number().int() }),
  period: z.enum(ANALYTICS_PERIODS),
  totals: z.object({
    /** Members with access now (trialing, active, past due within the grace). */
    members: z.number().int(),
    trialing: z.number().int(),
    active: z.number().int(),
    /** Every trial ever started. */
    trials: z.number().int(),
    /** Every trial that became paying. */
    conversions: z.number().int(),
    /** conversions / trials that are over (converted or not). */
    conversionRate: rate,
    mrrCents: z.number().int(),
    /** Coach's share (85%) of everything charged less refunds, from the ledger. */
    coachNetCents: z.number().int(),
  }),
  series: z.array(analyticsBucket),
});
export type TeamAnalytics = z.infer<typeof teamAnalytics>;
