import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { loadConfig } from '../../config';
import { signUp } from '../../test/factories';
import { deliver, PRICE, type StripeWorld, stripeSubscription, stripeWorld } from './testing';

/**
 * The calls to Stripe's API, against a loopback stub of it (no network), asserting what Stripe is asked: the
 * coach's Connect onboarding, Checkout in subscription mode with the 7-day trial, the coach's account as the
 * transfer destination and the 15% application fee, the customer portal, cancel and resume at period end.
 */

let w: StripeWorld;
beforeAll(async () => {
  w = await stripeWorld();
});
afterAll(() => w?.close());

const post = (url: string, who: { headers: Record<string, string> }) =>
  w.t.app.inject({ method: 'POST', url, headers: who.headers });

describe('configuration', () => {
  it('takes both Stripe keys or neither, and refuses malformed ones', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const both = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig(both).stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: is required/,
    );
    expect(() => loadConfig({ ...both, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/Stripe secret key/);
    expect(() => loadConfig({ ...both, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/whsec_/);
    expect(() => loadConfig({ ...both, STRIPE_API_URL: 'http://stripe.example' })).toThrow(/https/);
  });
});

describe('payouts onboarding', () => {
  it('is refused to someone who coaches no team', async () => {
    const res = await post('/api/billing/stripe/connect', w.member);
    expect(res.statusCode).toBe(403);
    expect(w.stub.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(0);
  });

  it("refuses a subscription until the coach's payouts are set up", async () => {
    const res = await post(`/api/teams/${w.teamId}/subscribe`, w.member);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/payouts/);
    expect(w.stub.last('POST', '/v1/checkout/sessions')).toBeUndefined();
  });

  it('creates the Express account once and answers an onboarding link, then the dashboard', async () => {
    const first = await post('/api/billing/stripe/connect', w.coach);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      url: expect.stringMatching(/^https:\/\/connect\.stripe\.test\/setup\//),
      payoutsReady: false,
    });
    const created = w.stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({
      type: 'express',
      email: w.coach.user.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[sweatpact_user_id]': w.coach.user.id,
    });
    const link = w.stub.last('POST', '/v1/account_links')!;
    expect(link.params).toMatchObject({
      type: 'account_onboarding',
      return_url: expect.stringMatching(/\/teams\?payouts=done$/),
    });
    const account = link.params.account!;

    // Stripe finished onboarding: the account can take transfers.
    w.stub.objects.set(account, { id: account, object: 'account', capabilities: { transfers: 'active' } });
    const again = await post('/api/billing/stripe/connect', w.coach);
    expect(again.json()).toEqual({ url: expect.stringMatching(/express/), payoutsReady: true });
    expect(w.stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts')).toHaveLength(1);
  });
});

describe('Checkout', () => {
  it('asks Stripe for a subscription Checkout with the trial, the fee and the destination', async () => {
    const res = await post(`/api/teams/${w.teamId}/subscribe`, w.member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subscription: null,
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });
    const account = w.stub.last('POST', '/v1/account_links')!.params.account;
    const { params } = w.stub.last('POST', '/v1/checkout/sessions')!;
    expect(params).toMatchObject({
      mode: 'subscription',
      'subscription_data[trial_period_days]': '7',
      'subscription_data[application_fee_percent]': '15',
      'subscription_data[transfer_data][destination]': account,
      'subscription_data[metadata][sweatpact_team_id]': String(w.teamId),
      'subscription_data[metadata][sweatpact_user_id]': w.member.user.id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(PRICE),
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Strong Mornings',
      customer_email: w.member.user.email,
      success_url: `${w.t.config.publicUrl}/teams/${w.teamId}?checkout=done`,
      cancel_url: `${w.t.config.publicUrl}/teams/${w.teamId}?checkout=canceled`,
    });
  });

  it('refuses the coach subscribing to their own team without asking Stripe', async () => {
    const sessions = w.stub.requests.length;
    expect((await post(`/api/teams/${w.teamId}/subscribe`, w.coach)).statusCode).toBe(400);
    expect(w.stub.requests.length).toBe(sessions);
  });
});

describe('once subscribed', () => {
  const subId = 'sub_checkout';
  beforeAll(async () => {
    const end = new Date(Date.now() + 7 * DAY_MS);
    const sub = stripeSubscription({
      id: subId,
      teamId: w.teamId,
      userId: w.member.user.id,
      status: 'trialing',
      periodEnd: end,
      trialEnd: end,
      customer: 'cus_checkout',
    });
    w.stub.objects.set(subId, sub);
    const session = { id: 'cs_done', object: 'checkout.session', mode: 'subscription', subscription: subId };
    const res = await deliver(w, { id: 'evt_checkout', type: 'checkout.session.completed', object: session });
    expect(res.statusCode).toBe(200);
  });

  it('answers the customer portal for Manage, for the member only', async () => {
    const res = await post(`/api/teams/${w.teamId}/subscription/manage`, w.member);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(w.stub.last('POST', '/v1/billing_portal/sessions')!.params).toEqual({
      customer: 'cus_checkout',
      return_url: `${w.t.config.publicUrl}/teams/${w.teamId}`,
    });
    const stranger = await signUp(w.t.app);
    expect((await post(`/api/teams/${w.teamId}/subscription/manage`, stranger)).statusCode).toBe(404);
  });

  it('cancels and resumes at the period end through Stripe', async () => {
    const cancel = await post(`/api/teams/${w.teamId}/subscription/cancel`, w.member);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().cancelAtPeriodEnd).toBe(true);
    expect(w.stub.last('POST', `/v1/subscriptions/${subId}`)!.params).toEqual({
      cancel_at_period_end: 'true',
    });

    const resume = await post(`/api/teams/${w.teamId}/subscription/resume`, w.member);
    expect(resume.statusCode).toBe(200);
    expect(resume.json().cancelAtPeriodEnd).toBe(false);
    expect(w.stub.last('POST', `/v1/subscriptions/${subId}`)!.params).toEqual({
      cancel_at_period_end: 'false',
    });
  });

  it("does not let another user cancel the member's subscription", async () => {
    const calls = w.stub.requests.length;
    const stranger = await signUp(w.t.app);
    expect((await post(`/api/teams/${w.teamId}/subscription/cancel`, stranger)).statusCode).toBe(404);
    expect(w.stub.requests.length).toBe(calls);
  });
});
