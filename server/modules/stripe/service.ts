import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { billingProvider } from '../../platform/billing';
import { StripeBilling } from '../../platform/billing/stripe';
import {
  canReceivePayouts,
  connectAccount,
  dashboardUrl,
  listPayouts,
  onboardingUrl,
} from '../../platform/billing/stripe-api';
import type { StripeSubscriptionState } from '../../platform/billing/stripe-objects';
import {
  HANDLED_EVENTS,
  planEvent,
  verifyEvent,
  type WebhookPlan,
} from '../../platform/billing/stripe-webhook';
import { forbidden, notFound } from '../../platform/errors';
import { saveStripeConnectAccount, stripeConnectAccountOf } from '../auth/payout-account';
import { applyEventOnce, recordCharge, recordRefund } from '../billing/service';
import { applyProviderState, isLive, publishChange, type SubscriptionChange } from '../memberships/lifecycle';
import type { SessionUser } from '../session/guard';
import * as repo from './repo';

/**
 * Stripe's side of billing (docs/BILLING.md, "Stripe"). The webhook: verify, read what the event means (Stripe's
 * current state, outside any transaction), then apply it in one transaction with its id in billing_events, so
 * each event is applied once. An event is ours when the subscription it concerns carries our metadata naming a
 * team and member that exist; any other (another product on the same Stripe account, a deleted team or user,
 * a customer we never saw) answers 200, its id is recorded so a replay is recognised, and nothing else changes.
 */

export const NOT_STRIPE = 'Billing runs in the built-in test mode here: Stripe is not configured.';

function stripeOf(ctx: AppContext): StripeBilling {
  const provider = billingProvider(ctx);
  if (!(provider instanceof StripeBilling)) throw notFound(NOT_STRIPE);
  return provider;
}

export interface WebhookOutcome {
  received: true;
  /** Applied now (false: a replay, or a type we do not act on). */
  applied: boolean;
}

/**
 * Two deliveries about one subscription run one after the other on this instance, so the later re-read is the
 * one written last. (Across instances each write is still a fresh read; the next event settles any race.)
 */
const running = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.catch(() => undefined);
  running.set(key, settled);
  try {
    return await mine;
  } finally {
    if (running.get(key) === settled) running.delete(key);
  }
}

/** The subscription an event is about, as its payload names it (for ordering only). */
function subscriptionKey(event: Stripe.Event): string {
  const object = event.data.object as {
    object?: string;
    id?: string;
    subscription?: unknown;
    parent?: unknown;
  };
  if (object.object === 'subscription' && object.id) return object.id;
  if (typeof object.subscription === 'string') return object.subscription;
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const ref = parent?.subscription_details?.subscription;
  return typeof ref === 'string' ? ref : event.id;
}

export async function receiveWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<WebhookOutcome> {
  const stripe = stripeOf(ctx);
  const event = verifyEvent(stripe.client, rawBody, signature, stripe.settings.webhookSecret);
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { received: true, applied: false };
  return oneAtATime(subscriptionKey(event), async () => {
    // A replay costs no call to Stripe; the transaction below still decides, should two arrive at once.
    if (await repo.eventSeen(ctx.db, event.id)) return { received: true, applied: false };
    const plan = await planEvent(stripe.client, event);
    let change: SubscriptionChange | null = null;
    const applied = await applyEventOnce(ctx, event, async (tx) => {
      change = await applyPlan(tx, plan, new Date(event.created * 1000));
    });
    if (change) await publishChange(ctx, change);
    return { received: true, applied };
  });
}

/**
 * A member who left and subscribed again holds one row, now naming the new Stripe subscription. A late event
 * about the old one (ended) must not end the new one: a report of another subscription that gives no access
 * never replaces a row that does.
 */
