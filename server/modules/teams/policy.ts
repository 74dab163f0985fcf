import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BillingProviderName, SubscriptionStatus } from '../../../shared/domain/enums';
import { DAY_MS, PAST_DUE_GRACE_DAYS } from '../../../shared/domain/limits';
import { media, teams } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';

/**
 * Who has access to a coach's Pro team (its Pro Pacts): the coach always; a member while their subscription is
 * trialing or active, or past due for at most PAST_DUE_GRACE_DAYS after its period ended (a failed renewal
 * does not lock anyone out at once). Canceled, unpaid and expired subscriptions give none. A test-mode subscription
 * set to end (a server that left test billing ends them all at their period's end, memberships/test-billing-end.ts)
 * gives none once its period is over, whatever its status still says: nothing renews it outside test mode.
 */

export type TeamAccessFacts = {
  isCoach: boolean;
  /** The user's subscription to the team, 'none' without one. */
  subscriptionStatus: SubscriptionStatus | 'none';
  /** The subscription's period ended less than the grace days ago (or has not ended). */
  withinGrace: boolean;
  /** A test-mode subscription set to end whose period is over. */
  testLapsed: boolean;
};

const r = ruleBuilder<TeamAccessFacts>();

export const TEAM_ACCESS = r.any(
  'isCoach',
  r.all(
    r.not('testLapsed'),
    r.any(
      r.oneOf('subscriptionStatus', ['trialing', 'active']),
      r.all(r.oneOf('subscriptionStatus', ['past_due']), 'withinGrace'),
    ),
  ),
);

/** The instant before which a past-due period end no longer gives access. */
export const graceStart = (now: Date): Date => new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS);

export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  provider: BillingProviderName;
  cancelAtPeriodEnd: boolean;
}

export function teamAccessFacts(
  actorId: string,
  team: { coachId: string },
  subscription: SubscriptionState | null | undefined,
  now: Date,
): TeamAccessFacts {
  return {
    isCoach: team.coachId === actorId,
    subscriptionStatus: subscription?.status ?? 'none',
    withinGrace: subscription ? subscription.currentPeriodEnd > graceStart(now) : false,
    testLapsed: subscription
      ? subscription.provider === 'test' &&
        subscription.cancelAtPeriodEnd &&
        subscription.currentPeriodEnd <= now
      : false,
  };
}

export function hasTeamAccess(
  actorId: string,
  team: { coachId: string },
  subscription: SubscriptionState | null | undefined,
  now: Date,
): boolean {
  return evaluate(TEAM_ACCESS, teamAccessFacts(actorId, team, subscription, now));
}

/** The facts as SQL over the `teams` row in scope (a user holds at most one subscription per team). */
export function teamAccessFactsSql(me: string, now: Date): FactsSql<TeamAccessFacts> {
  const mine = sql`from subscriptions s where s.team_id = ${teams.id} and s.user_id = ${me}`;
  return {
    isCoach: sql`${teams.coachId} = ${me}`,
    subscriptionStatus: sql`coalesce((select s.status ${mine}), 'none')`,
    withinGrace: sql`coalesce((select s.current_period_end > ${graceStart(now).toISOString()}::timestamptz ${mine}), false)`,
    testLapsed: sql`coalesce((select ${testLapsedSql(sql`${now.toISOString()}::timestamptz`)} ${mine}), false)`,
  };
}

/** SQL: `me` has access to the `teams` row in scope at `now`. */
export function teamAccessibleTo(me: string, now: Date): SQL {
  return toSql(TEAM_ACCESS, teamAccessFactsSql(me, now));
}

/** SQL over the subscription `s` in scope: a test-mode subscription set to end, its period over at `now`. */
const testLapsedSql = (now: SQL) =>
  sql`(s.provider = 'test' and s.cancel_at_period_end and s.current_period_end <= ${now})`;

/**
 * The billing clock's now in SQL: the wall clock plus the test-mode offset (no row, as with Stripe: none). For
 * access rules written in SQL that cannot take the clock as a value (media playback of proof videos).
 */
export const billingNowSql = sql`(now() + coalesce((select bc.offset_ms from billing_clock bc where bc.id = 1), 0)
  * interval '1 millisecond')`;

/** SQL: `me` (a value, or a prepared statement's placeholder) has access to the `teams` row in scope at the billing
 * clock's now. */
export function teamAccessibleNow(me: string | Placeholder): SQL {
  const mine = sql`from subscriptions s where s.team_id = ${teams.id} and s.user_id = ${me}`;
  const graceDays = sql.raw(String(PAST_DUE_GRACE_DAYS));
  return toSql(TEAM_ACCESS, {
    isCoach: sql`${teams.coachId} = ${me}`,
    subscriptionStatus: sql`coalesce((select s.status ${mine}), 'none')`,
    withinGrace: sql`coalesce((select s.current_period_end > ${billingNowSql} - interval '${graceDays} days' ${mine}), false)`,
    testLapsed: sql`coalesce((select ${testLapsedSql(billingNowSql)} ${mine}), false)`,
  });
}

/** Only the coach edits a team (name, description, price). */
export const mayEditTeam = (actorId: string, team: { coachId: string }): boolean => team.coachId === actorId;

/** A coach cannot subscribe to their own team (they have access anyway). */
export const maySubscribe = (actorId: string, team: { coachId: string }): boolean => team.coachId !== actorId;

/** SQL over the `media` row in scope (media/policy.ts setAttachmentRules): a team shows it as its image. */
export const teamImageInUse = (): SQL =>
  sql`exists (select 1 from teams where teams.image_url = '/media/' || ${media.id})`;
