import { defineConfig } from '@playwright/test';

/** Browser journeys: Debian's Chromium as a 390x844 touch phone against the built app on its own port and data. */
const ci = !!process.env.CI;
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const stripeApiUrl = `http://127.0.0.1:${port + 2}`;
process.env.E2E_STRIPE_API_URL = stripeApiUrl; // read by e2e/stripe-*.spec.ts (workers inherit it)

/**
 * Journeys that need a server of their own, each in a project of its own: Stripe mode (its Stripe API a loopback
 * stub the spec starts), and the test-mode billing clock, which is one per server, so moving it must not reach the
 * other journeys' trials.
 */
const ownServers: { name: string; testMatch: RegExp; port: number; env: Record<string, string> }[] = [
  {
    name: 'stripe-mode',
    testMatch: /stripe-.*\.spec\.ts/,
    port: port + 1,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: stripeApiUrl,
    },
  },
  {
    name: 'billing-clock',
    testMatch: /billing-clock\.spec\.ts/,
    port: port + 3,
    env: { BILLING_MODE: 'test' },
  },
  // Moves the clock too, so not on billing-clock's server: one journey's move would end the other's trial.
  {
    name: 'coach-earnings',
    testMatch: /coach-earnings\.spec\.ts/,
    port: port + 4,
    env: { BILLING_MODE: 'test' },
  },
];

const phone = {
  browserName: 'chromium' as const,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
};
const serverOutput = { stdout: 'ignore', stderr: 'pipe', timeout: 180_000 } as const;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Generous: the CI box has 2 cores shared by the server, Chromium and two workers, and boxes of that kind differ:
  // the whole run took 10-13 minutes on some and 24-28 on others (2026-11-27), where journeys ran past limits set
  // on the faster ones. So every limit (this one and each journey's own) is twice what it was there.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A stuck run stops here instead of using up CI's 90 minutes. The journeys took 10 to 25 minutes on most boxes,
  // but 45 on a 2-core one at load 18 (2026-11-28, 90 journeys), so the stop leaves room for that and for Vitest.
  globalTimeout: ci ? 65 * 60_000 : undefined,
  fullyParallel: true,
  forbidOnly: ci,
  workers: ci ? 2 : Math.min(2, Number(process.env.E2E_WORKERS ?? 2)),
  retries: ci ? 1 : 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // Read by .ci/run for the closing "N passed, N failed" line.
    ['json', { outputFile: '.tmp/reports/playwright.json' }],
  ],
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    permissions: ['camera', 'microphone'],
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  projects: [
    // Every other journey, against the default setup with billing in test mode, asked for explicitly.
    { name: 'mobile-chromium', testIgnore: ownServers.map((o) => o.testMatch), use: phone },
    ...ownServers.map((o) => ({
      name: o.name,
      testMatch: o.testMatch,
      use: { ...phone, baseURL: `http://localhost:${o.port}` },
    })),
  ],
  // Started one after the other: the first builds, the others run the same build.
  webServer: [
    // The journeys take paid teams: simulated billing, asked for (without it and without Stripe keys it is off).
    { port, env: { BILLING_MODE: 'test' } as Record<string, string> },
    ...ownServers.map((o) => ({ port: o.port, env: { E2E_SKIP_BUILD: '1', ...o.env } })),
  ].map((server) => ({
    command: 'node e2e/support/web-server.mjs',
    url: `http://localhost:${server.port}/api/health`,
    env: { E2E_PORT: String(server.port), ...server.env },
    reuseExistingServer: !ci && process.env.E2E_REUSE_SERVER === '1',
    ...serverOutput,
  })),
});
