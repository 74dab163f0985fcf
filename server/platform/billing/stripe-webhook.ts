import type Stripe from 'stripe';
import { badRequest } from '../errors';
import { stripePackage } from './stripe-api';
import {
  chargePaymentIntentRef,
  checkoutSubscriptionRef,
  invoiceCharge,
  invoiceSubscriptionRef,
  type StripeSubscriptionState,
  subscriptionState,
} from './stripe-objects';

/**
 * Reading a Stripe webhook delivery: the signature over the raw body (with the timestamp tolerance), then what
 * the event means for us, gathered before any transaction. Events arrive in any order and some twice, so an
 * event is never applied as a diff: a subscription's state is re-read from Stripe (the newest there is, never
 * older than the event), a paid invoice is a fact keyed by its id, and a refunded charge brings the list of its
 * refunds, each a fact keyed by its own id.
 */

/**
 * Seconds a signed delivery's timestamp may stand from our clock, either way (Stripe's default): an older replay,
 * or an event signed for the future (the package checks only the past), answers 400.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, in seconds, or null. */
function signedAt(signature: string): number | null {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1];
  return t ? Number(t) : null;
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
] as const;

/** The signed event, or a 400 that applies nothing (no header, a bad signature, too old, not JSON). */
export function verifyEvent(
  client: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): Stripe.Event {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2000) {
    throw badRequest('Missing or malformed Stripe-Signature header');
  }
  const at = signedAt(signature);
  if (at !== null && at - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    throw badRequest('Stripe signature verification failed (timestamp in the future)');
  }
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    if (err instanceof stripePackage().errors.StripeSignatureVerificationError) {
      throw badRequest('Stripe signature verification failed (wrong secret, altered body or too old)');
    }
    throw badRequest('The webhook body is not a Stripe event');
  }
}

/** What an event asks of the ledger and the subscriptions, with Stripe's current state read in. */
export interface WebhookPlan {
  eventId: string;
  eventType: string;
  /** The subscription the event concerns, as Stripe has it now; null when Stripe does not know it. */
  subscription?: StripeSubscriptionState | null;
  /** A paid invoice: a ledger charge, once per invoice. */
  charge?: { ref: string; grossCents: number; currency: string; subscriptionRef: string };
  /** A refunded charge: every refund of it so far, each recorded once against the invoice's ledger row. */
  refunds?: { invoiceRef: string; items: { ref: string; amountCents: number; at: Date }[] };
}

const isMissing = (err: unknown) =>
  err instanceof stripePackage().errors.StripeInvalidRequestError && err.statusCode === 404;

async function readSubscription(client: Stripe, ref: string | null): Promise<StripeSubscriptionState | null> {
  if (!ref) return null;
  try {
    return subscriptionState(await client.subscriptions.retrieve(ref));
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** The invoice a charge paid (Charge objects no longer name it; its PaymentIntent's invoice payment does). */
async function invoiceOfCharge(client: Stripe, charge: Stripe.Charge): Promise<Stripe.Invoice | null> {
  const intent = chargePaymentIntentRef(charge);
  if (!intent) return null;
  const payments = await client.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: intent },
    limit: 1,
  });
  const invoice = payments.data[0]?.invoice;
  if (!invoice) return null;
  if (typeof invoice !== 'string') return 'deleted' in invoice ? null : invoice;
  try {
    return await client.invoices.retrieve(invoice);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** The charge's refunds that moved (or are moving) money back: failed and canceled ones did not. */
async function refundsOf(client: Stripe, chargeRef: string) {
  const list = await client.refunds.list({ charge: chargeRef, limit: 100 });
  return list.data
    .filter((r) => r.status !== 'failed' && r.status !== 'canceled' && r.amount > 0)
    .map((r) => ({ ref: r.id, amountCents: r.amount, at: new Date(r.created * 1000) }));
}

function chargeOf(invoice: Stripe.Invoice): WebhookPlan['charge'] {
  const subscriptionRef = invoiceSubscriptionRef(invoice);
  const charge = invoiceCharge(invoice);
  return charge && subscriptionRef && invoice.status === 'paid' ? { ...charge, subscriptionRef } : undefined;
}

/** Reads what the event needs from Stripe (outside any transaction: these are network calls). */
export async function planEvent(client: Stripe, event: Stripe.Event): Promise<WebhookPlan> {
  const plan: WebhookPlan = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
      plan.subscription = await readSubscription(client, checkoutSubscriptionRef(event.data.object));
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      plan.subscription = await readSubscription(client, event.data.object.id);
      break;
    case 'invoice.paid': {
      const invoice = event.data.object;
      plan.subscription = await readSubscription(client, invoiceSubscriptionRef(invoice));
      plan.charge = chargeOf(invoice);
      break;
    }
    case 'invoice.payment_failed':
      plan.subscription = await readSubscription(client, invoiceSubscriptionRef(event.data.object));
      break;
    case 'charge.refunded': {
      const charge = event.data.object;
      const invoice = await invoiceOfCharge(client, charge);
      if (!invoice?.id) break;
      plan.subscription = await readSubscription(client, invoiceSubscriptionRef(invoice));
      // The invoice's own charge first, in case its invoice.paid has not arrived yet.
      plan.charge = chargeOf(invoice);
      plan.refunds = { invoiceRef: invoice.id, items: await refundsOf(client, charge.id) };
      break;
    }
    default:
      break;
  }
  return plan;
}
