import { describe, expect, it } from 'vitest';
import { billingModeLine, loadConfig } from './config';

describe('operator settings refused in production', () => {
  it('refuses DISABLE_RATE_LIMIT under NODE_ENV=production, and allows it elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DISABLE_RATE_LIMIT: 'true' })).toThrow(
      /DISABLE_RATE_LIMIT: is refused when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DISABLE_RATE_LIMIT: 'false' }).DISABLE_RATE_LIMIT).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'development', DISABLE_RATE_LIMIT: 'true' }).DISABLE_RATE_LIMIT).toBe(true);
  });
});

describe('billing modes', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  it('is off by default without keys, stripe with both, test only when asked for', () => {
    expect(loadConfig({}).billingMode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production' }).billingMode).toBe('off');
    expect(loadConfig(keys)).toMatchObject({ billingMode: 'stripe', stripe: { secretKey: 'sk_test_abc' } });
    expect(loadConfig({ BILLING_MODE: 'test' })).toMatchObject({ billingMode: 'test', stripe: null });
    expect(loadConfig({ ...keys, BILLING_MODE: 'off' })).toMatchObject({ billingMode: 'off', stripe: null });
    expect(loadConfig({ BILLING_MODE: '' }).billingMode).toBe('off');
  });

  it('refuses test billing in production unless ALLOW_TEST_BILLING, and modes that cannot work', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING_MODE: 'test' })).toThrow(
      /BILLING_MODE=test: is refused when NODE_ENV=production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', BILLING_MODE: 'test', ALLOW_TEST_BILLING: 'true' }).billingMode,
    ).toBe('test');
    expect(() => loadConfig({ BILLING_MODE: 'stripe' })).toThrow(/needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...keys, BILLING_MODE: 'test' })).toThrow(/BILLING_MODE=test: unset/);
    expect(() => loadConfig({ BILLING_MODE: 'free' })).toThrow(/BILLING_MODE/);
  });

  it('states the mode in the start log', () => {
    expect(billingModeLine(loadConfig({})).message).toMatch(/^billing: off \(paid teams are not enabled/);
    expect(billingModeLine(loadConfig({ BILLING_MODE: 'test' }))).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^billing: TEST MODE/),
    });
    expect(billingModeLine(loadConfig(keys)).message).toMatch(/^billing: stripe/);
  });
});
