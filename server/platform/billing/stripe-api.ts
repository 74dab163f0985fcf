import type Stripe from 'stripe';
import { PLATFORM_FEE_PERCENT } from '../../../shared/domain/limits';
import type { StripeSettings } from '../../config';
import { onFirstUse } from '../optional-package';
import { METADATA_TEAM, METADATA_USER } from './stripe-objects';

/**
 * The calls SweatPact makes to Stripe's API, through the official package: Checkout in subscription mode, the
 * customer portal, cancel and resume at the period's end, and Connect onboarding for coaches. Webhooks are
 * read in stripe-webhook.ts.
 */

/** The `stripe` package, loaded when Stripe mode first needs it (test mode never does). */
export const stripePackage = onFirstUse<typeof Stripe>('stripe');

/** The package's client for these settings (another API base for stripe-mock or a test stub). */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const StripeClient = stripePackage();
  return new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'SweatPact' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export interface CheckoutInput {
  team: { id: number; name: string; subscriptionPrice: number };
  member: { id: string; email: string };
  /** The coach's Connect account: the destination of every payment, less the platform fee. */
  coachAccount: string;
  /** 0 for a returning member (no second trial). */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A Checkout Session in subscription mode: the team's monthly price inline (no Product to keep in sync when
 * the coach edits it), the trial, and a destination charge to the coach keeping PLATFORM_FEE_PERCENT. Our ids
 * ride in the subscription's metadata so every later event names its team and member.
 */
export function checkoutParams(input: CheckoutInput): Stripe.Checkout.SessionCreateParams {
  const ours = { [METADATA_TEAM]: String(input.team.id), [METADATA_USER]: input.member.id };
  return {
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: input.team.subscriptionPrice,
          recurring: { interval: 'month' },
          product_data: { name: input.team.name.slice(0, 250) },
        },
      },
    ],
    subscription_data: {
      ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
      application_fee_percent: PLATFORM_FEE_PERCENT,
      transfer_data: { destination: input.coachAccount },
      metadata: ours,
    },
    metadata: ours,
    client_reference_id: input.member.id,
    customer_email: input.member.email,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
}

export async function createCheckout(client: Stripe, input: CheckoutInput): Promise<string> {
  const session = await client.checkout.sessions.create(checkoutParams(input));
  if (!session.url) throw new Error('Stripe Checkout answered no URL');
  return session.url;
}

/** The customer portal for the subscription's customer (payment method, invoices, cancel). */
export async function portalUrl(client: Stripe, subscriptionRef: string, returnUrl: string): Promise<string> {
  const sub = await client.subscriptions.retrieve(subscriptionRef);
  const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const session = await client.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return session.url;
}

/** Cancel at the period's end (true) or undo that (false); Stripe's answer is the new state. */
export function setCancelAtPeriodEnd(
  client: Stripe,
  subscriptionRef: string,
  cancel: boolean,
): Promise<Stripe.Subscription> {
  return client.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
}

/**
 * A coach's Connect account (Express: Stripe hosts onboarding and the payout dashboard), created once: the
 * idempotency key makes a retried first call answer the same account.
 */
export async function connectAccount(client: Stripe, coach: { id: string; email: string }): Promise<string> {
  const account = await client.accounts.create(
    {
      type: 'express',
      email: coach.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { [METADATA_USER]: coach.id },
    },
    { idempotencyKey: `sweatpact-connect-${coach.id}` },
  );
  return account.id;
}

/** A one-time onboarding link (Account Links expire within minutes, so one is made per click). */
export async function onboardingUrl(
  client: Stripe,
  account: string,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<string> {
  const link = await client.accountLinks.create({
    account,
    type: 'account_onboarding',
    return_url: urls.returnUrl,
    refresh_url: urls.refreshUrl,
  });
  return link.url;
}

/** Whether payments can be sent to the account (its transfers capability is active). */
export async function canReceivePayouts(client: Stripe, account: string): Promise<boolean> {
  const found = await client.accounts.retrieve(account);
  return found.capabilities?.transfers === 'active';
}

/** A one-time sign-in link to the coach's Express dashboard (payouts, balance), once onboarding is done. */
export async function dashboardUrl(client: Stripe, account: string): Promise<string> {
  return (await client.accounts.createLoginLink(account)).url;
}

/** A Connect account's payouts to its bank, newest first (its own balance: asked on the account's behalf). */
export async function listPayouts(client: Stripe, account: string, limit = 24) {
  const list = await client.payouts.list({ limit }, { stripeAccount: account });
  return list.data.map((p) => ({
    id: p.id,
    amountCents: p.amount,
    currency: p.currency,
    status: p.status,
    arrivalAt: p.arrival_date ? new Date(p.arrival_date * 1000).toISOString() : null,
  }));
}
