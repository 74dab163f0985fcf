import type { BillingMode } from '../../../shared/domain/enums';

/**
 * How SweatPact takes money for Pro teams (docs/TEAMS.md). Two implementations: the built-in test mode
 * (test-mode.ts: no card, a billing clock stored in the database that tests and admins advance, charges made
 * by the app's renewal job) and Stripe (stripe.ts: Checkout, Connect, the portal; Stripe charges by itself and
 * reports by webhook). `billingProvider(ctx)` (index.ts) picks one from the config.
 *
 * The provider only talks to the payment side. Rows (subscriptions, the charges ledger) are written by the
 * teams module's services, which the renewal job and the Stripe webhook call (teams/billing-service.ts).
 */

export interface StartSubscriptionInput {
  team: { id: number; name: string; subscriptionPrice: number; coachId: string };
  member: { id: string; email: string };
  /** 7 the first time, 0 for a returning member (one trial per member and team). */
  trialDays: number;
  /** Where the provider's pages send the member back (the team page's absolute URL). */
  returnUrl: string;
  /** The billing clock's now. */
  now: Date;
}

/** Either the subscription starts at once (test mode) or the member goes to pay (Stripe Checkout). */
export type StartSubscriptionResult =
  | {
      kind: 'started';
      status: 'trialing' | 'active';
      trialEndsAt: Date | null;
      currentPeriodEnd: Date;
      /** The provider's id of the subscription (null in test mode). */
      providerRef: string | null;
      /** Test mode, no trial: the first payment, charged at once (the caller records it in the ledger). */
      firstCharge: ChargeResult | null;
    }
  | { kind: 'checkout'; url: string };

/** One attempted charge. `providerRef` is unique per charge: the ledger's idempotency key. */
export type ChargeResult =
  | { ok: true; providerRef: string; grossCents: number }
  | { ok: false; reason: string };

export interface ProviderSubscription {
  id: number;
  userId: string;
  teamId: number;
  providerRef: string | null;
  priceCents: number;
  simulatePaymentFailure: boolean;
}

export interface BillingProvider {
  /** `off`: paid teams cannot start (index.ts). */
  readonly mode: BillingMode;
  /** The billing clock: the wall clock for Stripe, wall clock plus the stored offset in test mode. */
  now(): Promise<Date>;
  start(input: StartSubscriptionInput): Promise<StartSubscriptionResult>;
  /** Cancel at the period's end (true) or undo it (false). Test mode: nothing to tell anyone. */
  setCancelAtPeriodEnd(subscription: ProviderSubscription, cancel: boolean): Promise<void>;
  /** The provider's page where the member manages payment (Stripe's portal), or null (test mode: in the app). */
  manageUrl(subscription: ProviderSubscription, returnUrl: string): Promise<string | null>;
  /**
   * Test mode only (null for Stripe, which charges by itself): charge one renewal. `periodKey` names the period
   * paid for, so a retried job charges a period once (the ledger keys on the answer's providerRef).
   */
  readonly charge: ((subscription: ProviderSubscription, periodKey: string) => Promise<ChargeResult>) | null;
}
