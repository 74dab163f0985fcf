import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderOptions } from '../app';
import { tusHeaders } from '../modules/media/testing';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { FIRST_PAINT_LOADER } from './first-paint';
import { inlineScriptHashes } from './inline-scripts';
import { isJsonType, JSON_ANSWER_HEADER_OPTIONS, securityHeaderSteps } from './security-headers';

/** The headers helmet itself sets on a fresh response with these options (the rule the app must match exactly). */
function helmetHeaders(options: HelmetOptions): Record<string, unknown> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let finished = false;
  helmet(options)(res.req, res, () => {
    finished = true;
  });
  expect(finished).toBe(true);
  return res.getHeaders();
}

const PAGE =
  '<!doctype html><html><head><script>document.documentElement.dataset.theme = "dark"</script></head></html>';

describe('security headers', () => {
  let t: TestApp;
  let expected: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp({ PORT: 3000, PUBLIC_URL: 'https://sweatpact.example' });
    // Tests serve no built page (SERVE_CLIENT false): no inline script to allow.
    expected = helmetHeaders(securityHeaderOptions(t.config, null));
  });
  afterAll(() => t?.close());

  it('computes once exactly what helmet sets per response', () => {
    const options = securityHeaderOptions(t.config, PAGE);
    const set = Object.fromEntries(
      securityHeaderSteps(options)
        .filter((s) => s.length === 2)
        .map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(set).toEqual(helmetHeaders(options));
    // The page's inline script and the drawn page's loader are allowed by their hashes, and nothing else inline.
    expect(set['content-security-policy']).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+';/,
    );
    expect(set['content-security-policy']).toContain(inlineScriptHashes(FIRST_PAINT_LOADER)[0]);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]),
    );
  });

  it('refuses options whose headers would differ per response', () => {
    const nonce = () => `'nonce-${Math.random()}'`;
    expect(() =>
      securityHeaderSteps({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow();
  });

  it("puts helmet's JSON set on JSON answers, errors, refusals and unknown routes alike", async () => {
    const json = helmetHeaders(JSON_ANSWER_HEADER_OPTIONS);
    const me = await signUp(t.app);
    const answers = await Promise.all([
      t.app.inject('/api/health'),
      t.app.inject({ url: '/api/auth/user', headers: me.headers }),
      t.app.inject({ url: '/api/auth/user', headers: me.headers }),
      t.app.inject('/api/auth/user'),
      t.app.inject('/api/does-not-exist'),
      t.app.inject('/api/challenges?limit=500'),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...me.headers, origin: 'https://evil.example' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 400, 403]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      for (const [name, value] of Object.entries(json)) expect(answer.headers[name]).toBe(value);
      // Nothing of the page's set beyond it.
      for (const name of Object.keys(expected).filter((n) => !(n in json)))
        expect(answer.headers[name], name).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    expect(json['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(json).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expected['strict-transport-security'],
    });
  });

  it("puts the page's set on everything else: HTML, and a tus upload's answer gets the JSON set", async () => {
    const json = helmetHeaders(JSON_ANSWER_HEADER_OPTIONS);
    // The page a mailed deletion link opens (an unknown link: its 410 page).
    const page = await t.app.inject(`/api/data-deletion-request/confirm?token=${'a'.repeat(43)}`);
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(expected)) expect(page.headers[name]).toBe(value);

    const me = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(me, { 'upload-length': '10' }, { kind: 'proof', filetype: 'video/webm' }),
    });
    expect(created.statusCode).toBe(201);
    for (const [name, value] of Object.entries(json)) expect(created.headers[name]).toBe(value);
  });

  it('tells JSON types apart', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/problem+json'])
      expect(isJsonType(type), type).toBe(true);
    for (const type of ['text/html', 'application/javascript', 'application/jsonp', undefined, 3])
      expect(isJsonType(type), String(type)).toBe(false);
  });
});
