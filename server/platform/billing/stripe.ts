import type Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { conflict } from '../errors';
import type {
  BillingProvider,
  ProviderSubscription,
  StartSubscriptionInput,
  StartSubscriptionResult,
} from './provider';
import {
  canReceivePayouts,
  createCheckout,
  portalUrl,
  setCancelAtPeriodEnd,
  stripeClient,
} from './stripe-api';

/**
 * Billing through Stripe (chosen when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set; config.ts
 * refuses half of it). Subscribing answers a Checkout URL; Stripe then charges by itself and tells us by
 * webhook (stripe-webhook.ts), so `charge` is null and the clock is the wall clock. Each payment goes to the
 * coach's Connect account with the platform fee kept as an application fee.
 */

export interface StripeProviderDeps {
  /** The coach's Connect account (modules/auth/payout-account.ts), or null before they set up payouts. */
  payoutAccountOf(coachId: string): Promise<string | null>;
}

export const PAYOUTS_NOT_READY =
  "This coach hasn't finished setting up payouts yet, so the team can't take subscriptions. Try again later.";

/** The team page with a note for the screen (`?checkout=done|canceled`), keeping any query it has. */
function withCheckout(returnUrl: string, outcome: 'done' | 'canceled'): string {
  const url = new URL(returnUrl);
  url.searchParams.set('checkout', outcome);
  return url.toString();
}

export class StripeBilling implements BillingProvider {
  readonly mode = 'stripe' as const;
  readonly charge = null;
  readonly client: Stripe;

  constructor(
    readonly settings: StripeSettings,
    private readonly deps: StripeProviderDeps,
  ) {
    this.client = stripeClient(settings);
  }

  async now(): Promise<Date> {
    return new Date();
  }

  async start(input: StartSubscriptionInput): Promise<StartSubscriptionResult> {
    const coachAccount = await this.deps.payoutAccountOf(input.team.coachId);
    if (!coachAccount || !(await canReceivePayouts(this.client, coachAccount)))
      throw conflict(PAYOUTS_NOT_READY);
    const url = await createCheckout(this.client, {
      team: input.team,
      member: input.member,
      coachAccount,
      trialDays: input.trialDays,
      successUrl: withCheckout(input.returnUrl, 'done'),
      cancelUrl: withCheckout(input.returnUrl, 'canceled'),
    });
    return { kind: 'checkout', url };
  }

  async setCancelAtPeriodEnd(subscription: ProviderSubscription, cancel: boolean): Promise<void> {
    const ref = this.refOf(subscription);
    await setCancelAtPeriodEnd(this.client, ref, cancel);
  }

  manageUrl(subscription: ProviderSubscription, returnUrl: string): Promise<string | null> {
    return portalUrl(this.client, this.refOf(subscription), returnUrl);
  }

  /** Rows made by the webhook always carry Stripe's id; one without (a test-mode row) cannot be managed here. */
  private refOf(subscription: ProviderSubscription): string {
    if (!subscription.providerRef?.startsWith('sub_')) {
      throw conflict('This subscription was made in test mode; Stripe cannot manage it.');
    }
    return subscription.providerRef;
  }
}

export function createStripeProvider(settings: StripeSettings, deps: StripeProviderDeps): StripeBilling {
  return new StripeBilling(settings, deps);
}
