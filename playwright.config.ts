import { defineConfig } from '@playwright/test';

/** Browser journeys: Debian's Chromium as a 390x844 touch phone against the built app on its own port and data. */
const ci = !!process.env.CI;
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Generous: the CI box has 2 cores shared by the server, Chromium and two workers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI must finish well inside 15 minutes overall; a stuck run stops here instead.
  globalTimeout: ci ? 10 * 60_000 : undefined,
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
    {
      name: 'mobile-chromium',
      use: {
        browserName: 'chromium',
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
      },
    },
  ],
  webServer: {
    command: 'node e2e/support/web-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !ci && process.env.E2E_REUSE_SERVER === '1',
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