async function supersededBy(tx: Db, s: StripeSubscriptionState): Promise<boolean> {
  const held = await repo.subscriptionOfMember(tx, s.teamId!, s.userId!);
  return Boolean(
    held?.providerRef && held.providerRef !== s.ref && isLive(held.status) && !(s.status && isLive(s.status)),
  );
}

/** The plan's effects, in the event's transaction; answers the subscription change to publish after it. */
async function applyPlan(tx: Db, plan: WebhookPlan, at: Date): Promise<SubscriptionChange | null> {
  let change: SubscriptionChange | null = null;
  const s = plan.subscription;
  if (s?.status && s.teamId && s.userId && s.priceCents !== null) {
    if ((await repo.teamAndUserExist(tx, s.teamId, s.userId)) && !(await supersededBy(tx, s))) {
      change = await applyProviderState(
        tx,
        {
          providerRef: s.ref,
          customerRef: s.customerRef,
          teamId: s.teamId,
          userId: s.userId,
          status: s.status,
          priceCents: s.priceCents,
          trialEndsAt: s.trialEndsAt,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        },
        new Date(),
      );
    }
  }
  if (plan.charge) {
    const target = await repo.subscriptionOfRef(tx, plan.charge.subscriptionRef);
    if (target) {
      await recordCharge(tx, {
        providerRef: plan.charge.ref,
        grossCents: plan.charge.grossCents,
        subscriptionId: target.id,
        teamId: target.teamId,
        userId: target.userId,
        coachId: target.coachId,
        currency: plan.charge.currency,
        at,
      });
    }
  }
  if (plan.refunds && (await repo.ledgerHas(tx, plan.refunds.invoiceRef))) {
    for (const refund of plan.refunds.items) {
      await recordRefund(tx, {
        providerRef: refund.ref,
        chargeRef: plan.refunds.invoiceRef,
        amountCents: refund.amountCents,
        at: refund.at,
      });
    }
  }
  return change;
}

/**
 * Where a coach sets up payouts: Stripe's onboarding for their Connect account (created on the first call and
 * kept), or once it can receive payments, a sign-in link to their Express dashboard.
 */
export async function connectLink(
  ctx: AppContext,
  me: SessionUser,
): Promise<{ url: string; payoutsReady: boolean }> {
  const stripe = stripeOf(ctx);
  if (!(await repo.coachesATeam(ctx.db, me.id))) {
    throw forbidden('Only coaches set up payouts: create a Pro Pact first');
  }
  let account = await stripeConnectAccountOf(ctx, me.id);
  if (!account) {
    account = await connectAccount(stripe.client, { id: me.id, email: me.email });
    await saveStripeConnectAccount(ctx, me.id, account);
  }
  if (await canReceivePayouts(stripe.client, account)) {
    return { url: await dashboardUrl(stripe.client, account), payoutsReady: true };
  }
  const base = ctx.config.publicUrl;
  const url = await onboardingUrl(stripe.client, account, {
    returnUrl: `${base}/teams?payouts=done`,
    refreshUrl: `${base}/teams?payouts=again`,
  });
  return { url, payoutsReady: false };
}

/**
 * A coach's payouts from their Connect account (docs/EARNINGS.md): null in test mode or before the account
 * exists; `error` when Stripe could not be asked just now (the earnings screen shows the ledger all the same).
 */
export async function payoutsOf(
  ctx: AppContext,
  coachId: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<{ payouts: Awaited<ReturnType<typeof listPayouts>> | null; error: string | null }> {
  const provider = billingProvider(ctx);
  if (!(provider instanceof StripeBilling)) return { payouts: null, error: null };
  const account = await stripeConnectAccountOf(ctx, coachId);
  if (!account) return { payouts: null, error: null };
  try {
    return { payouts: await listPayouts(provider.client, account), error: null };
  } catch (err) {
    log?.warn({ err, coachId }, 'stripe payouts could not be listed');
    return {
      payouts: null,
      error: 'Payouts could not be loaded from Stripe just now. Try again in a minute.',
    };
  }
}
