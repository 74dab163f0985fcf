import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { signEvent } from '../../platform/billing/stripe-testing';
import { signUp } from '../../test/factories';
import { createTeam } from '../teams/service';
import {
  appliedEvents,
  deliver,
  ledgerRows,
  PRICE,
  type StripeWorld,
  stripeInvoice,
  stripeSubscription,
  stripeWorld,
  subscriptionOf,
  WEBHOOK_SECRET,
  WEBHOOK_URL,
} from './testing';

/**
 * The Stripe webhook with no network: payloads signed by the package's own generateTestHeaderString, and a
 * loopback stub of Stripe's API answering the re-reads. Valid, bad signature, too old, replayed, out of
 * order, unknown customer; the ledger's charge and refund rows; on both databases.
 */

let w: StripeWorld;
const now = Date.now();
const inDays = (n: number) => new Date(now + n * DAY_MS);

beforeAll(async () => {
  w = await stripeWorld();
});
afterAll(() => w?.close());

/** Puts the subscription as Stripe has it now into the stub (what every re-read answers). */
function stripeHas(id: string, userId: string, status: string, periodEnd: Date, extra = {}) {
  const sub = stripeSubscription({ id, teamId: w.teamId, userId, status, periodEnd, ...extra });
  w.stub.objects.set(id, sub);
  return sub;
}

describe('signature and timestamp', () => {
  it('applies nothing and answers 400 for a bad signature, an old timestamp or no signature', async () => {
    const sub = stripeHas('sub_sig', w.member.user.id, 'trialing', inDays(7), { trialEnd: inDays(7) });
    const event = { id: 'evt_sig', type: 'customer.subscription.created', object: sub };
    const before = (await appliedEvents(w)).length;

    const wrongSecret = await deliver(w, event, { signWith: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    const tooOld = await deliver(w, event, { timestamp: Math.floor(now / 1000) - 301 });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().message).toMatch(/signature/i);
    // Signed for an hour ahead, or just past the tolerance ahead (the package checks only the past): refused.
    const future = await deliver(w, event, { timestamp: Math.floor(now / 1000) + 3600 });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/future/i);
    const justAhead = await deliver(w, event, { timestamp: Math.floor(Date.now() / 1000) + 301 });
    expect(justAhead.statusCode).toBe(400);
    const none = await deliver(w, event, { signature: '' });
    expect(none.statusCode).toBe(400);
    // A body altered after signing: the signature no longer matches.
    const altered = await w.t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: signEvent({ id: 'evt_sig', type: event.type, data: { object: sub } }, WEBHOOK_SECRET).headers,
      payload: JSON.stringify({
        id: 'evt_sig',
        type: event.type,
        data: { object: { ...sub, status: 'active' } },
      }),
    });
    expect(altered.statusCode).toBe(400);

    expect((await appliedEvents(w)).length).toBe(before);
    expect(await subscriptionOf(w, w.member.user.id)).toBeUndefined();
  });
});

describe('hostile bodies', () => {
  it('answers 4xx to a signed body that is not an event, and to one over 1 MB', async () => {
    const before = (await appliedEvents(w)).length;
    const payload = 'not json at all';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const notJson = await w.t.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'stripe-signature': header, 'content-type': 'text/plain' },
      payload,
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await w.t.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect((await appliedEvents(w)).length).toBe(before);
  });
});

