import type { SubscriptionView } from '../../../shared/api/teams';
import { DAY_MS, PAST_DUE_GRACE_DAYS } from '../../../shared/domain/limits';
import { hasTeamAccess } from './policy';
import type { SubscriptionRow } from './repo';

const LIVE = new Set(['trialing', 'active', 'past_due']);

/** A subscription as its member sees it at `now` (the billing clock). */
export function presentSubscription(row: SubscriptionRow, now: Date): SubscriptionView {
  const live = LIVE.has(row.status);
  const charging = live && !row.cancelAtPeriodEnd;
  return {
    id: row.id,
    teamId: row.teamId,
    status: row.status,
    hasAccess: hasTeamAccess(row.userId, { coachId: '' }, row, now),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    nextChargeAt: charging ? row.currentPeriodEnd.toISOString() : null,
    nextChargeCents: charging ? row.priceCents : null,
    priceCents: row.priceCents,
    graceEndsAt:
      row.status === 'past_due'
        ? new Date(row.currentPeriodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString()
        : null,
    provider: row.provider,
    simulatePaymentFailure: row.simulatePaymentFailure,
  };
}
