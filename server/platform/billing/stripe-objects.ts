import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../shared/domain/enums';

/**
 * Stripe's objects read into SweatPact's terms, with no I/O. A Checkout Session we create puts our ids in the
 * subscription's metadata (METADATA_*), so a Stripe subscription names its team and member by itself, in any
 * event and in any order.
 */

export const METADATA_TEAM = 'sweatpact_team_id';
export const METADATA_USER = 'sweatpact_user_id';

/** A Stripe subscription as our subscriptions table holds it. */
export interface StripeSubscriptionState {
  ref: string;
  customerRef: string | null;
  /** From our metadata; null when the subscription is not one of ours. */
  teamId: number | null;
  userId: string | null;
  /** null: a state that is no subscription for us yet (incomplete: Checkout not finished). */
  status: SubscriptionStatus | null;
  priceCents: number | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

const at = (seconds: number) => new Date(seconds * 1000);
const refOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * Stripe's status in ours: paused (a trial that ended with no card) gives no access, like unpaid; an
 * incomplete subscription that expired never started, so it is expired.
 */
export function ourStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
      return status as SubscriptionStatus;
    case 'paused':
      return 'unpaid';
    case 'incomplete_expired':
      return 'expired';
    default:
      return null;
  }
}

const positiveInt = (v: string | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

export function subscriptionState(sub: Stripe.Subscription): StripeSubscriptionState {
  // Since API 2025-03-31 the period lives on the items; ours has one item (the team's monthly price).
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end ?? sub.trial_end ?? sub.start_date;
  return {
    ref: sub.id,
    customerRef: refOf(sub.customer),
    teamId: positiveInt(sub.metadata?.[METADATA_TEAM]),
    userId: sub.metadata?.[METADATA_USER] || null,
    status: ourStatus(sub.status),
    priceCents: item?.price?.unit_amount ?? null,
    trialEndsAt: sub.trial_end ? at(sub.trial_end) : null,
    currentPeriodEnd: at(periodEnd),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
  };
}

/** The subscription an invoice bills, or null (a one-off invoice is not ours). */
export function invoiceSubscriptionRef(invoice: Stripe.Invoice): string | null {
  return refOf(invoice.parent?.subscription_details?.subscription);
}

/** What a paid invoice adds to the ledger: nothing for a trial's zero invoice. */
export function invoiceCharge(
  invoice: Stripe.Invoice,
): { ref: string; grossCents: number; currency: string } | null {
  if (!invoice.id || invoice.amount_paid <= 0) return null;
  return { ref: invoice.id, grossCents: invoice.amount_paid, currency: invoice.currency };
}

/** The subscription a Checkout Session started (subscription mode only). */
export function checkoutSubscriptionRef(session: Stripe.Checkout.Session): string | null {
  return session.mode === 'subscription' ? refOf(session.subscription) : null;
}

export function chargePaymentIntentRef(charge: Stripe.Charge): string | null {
  return refOf(charge.payment_intent);
}
