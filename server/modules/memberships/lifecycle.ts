import type { SubscriptionStatus } from '../../../shared/domain/enums';
import '../session/events';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { createNotification } from '../notifications/service';
import { endTeamMemberships, joinTeamMemberships } from '../pacts/bookkeeping';
import '../teams/events';
import * as teams from '../teams/service';
import * as repo from './repo';

/**
 * What happens after a subscription changed state, whoever changed it (the member, the renewal sweep, a Stripe
 * webhook): every writer returns a `SubscriptionChange` from its transaction and calls `publishChange` after
 * the commit. Losing access closes the team's rooms on the member's sockets at once; the member is notified of
 * failed payments, renewals and the end.
 */

export interface SubscriptionChange {
  before: repo.SubscriptionRow | null;
  after: repo.SubscriptionRow;
  /** A payment went through with this change (renewal or recovery): its amount. */
  paidCents?: number;
}

/** States that give access (past due: within the grace days, checked on each request against the clock). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'expired'];
export const isLive = (status: SubscriptionStatus) => LIVE_STATUSES.includes(status);

/**
 * Access ends, membership ends (docs/TEAMS.md): a change that takes access away ends the member's participation in
 * the team's Pacts, and one that gives it (a trial, a subscription, a return) puts the member in them. Every writer
 * calls it inside the transaction that changes the subscription, so the two never disagree.
 */
export async function syncMembership(tx: Db, change: SubscriptionChange): Promise<void> {
  const { before, after } = change;
  // Participation days follow the real clock, as every Pact day does (not test mode's movable billing clock).
  const at = new Date();
  const wasLive = before !== null && isLive(before.status);
  if (wasLive === isLive(after.status)) return;
  const pactIds = await teams.pactIdsOfTeam(tx, after.teamId);
  if (wasLive) await endTeamMemberships(tx, after.userId, pactIds, at);
  else await joinTeamMemberships(tx, after.userId, pactIds, at);
}

export async function publishChange(ctx: AppContext, change: SubscriptionChange): Promise<void> {
  const { before, after } = change;
  const team = await teams.findTeam(ctx.db, after.teamId);
  const teamData = { teamId: after.teamId, teamName: team?.name ?? '' };
  await ctx.events.emit('team.subscription_changed', {
    teamId: after.teamId,
    userId: after.userId,
    subscriptionId: after.id,
    from: before?.status ?? null,
    to: after.status,
  });
  const lost = before !== null && isLive(before.status) && !isLive(after.status);
  if (lost) {
    const pactIds = await teams.pactIdsOfTeam(ctx.db, after.teamId);
    await ctx.events.emit('team.access_lost', {
      teamId: after.teamId,
      userId: after.userId,
      pactIds,
      status: after.status,
    });
    await ctx.events.emit('access.changed', { userId: after.userId });
    await createNotification(ctx, {
      userId: after.userId,
      type: 'subscription_canceled',
      data: { ...teamData, reason: after.status },
    });
    return;
  }
  if (after.status === 'past_due' && before?.status !== 'past_due') {
    await createNotification(ctx, {
      userId: after.userId,
      type: 'payment_failed',
      data: { ...teamData, periodEnd: after.currentPeriodEnd.toISOString(), amountCents: after.priceCents },
    });
    return;
  }
  if (change.paidCents && before && after.status === 'active') {
    await createNotification(ctx, {
      userId: after.userId,
      type: 'subscription_renewed',
      data: {
        ...teamData,
        amountCents: change.paidCents,
        nextChargeAt: after.currentPeriodEnd.toISOString(),
      },
    });
  }
}

/** A state as a provider reports it (Stripe's webhook reads its subscription into this). */
export interface ProviderSubscriptionState {
  providerRef: string;
  customerRef: string | null;
  teamId: number;
  userId: string;
  status: SubscriptionStatus;
  priceCents: number;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/**
 * Applies a provider's report of a subscription inside the caller's transaction (the webhook's, which records
 * the event once): creates the member's row on first sight, else updates it. A report older than what is
 * stored (an earlier period end while the stored one is later and live) changes nothing, so events in any
 * order converge. Answers the change to publish after the commit, or null when nothing changed. The team must
 * exist and the member must not be its coach (the caller checks the metadata; unknown teams are ignored).
 */
export async function applyProviderState(
  tx: Db,
  state: ProviderSubscriptionState,
  at: Date,
): Promise<SubscriptionChange | null> {
  const team = await teams.findTeam(tx, state.teamId);
  if (!team || team.coachId === state.userId) return null;
  const before =
    (await repo.findSubscriptionByRef(tx, state.providerRef)) ??
    (await teams.findSubscription(tx, state.userId, state.teamId));
  const values = {
    status: state.status,
    priceCents: state.priceCents,
    trialEndsAt: state.trialEndsAt,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    provider: 'stripe' as const,
    providerRef: state.providerRef,
    providerCustomerRef: state.customerRef,
    endedAt: isLive(state.status) ? null : at,
  };
  if (!before) {
    const after = await repo.insertSubscription(tx, {
      teamId: state.teamId,
      userId: state.userId,
      ...values,
    });
    if (!after) return null;
    await syncMembership(tx, { before: null, after });
    return { before: null, after };
  }
  const stale =
    before.providerRef === state.providerRef &&
    before.currentPeriodEnd > state.currentPeriodEnd &&
    isLive(before.status) === isLive(state.status);
  if (stale) return null;
  const after = await repo.updateSubscriptionIf(tx, before.id, {}, values);
  if (!after) return null;
  await syncMembership(tx, { before, after });
  const paid = after.status === 'active' && after.currentPeriodEnd > before.currentPeriodEnd;
  return { before, after, ...(paid ? { paidCents: after.priceCents } : {}) };
}
