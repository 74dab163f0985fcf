import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSocketOrigins } from '../app';
import { createTestApp, type TestApp } from '../test/app';

describe('Content-Security-Policy (probe hole 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PORT: 3000,
      PUBLIC_URL: 'https://sweatpact.example',
      TRUSTED_ORIGINS: 'https://m.sweatpact.example',
    });
  });
  afterAll(() => t?.close());

  it('lets the page open WebSockets only to our own origins, never to any host', async () => {
    // A page's policy (a mailed link's HTML page here; the app's own page gets the same in a build).
    const res = await t.app.inject(`/api/data-deletion-request/confirm?token=${'a'.repeat(43)}`);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const connect = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'))!
      .split(/\s+/)
      .slice(1);
    expect(connect).toEqual([
      "'self'",
      'wss://sweatpact.example',
      'ws://localhost:3000',
      'ws://127.0.0.1:3000',
      'wss://m.sweatpact.example',
    ]);
    for (const source of connect) expect(source).not.toMatch(/^(wss?:|https?:|\*)$/);
  });

  it('maps http origins to ws and https origins to wss, and ignores anything else', () => {
    expect(
      webSocketOrigins(['http://a.test:8080', 'https://b.test', 'https://b.test', 'ftp://c.test']),
    ).toEqual(['ws://a.test:8080', 'wss://b.test']);
  });
});