describe('events', () => {
  it('creates the subscription from a valid event, once, however often it is delivered', async () => {
    const sub = stripeHas('sub_main', w.member.user.id, 'trialing', inDays(7), { trialEnd: inDays(7) });
    const event = { id: 'evt_created', type: 'customer.subscription.created', object: sub };
    const first = await deliver(w, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const row = await subscriptionOf(w, w.member.user.id);
    expect(row).toMatchObject({
      status: 'trialing',
      provider: 'stripe',
      providerRef: 'sub_main',
      providerCustomerRef: 'cus_member',
      priceCents: PRICE,
      teamId: w.teamId,
    });
    expect(row!.currentPeriodEnd.getTime()).toBe(Math.floor(inDays(7).getTime() / 1000) * 1000);

    const reads = w.stub.requests.length;
    const again = await deliver(w, event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, applied: false });
    // A replay asks Stripe nothing and writes nothing.
    expect(w.stub.requests.length).toBe(reads);
    expect((await appliedEvents(w)).filter((e) => e.id === 'evt_created')).toHaveLength(1);
  });

  it('applies two copies of one event arriving at the same time once', async () => {
    const sub = stripeHas('sub_main', w.member.user.id, 'trialing', inDays(7), { trialEnd: inDays(7) });
    const event = { id: 'evt_twin', type: 'customer.subscription.updated', object: sub };
    const answers = await Promise.all([deliver(w, event), deliver(w, event), deliver(w, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().applied)).toHaveLength(1);
    expect((await appliedEvents(w)).filter((e) => e.id === 'evt_twin')).toHaveLength(1);
  });

  it('records a paid invoice as gross, 15% fee and 85% net once, and renews the period', async () => {
    stripeHas('sub_main', w.member.user.id, 'active', inDays(37));
    const invoice = stripeInvoice({ id: 'in_first', subscription: 'sub_main', amountPaid: PRICE });
    expect((await deliver(w, { id: 'evt_paid', type: 'invoice.paid', object: invoice })).statusCode).toBe(
      200,
    );
    // The same invoice in another event (Stripe may send it again under a new id): still one row.
    expect((await deliver(w, { id: 'evt_paid_2', type: 'invoice.paid', object: invoice })).statusCode).toBe(
      200,
    );

    const rows = (await ledgerRows(w)).filter((r) => r.providerRef === 'in_first');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossCents: 2900,
      platformFeeCents: 435,
      coachNetCents: 2465,
      teamId: w.teamId,
      userId: w.member.user.id,
      coachId: w.coach.user.id,
    });
    expect((await subscriptionOf(w, w.member.user.id))!.status).toBe('active');
  });

  it('does not regress on an event delivered late: the state is re-read, never taken from the old payload', async () => {
    const stale = stripeSubscription({
      id: 'sub_main',
      teamId: w.teamId,
      userId: w.member.user.id,
      status: 'trialing',
      periodEnd: inDays(7),
      trialEnd: inDays(7),
    });
    const res = await deliver(w, {
      id: 'evt_late_update',
      type: 'customer.subscription.updated',
      object: stale,
      created: new Date(now - 3600_000),
    });
    expect(res.statusCode).toBe(200);
    const row = await subscriptionOf(w, w.member.user.id);
    expect(row!.status).toBe('active');
    expect(row!.currentPeriodEnd.getTime()).toBe(Math.floor(inDays(37).getTime() / 1000) * 1000);
  });

  it('makes the subscription past due on a failed payment, and active again when it is paid', async () => {
    stripeHas('sub_main', w.member.user.id, 'past_due', inDays(37));
    const failed = stripeInvoice({
      id: 'in_second',
      subscription: 'sub_main',
      amountPaid: 0,
      status: 'open',
    });
    await deliver(w, { id: 'evt_failed', type: 'invoice.payment_failed', object: failed });
    expect((await subscriptionOf(w, w.member.user.id))!.status).toBe('past_due');

    stripeHas('sub_main', w.member.user.id, 'active', inDays(37));
    const paid = stripeInvoice({ id: 'in_second', subscription: 'sub_main', amountPaid: PRICE });
    await deliver(w, { id: 'evt_recovered', type: 'invoice.paid', object: paid });
    expect((await subscriptionOf(w, w.member.user.id))!.status).toBe('active');
    // The failed event delivered again, late: a replay, nothing changes.
    await deliver(w, { id: 'evt_failed', type: 'invoice.payment_failed', object: failed });
    expect((await subscriptionOf(w, w.member.user.id))!.status).toBe('active');
  });

  it('records each refund once as negative rows, whichever arrives first', async () => {
    // A refund of an invoice whose invoice.paid has not come yet: the charge is read and recorded first.
    w.stub.objects.set(
      'in_third',
      stripeInvoice({ id: 'in_third', subscription: 'sub_main', amountPaid: PRICE }),
    );
    w.stub.objects.set('inpay_third', {
      id: 'inpay_third',
      object: 'invoice_payment',
      invoice: 'in_third',
      payment: { type: 'payment_intent', payment_intent: 'pi_third' },
    });
    w.stub.objects.set('re_one', {
      id: 're_one',
      object: 'refund',
      charge: 'ch_third',
      amount: 1000,
      status: 'succeeded',
      created: Math.floor(now / 1000),
    });
    const charge = {
      id: 'ch_third',
      object: 'charge',
      payment_intent: 'pi_third',
      amount: PRICE,
      amount_refunded: 1000,
    };
    expect(
      (await deliver(w, { id: 'evt_refund_1', type: 'charge.refunded', object: charge })).statusCode,
    ).toBe(200);

    w.stub.objects.set('re_two', {
      id: 're_two',
      object: 'refund',
      charge: 'ch_third',
      amount: 500,
      status: 'succeeded',
      created: Math.floor(now / 1000),
    });
    await deliver(w, {
      id: 'evt_refund_2',
      type: 'charge.refunded',
      object: { ...charge, amount_refunded: 1500 },
    });
    // The late invoice.paid of the same invoice, and the first refund's event again under a new id.
    await deliver(w, { id: 'evt_paid_3', type: 'invoice.paid', object: w.stub.objects.get('in_third') });
    await deliver(w, { id: 'evt_refund_1b', type: 'charge.refunded', object: charge });

    const rows = (await ledgerRows(w)).filter(
      (r) => r.providerRef === 'in_third' || r.refundOf === 'in_third',
    );
    expect(rows.map((r) => [r.grossCents, r.platformFeeCents, r.coachNetCents])).toEqual([
      [2900, 435, 2465],
      [-1000, -150, -850],
      [-500, -75, -425],
    ]);
  });

  it('ends access when the subscription is deleted', async () => {
    const ended = stripeHas('sub_main', w.member.user.id, 'canceled', inDays(37));
    await deliver(w, { id: 'evt_deleted', type: 'customer.subscription.deleted', object: ended });
    const row = await subscriptionOf(w, w.member.user.id);
    expect(row!.status).toBe('canceled');
    expect(row!.endedAt).not.toBeNull();
  });
});

