import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/domain/limits';
import { billingEvents, charges, subscriptions } from '../../db/schema';
import { METADATA_TEAM, METADATA_USER } from '../../platform/billing/stripe-objects';
import { type StripeStub, signEvent, startStripeStub } from '../../platform/billing/stripe-testing';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { createTeam } from '../teams/service';

/** Test helpers for the Stripe module: an app on a Stripe stub, a coach's team, Stripe-shaped objects. */

export const WEBHOOK_SECRET = 'whsec_test_sweatpact_webhooks';
export const WEBHOOK_URL = '/api/billing/stripe/webhook';
export const PRICE = 2900;

export interface StripeWorld {
  t: TestApp;
  stub: StripeStub;
  coach: SignedIn;
  member: SignedIn;
  teamId: number;
  close(): Promise<void>;
}

export async function stripeWorld(): Promise<StripeWorld> {
  const stub = await startStripeStub();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_sweatpact',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stub.url,
    DISABLE_RATE_LIMIT: true,
  });
  const coach = await signUp(t.app, { firstName: 'Coach' });
  const member = await signUp(t.app, { firstName: 'Member' });
  const teamId = await createTeam(t.database.db, {
    name: 'Strong Mornings',
    description: 'Coached squats',
    coachId: coach.user.id,
    subscriptionPrice: PRICE,
  });
  return {
    t,
    stub,
    coach,
    member,
    teamId,
    async close() {
      await t.close();
      await stub.close();
    },
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A Stripe subscription as the API answers it (API 2026: the period on its one item). */
export function stripeSubscription(opts: {
  id: string;
  teamId?: number;
  userId?: string;
  status: string;
  periodEnd: Date;
  trialEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  customer?: string;
}) {
  const metadata: Record<string, string> = {};
  if (opts.teamId) metadata[METADATA_TEAM] = String(opts.teamId);
  if (opts.userId) metadata[METADATA_USER] = opts.userId;
  return {
    id: opts.id,
    object: 'subscription',
    customer: opts.customer ?? 'cus_member',
    status: opts.status,
    metadata,
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    trial_end: opts.trialEnd ? seconds(opts.trialEnd) : null,
    start_date: seconds(new Date(opts.periodEnd.getTime() - 30 * DAY_MS)),
    items: {
      object: 'list',
      data: [
        { id: `si_${opts.id}`, current_period_end: seconds(opts.periodEnd), price: { unit_amount: PRICE } },
      ],
    },
  };
}

export function stripeInvoice(opts: {
  id: string;
  subscription: string;
  amountPaid: number;
  status?: string;
}) {
  return {
    id: opts.id,
    object: 'invoice',
    amount_paid: opts.amountPaid,
    currency: 'usd',
    status: opts.status ?? 'paid',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: opts.subscription, metadata: {} },
    },
  };
}

/** Delivers a signed event to the webhook (`signWith`: another secret; `timestamp`: the signature's time). */
export function deliver(
  w: StripeWorld,
  event: { id: string; type: string; object: unknown; created?: Date },
  opts: { signWith?: string; timestamp?: number; signature?: string } = {},
) {
  const signed = signEvent(
    {
      id: event.id,
      type: event.type,
      ...(event.created ? { created: seconds(event.created) } : {}),
      data: { object: event.object },
    },
    WEBHOOK_SECRET,
    opts,
  );
  const headers =
    opts.signature === undefined ? signed.headers : { ...signed.headers, 'stripe-signature': opts.signature };
  return w.t.app.inject({ method: 'POST', url: WEBHOOK_URL, headers, payload: signed.payload });
}

export async function subscriptionOf(w: StripeWorld, userId: string) {
  const [row] = await w.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export const ledgerRows = (w: StripeWorld) => w.t.database.db.select().from(charges).orderBy(charges.id);
export const appliedEvents = (w: StripeWorld) => w.t.database.db.select().from(billingEvents);
