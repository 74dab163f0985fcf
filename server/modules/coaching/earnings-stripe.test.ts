import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsResponse } from '../../../shared/api/earnings';
import { saveStripeConnectAccount } from '../auth/payout-account';
import { call } from '../pacts/testing';
import { type StripeWorld, stripeWorld } from '../stripe/testing';

/** Stripe mode: the coach's earnings carry their Connect account's payouts, read from Stripe with their status. */

let w: StripeWorld;
beforeAll(async () => {
  w = await stripeWorld();
});
afterAll(() => w?.close());

const earnings = async (who: StripeWorld['coach']) =>
  (await call(w.t.app, who, 'GET', '/api/coaching/earnings')) as { status: number; body: EarningsResponse };

describe('payouts in Stripe mode', () => {
  it('answers none before the coach has a Connect account', async () => {
    const { status, body } = await earnings(w.coach);
    expect(status).toBe(200);
    expect(body).toMatchObject({ mode: 'stripe', payouts: null, payoutsError: null });
  });

  it("lists the account's payouts, newest first, asked on the account's behalf", async () => {
    await saveStripeConnectAccount(w.t.app.ctx, w.coach.user.id, 'acct_coach1');
    const payout = (id: string, amount: number, status: string, created: number) => ({
      id,
      object: 'payout',
      account: 'acct_coach1',
      amount,
      currency: 'usd',
      status,
      created,
      arrival_date: created + 86_400,
    });
    w.stub.objects.set('po_1', payout('po_1', 2465, 'paid', 1_780_000_000));
    w.stub.objects.set('po_2', payout('po_2', 4930, 'in_transit', 1_780_500_000));
    w.stub.objects.set('po_x', { ...payout('po_x', 999, 'paid', 1_780_600_000), account: 'acct_other' });
    const { body } = await earnings(w.coach);
    expect(body.payouts).toEqual([
      {
        id: 'po_2',
        amountCents: 4930,
        currency: 'usd',
        status: 'in_transit',
        arrivalAt: new Date((1_780_500_000 + 86_400) * 1000).toISOString(),
      },
      {
        id: 'po_1',
        amountCents: 2465,
        currency: 'usd',
        status: 'paid',
        arrivalAt: new Date((1_780_000_000 + 86_400) * 1000).toISOString(),
      },
    ]);
    expect(w.stub.last('GET', '/v1/payouts')?.account).toBe('acct_coach1');
    // Another user has no account: nothing of the coach's.
    expect((await earnings(w.member)).body.payouts).toBeNull();
  });

  it('keeps the ledger on screen when Stripe cannot be asked', async () => {
    await saveStripeConnectAccount(w.t.app.ctx, w.member.user.id, 'acct_missing');
    const broken = await w.stub.close().then(() => earnings(w.member));
    expect(broken.status).toBe(200);
    expect(broken.body.payouts).toBeNull();
    expect(broken.body.payoutsError).toMatch(/could not be loaded/);
  });
});
