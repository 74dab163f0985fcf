import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderOptions } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { securityHeaderSteps } from './security-headers';

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
    // The page's inline script is allowed by its hash, and nothing else inline.
    expect(set['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
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

  it("puts helmet's headers on answers, errors, refusals and unknown routes alike", async () => {
    const me = await signUp(t.app);
    const answers = await Promise.all([
      t.app.inject('/api/health'),
      t.app.inject({ url: '/api/auth/user', headers: me.headers }),
      t.app.inject('/api/auth/user'),
      t.app.inject('/api/does-not-exist'),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...me.headers, origin: 'https://evil.example' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 403]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name]).toBe(value);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});
