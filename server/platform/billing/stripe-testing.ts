import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * For tests only: a small Stripe API on loopback that the real `stripe` package talks to (through
 * STRIPE_API_URL), so the provider's calls are checked without the network. It records every request with its
 * form parameters flattened as Stripe encodes them (`subscription_data[trial_period_days]`), answers the few
 * endpoints the provider uses, and keeps objects a test puts in it (subscriptions, invoices) for re-reads.
 * Webhook payloads are signed with the package's own `webhooks.generateTestHeaderString` (`signEvent`).
 */

export interface StubRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** The `Stripe-Account` header: a call made on behalf of a connected account. */
  account?: string;
}

export interface StripeStub {
  /** The API base to put in STRIPE_API_URL. */
  url: string;
  requests: StubRequest[];
  /** Objects by id (`sub_...`, `in_...`, `acct_...`): what GET answers and POST updates. */
  objects: Map<string, Record<string, unknown>>;
  /** The last request to a path, or undefined. */
  last(method: string, path: string): StubRequest | undefined;
  close(): Promise<void>;
}

const notFound = (id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` },
});

/** `port`: 0 picks a free one; a fixed one lets a separately started server be configured first (e2e). */
export async function startStripeStub(port = 0): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_stub${++seq}`;

  const answer = (req: StubRequest): [number, unknown] => {
    const { method, path: p, params } = req;
    if (method === 'POST' && p === '/v1/checkout/sessions') {
      const id = next('cs_test');
      return [200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }];
    }
    if (method === 'POST' && p === '/v1/billing_portal/sessions') {
      const id = next('bps');
      return [200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/${id}` }];
    }
    if (method === 'POST' && p === '/v1/accounts') {
      const account = {
        id: next('acct'),
        object: 'account',
        charges_enabled: false,
        details_submitted: false,
      };
      objects.set(account.id, account);
      return [200, account];
    }
    if (method === 'POST' && p === '/v1/account_links') {
      return [200, { object: 'account_link', url: `https://connect.stripe.test/setup/${next('al')}` }];
    }
    if (method === 'GET' && p === '/v1/invoice_payments') {
      const intent = params['payment[payment_intent]'];
      const data = [...objects.values()].filter(
        (o) =>
          o.object === 'invoice_payment' &&
          (o.payment as { payment_intent?: string } | undefined)?.payment_intent === intent,
      );
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' }];
    }
    if (method === 'POST' && /^\/v1\/accounts\/[^/]+\/login_links$/.test(p)) {
      return [200, { object: 'login_link', url: `https://connect.stripe.test/express/${next('ll')}` }];
    }
    if (method === 'GET' && p === '/v1/payouts') {
      // A connected account's payouts: objects put with `account` naming it, newest first.
      const data = [...objects.values()]
        .filter((o) => o.object === 'payout' && o.account === req.account)
        .sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
      return [200, { object: 'list', data, has_more: false, url: '/v1/payouts' }];
    }
    if (method === 'GET' && p === '/v1/refunds') {
      const data = [...objects.values()].filter((o) => o.object === 'refund' && o.charge === params.charge);
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
    }
    const one = /^\/v1\/(subscriptions|invoices|accounts)\/([^/]+)$/.exec(p);
    if (one) {
      const id = decodeURIComponent(one[2]!);
      const found = objects.get(id);
      if (!found) return [404, notFound(id)];
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        found.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      return [200, found];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Stub: no route ${method} ${p}` } }];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const params = Object.fromEntries([...url.searchParams, ...body]);
      const account = request.headers['stripe-account'];
      const recorded: StubRequest = { method: request.method ?? 'GET', path: url.pathname, params };
      if (typeof account === 'string') recorded.account = account;
      requests.push(recorded);
      const [status, payload] = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    objects,
    last: (method, path) => requests.findLast((r) => r.method === method && r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook delivery as Stripe sends it: the raw JSON body and its `stripe-signature` header. */
export function signEvent(
  event: { id: string; type: string; created?: number; data: { object: unknown } },
  secret: string,
  opts: { timestamp?: number; signWith?: string } = {},
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({
    object: 'event',
    api_version: Stripe.API_VERSION,
    livemode: false,
    created: event.created ?? Math.floor(Date.now() / 1000),
    ...event,
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.signWith ?? secret,
    ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
  });
  return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}