describe('a member who comes back', () => {
  it('keeps the new subscription when a late event of the old, ended one arrives', async () => {
    const fresh = stripeHas('sub_again', w.member.user.id, 'active', inDays(30));
    await deliver(w, { id: 'evt_again', type: 'customer.subscription.created', object: fresh });
    expect(await subscriptionOf(w, w.member.user.id)).toMatchObject({
      providerRef: 'sub_again',
      status: 'active',
    });

    // Stripe still answers the old subscription as canceled; its event comes late.
    const old = w.stub.objects.get('sub_main')!;
    await deliver(w, { id: 'evt_old_late', type: 'customer.subscription.updated', object: old });
    expect(await subscriptionOf(w, w.member.user.id)).toMatchObject({
      providerRef: 'sub_again',
      status: 'active',
    });
  });
});

describe('events that are not ours', () => {
  it('answers 200 and changes nothing for an unknown customer, team or subscription', async () => {
    const stranger = await signUp(w.t.app);
    const noMetadata = stripeSubscription({
      id: 'sub_foreign',
      status: 'active',
      periodEnd: inDays(30),
      customer: 'cus_unknown',
    });
    w.stub.objects.set('sub_foreign', noMetadata);
    const goneTeam = stripeSubscription({
      id: 'sub_gone',
      teamId: 2147483000,
      userId: stranger.user.id,
      status: 'active',
      periodEnd: inDays(30),
    });
    w.stub.objects.set('sub_gone', goneTeam);
    const ledgerBefore = (await ledgerRows(w)).length;

    for (const [id, object] of [
      ['evt_foreign', noMetadata],
      ['evt_gone', goneTeam],
      ['evt_missing', { ...noMetadata, id: 'sub_stripe_never_heard_of' }],
    ] as const) {
      const res = await deliver(w, { id, type: 'customer.subscription.updated', object });
      expect(res.statusCode, id).toBe(200);
    }
    const invoice = stripeInvoice({ id: 'in_foreign', subscription: 'sub_foreign', amountPaid: 5000 });
    expect(
      (await deliver(w, { id: 'evt_foreign_paid', type: 'invoice.paid', object: invoice })).statusCode,
    ).toBe(200);
    // An event type we do not act on.
    expect(
      (
        await deliver(w, {
          id: 'evt_other',
          type: 'customer.created',
          object: { id: 'cus_x', object: 'customer' },
        })
      ).statusCode,
    ).toBe(200);

    expect(await subscriptionOf(w, stranger.user.id)).toBeUndefined();
    expect((await ledgerRows(w)).length).toBe(ledgerBefore);
    const seen = (await appliedEvents(w)).map((e) => e.id);
    expect(seen).toEqual(
      expect.arrayContaining(['evt_foreign', 'evt_gone', 'evt_missing', 'evt_foreign_paid']),
    );
    expect(seen).not.toContain('evt_other');
  });

  it("ignores a subscription whose member is the team's own coach", async () => {
    const own = await createTeam(w.t.database.db, {
      name: 'Own',
      description: 'x',
      coachId: w.member.user.id,
      subscriptionPrice: 900,
    });
    const sub = stripeSubscription({
      id: 'sub_self',
      teamId: own,
      userId: w.member.user.id,
      status: 'active',
      periodEnd: inDays(30),
    });
    w.stub.objects.set('sub_self', sub);
    expect(
      (await deliver(w, { id: 'evt_self', type: 'customer.subscription.created', object: sub })).statusCode,
    ).toBe(200);
    const rows = await w.t.database.db.query.subscriptions.findMany();
    expect(rows.some((r) => r.providerRef === 'sub_self')).toBe(false);
  });
});
