import type { SubscriptionStatus } from '../../../shared/domain/enums';

/** The events the teams module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * A member's subscription stopped giving access (canceled at the period's end, expired after the grace
     * days, unpaid): the chat closes the team's Pact rooms on their sockets (`pactIds`) at once.
     */
    'team.access_lost': { teamId: number; userId: string; pactIds: number[]; status: SubscriptionStatus };
    /** A subscription changed state (started, renewed, failed, recovered, ended, cancel set or undone). */
    'team.subscription_changed': {
      teamId: number;
      userId: string;
      subscriptionId: number;
      from: SubscriptionStatus | null;
      to: SubscriptionStatus;
    };
  }
}
