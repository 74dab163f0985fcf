import type { SubscriptionStatus } from '@shared/domain/enums';

/** What the main button of a program card, a Discover team slide and the team page offers the caller. */
export type TeamAction = 'open' | 'trial' | 'subscribe';

/**
 * Coaches and members with access open the team; someone who never subscribed starts the free trial; a returning
 * member (their subscription canceled, unpaid or expired, or an erased account's email: `trialDays` 0) gets no
 * second trial and subscribes.
 */
export function teamAction(team: {
  isCoach: boolean;
  hasAccess: boolean;
  myStatus: SubscriptionStatus | null;
  trialDays: number;
}): TeamAction {
  if (team.isCoach || team.hasAccess) return 'open';
  return team.myStatus === null && team.trialDays > 0 ? 'trial' : 'subscribe';
}

export const TEAM_ACTION_LABEL: Record<TeamAction, string> = {
  open: 'Open',
  trial: 'Start Trial',
  subscribe: 'Subscribe',
};

/** How a subscription's status reads on Manage and My Teams. */
export const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  expired: 'Expired',
};
