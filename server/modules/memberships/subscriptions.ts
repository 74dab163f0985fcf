import type { BillingClock, SubscribeResponse, SubscriptionView } from '../../../shared/api/teams';
import { TRIAL_DAYS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import { billingProvider, PAID_TEAMS_OFF_MESSAGE } from '../../platform/billing';
import { advanceClockBy, clockOffsetMs } from '../../platform/billing/test-mode';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { defineJob, type JobLogger } from '../../platform/jobs';
import { recordCharge } from '../billing/service';
import { mayModerate } from '../safety/policy';
import { areBlocked } from '../safety/service';
import type { SessionUser } from '../session/guard';
import { requireVerifiedEmail } from '../session/verified-email';
import { maySubscribe } from '../teams/policy';
import { presentSubscription } from '../teams/present';
import * as teams from '../teams/service';
import { findTeamFor } from '../teams/service';
import { trialTakenBefore } from '../teams/trials';
import {
  ENDED_STATUSES,
  isLive,
  LIVE_STATUSES,
  publishChange,
  type SubscriptionChange,
  syncMembership,
} from './lifecycle';
import { runBillingSweep } from './renewals';
import * as repo from './repo';

/**
 * A member's subscription to a team (docs/TEAMS.md, DECISIONS 8): start (the 7-day trial the first time),
 * cancel at the period's end and undo it, the provider's manage page, and test mode's simulated card. Each acts
 * only on the caller's own subscription: there is no way to name someone else's.
 */

export const OWN_TEAM_MESSAGE = 'You coach this team: you have its access already';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have a subscription to this team';
const NO_SUBSCRIPTION = 'You have no subscription to this team';
const ENDED_MESSAGE = 'This subscription has ended; subscribe again instead';

function teamUrl(ctx: AppContext, teamId: number) {
  return `${ctx.config.publicUrl}/teams/${teamId}`;
}

export async function subscribe(
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
): Promise<SubscribeResponse> {
  const team = await findTeamFor(ctx, me, teamId);
  if (!maySubscribe(me.id, team)) throw badRequest(OWN_TEAM_MESSAGE);
  requireVerifiedEmail(me);
  const existing = await teams.findSubscription(ctx.db, me.id, teamId);
  if (existing && isLive(existing.status)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
  const provider = billingProvider(ctx);
  const mode = provider.mode;
  if (mode === 'off') throw conflict(PAID_TEAMS_OFF_MESSAGE);
  const now = await provider.now();
  // One trial per person and team, for good: a returning member, or the same email after an erased account, pays
  // from the first day (trials.ts).
  const trialDays = existing || (await trialTakenBefore(ctx, teamId, me.email)) ? 0 : TRIAL_DAYS;
  const started = await provider.start({
    team,
    member: { id: me.id, email: me.email },
    trialDays,
    returnUrl: teamUrl(ctx, teamId),
    now,
  });
  if (started.kind === 'checkout') return { subscription: null, checkoutUrl: started.url };
  const values = {
    status: started.status,
    priceCents: team.subscriptionPrice,
    trialEndsAt: started.trialEndsAt,
    currentPeriodEnd: started.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    provider: mode,
    providerRef: started.providerRef,
    simulatePaymentFailure: false,
    trialReminderAt: null,
    endedAt: null,
  };
  const change = await ctx.db.transaction(async (tx): Promise<SubscriptionChange | null> => {
    const after = existing
      ? await repo.updateSubscriptionIf(tx, existing.id, { statuses: ENDED_STATUSES }, values)
      : await repo.insertSubscription(tx, { teamId, userId: me.id, ...values });
    if (!after) return null;
    await syncMembership(tx, { before: existing ?? null, after });
    const first = started.firstCharge;
    if (first?.ok) {
      await recordCharge(tx, {
        providerRef: first.providerRef,
        grossCents: first.grossCents,
        subscriptionId: after.id,
        teamId,
        userId: me.id,
        coachId: team.coachId,
        at: now,
      });
    }
    return { before: existing ?? null, after };
  });
  // Someone else's request (a double click) started it first.
  if (!change) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
  await publishChange(ctx, change);
  return { subscription: presentSubscription(change.after, now), checkoutUrl: null };
}

async function mine(ctx: AppContext, me: SessionUser, teamId: number) {
  const row = await teams.findSubscription(ctx.db, me.id, teamId);
  if (!row) throw notFound(NO_SUBSCRIPTION);
  return row;
}

async function setCancel(ctx: AppContext, me: SessionUser, teamId: number, cancel: boolean) {
  const row = await mine(ctx, me, teamId);
  if (!isLive(row.status)) throw conflict(ENDED_MESSAGE);
  // A team closed to the member (its coach banned, or a block between them) is not renewed again (closeTeamsOf).
  if (!cancel && (await closedToMember(ctx, me.id, teamId))) throw conflict(CLOSED_MESSAGE);
  return applyCancel(ctx, row, cancel);
}

export const CLOSED_MESSAGE = 'This team is closed to you: your subscription ends with the period you have';

async function closedToMember(ctx: AppContext, memberId: string, teamId: number): Promise<boolean> {
  const team = await teams.findTeam(ctx.db, teamId);
  if (!team) return true;
  return (await teams.coachBanned(ctx.db, team.coachId)) || (await areBlocked(ctx, memberId, team.coachId));
}

/** Sets cancel-at-period-end on a live subscription, at the provider first, then here, and tells who needs to know. */
async function applyCancel(ctx: AppContext, row: repo.SubscriptionRow, cancel: boolean) {
  const provider = billingProvider(ctx);
  const now = await provider.now();
  if (row.cancelAtPeriodEnd === cancel) return presentSubscription(row, now);
  await provider.setCancelAtPeriodEnd(row, cancel);
  const after = await repo.updateSubscriptionIf(
    ctx.db,
    row.id,
    { status: row.status, currentPeriodEnd: row.currentPeriodEnd },
    { cancelAtPeriodEnd: cancel },
  );
  if (!after) throw conflict('The subscription changed meanwhile; try again');
  await publishChange(ctx, { before: row, after });
  return presentSubscription(after, now);
}

/**
 * A coach who is gone (banned, or their account erased) closes their teams (docs/TEAMS.md): every subscription that
 * would renew is canceled at its period's end, at the provider first, so nobody is charged again for a coach who is
 * gone. With `memberId`, only that member's: a block between coach and member ends what linked them. One the
 * provider refuses is logged and the rest go on; answers how many failed (the job retries them).
 */
export function closeTeamsOf(
  ctx: AppContext,
  coachId: string,
  log: JobLogger,
  memberId?: string,
): Promise<number> {
  return cancelRenewals(ctx, { coachId, memberId }, log);
}

/** A member whose account is erased: their own subscriptions stop renewing at the provider before they go. */
export function cancelRenewalsOfMember(ctx: AppContext, memberId: string, log: JobLogger): Promise<number> {
  return cancelRenewals(ctx, { memberId }, log);
}

async function cancelRenewals(
  ctx: AppContext,
  who: { coachId?: string; memberId?: string },
  log: JobLogger,
): Promise<number> {
  let failed = 0;
  for (const { subscription } of await repo.renewingSubscriptions(ctx.db, LIVE_STATUSES, who)) {
    await applyCancel(ctx, subscription, true).catch((err) => {
      failed += 1;
      log.error({ err, subscriptionId: subscription.id }, 'canceling a renewal failed');
    });
  }
  return failed;
}

/**
 * The same as a durable job (a ban, a block): out of the request that caused it, and retried until the provider
 * took every cancel, so a provider outage or a restart cannot leave a subscription renewing.
 */
export const closeTeamsJob = defineJob<{ coachId: string; memberId: string | null }>({
  name: 'teams.close',
  parse: (raw) => {
    const p = raw as { coachId?: unknown; memberId?: unknown };
    return { coachId: String(p.coachId), memberId: typeof p.memberId === 'string' ? p.memberId : null };
  },
  handler: async (ctx, { coachId, memberId }, run) => {
    const failed = await closeTeamsOf(ctx, coachId, run.log, memberId ?? undefined);
    if (failed > 0) throw new Error(`${failed} subscription(s) could not be canceled at the provider`);
  },
});

export const queueCloseTeams = (ctx: AppContext, coachId: string, memberId: string | null = null) =>
  closeTeamsJob.enqueue(
    ctx.db,
    { coachId, memberId },
    { dedupeKey: `teams.close:${coachId}:${memberId ?? '*'}` },
  );

/** Cancel at the period's end: access stays until then, no more charges. */
export const cancelSubscription = (
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
): Promise<SubscriptionView> => setCancel(ctx, me, teamId, true);

/** Undo a cancel before the period ends. */
export const resumeSubscription = (
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
): Promise<SubscriptionView> => setCancel(ctx, me, teamId, false);

export async function manageUrl(ctx: AppContext, me: SessionUser, teamId: number) {
  const row = await mine(ctx, me, teamId);
  return { url: await billingProvider(ctx).manageUrl(row, teamUrl(ctx, teamId)) };
}

/**
 * Test mode's simulated card: while failing, renewals fail (past due, then expired after the grace days);
 * switching it back while past due retries the payment at once, so a recovery is one tap away.
 */
export async function setTestCard(
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
  fail: boolean,
): Promise<SubscriptionView> {
  const row = await mine(ctx, me, teamId);
  const provider = billingProvider(ctx);
  if (provider.mode !== 'test' || row.provider !== 'test') throw conflict('Only in test mode');
  if (!isLive(row.status)) throw conflict(ENDED_MESSAGE);
  const now = await provider.now();
  const after = await repo.updateSubscriptionIf(ctx.db, row.id, {}, { simulatePaymentFailure: fail });
  if (!after) throw notFound(NO_SUBSCRIPTION);
  if (!fail && after.status === 'past_due') {
    await runBillingSweep(ctx, now);
    const latest = await repo.findSubscriptionById(ctx.db, row.id);
    if (latest) return presentSubscription(latest, now);
  }
  return presentSubscription(after, now);
}

/** The most one call moves the billing clock: a month and a day, enough to see a renewal happen. */
export const CLOCK_MAX_STEP_MS = 32 * 24 * 60 * 60_000;

/**
 * The billing clock exists only in test mode and outside production, for admins; anyone else, and everyone in
 * another mode or in production, is told it does not exist.
 */
function assertClock(ctx: AppContext, me: SessionUser) {
  if (!mayModerate(me) || !billingClockExists(ctx)) throw notFound('Not found');
}

export const billingClockExists = (ctx: AppContext) =>
  ctx.config.billingMode === 'test' && ctx.config.NODE_ENV !== 'production';

export async function billingMode(ctx: AppContext) {
  const provider = billingProvider(ctx);
  return { mode: provider.mode, now: (await provider.now()).toISOString() };
}

export async function getClock(ctx: AppContext, me: SessionUser): Promise<BillingClock> {
  assertClock(ctx, me);
  const now = await billingProvider(ctx).now();
  return { now: now.toISOString(), offsetMs: await clockOffsetMs(ctx.db) };
}

/** Moves the test clock forward and applies what fell due before answering. */
export async function advanceClock(
  ctx: AppContext,
  me: SessionUser,
  by: { days: number; hours: number; minutes: number },
): Promise<BillingClock> {
  assertClock(ctx, me);
  const ms = ((by.days * 24 + by.hours) * 60 + by.minutes) * 60_000;
  if (ms > CLOCK_MAX_STEP_MS) throw badRequest('The billing clock moves at most 32 days at a time');
  return advanceBillingClock(ctx, ms);
}

/** The clock move itself (tests call it directly). */
export async function advanceBillingClock(ctx: AppContext, ms: number): Promise<BillingClock> {
  if (billingProvider(ctx).mode !== 'test')
    throw conflict('Not in test mode: the Stripe clock cannot be moved');
  const offsetMs = ms > 0 ? await advanceClockBy(ctx.db, ms) : await clockOffsetMs(ctx.db);
  const now = await billingProvider(ctx).now();
  await runBillingSweep(ctx, now);
  return { now: now.toISOString(), offsetMs };
}
