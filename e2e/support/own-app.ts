import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The built app once more, on its own port and data folder, for journeys that need what the suite's shared server
 * cannot give: their own environment (a provider configured), or a restart on the same data with the clock moved
 * on (e2e/support/shifted-clock.mjs), as after the 48 hours of a deletion's grace.
 */
export interface OwnApp {
  url: string;
  dataDir: string;
  /** Stops the server and starts it again on the same data, `clockOffsetMs` ahead of real time. */
  restart(opts?: { clockOffsetMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export interface OwnAppOptions {
  port: number;
  /** Extra environment (provider keys and the like). */
  env?: Record<string, string>;
  clockOffsetMs?: number;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const clockShim = path.join(root, 'e2e', 'support', 'shifted-clock.mjs');

export async function startOwnApp(opts: OwnAppOptions): Promise<OwnApp> {
  const e2ePort = Number(process.env.E2E_PORT ?? 3100);
  // The snapshot of the build the suite's server runs (e2e/support/web-server.mjs), else the checkout's build.
  const snapshot = path.join(root, '.tmp', `e2e-app-${e2ePort}`);
  const appDir = fs.existsSync(path.join(snapshot, 'dist', 'server', 'main.mjs')) ? snapshot : root;
  const url = `http://localhost:${opts.port}`;
  const dataDir = path.join(root, '.tmp', `e2e-own-data-${opts.port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|PUBLIC_URL|DISABLE_RATE_LIMIT|SERVE_CLIENT|TRUST_PROXY)$/.test(key))
      delete env[key];
    if (/^(GOOGLE|APPLE|FACEBOOK|STRIPE)_/.test(key)) delete env[key];
    // Billing is each own app's choice: off unless its env asks (BILLING_MODE=test or Stripe keys).
    if (/^(BILLING_MODE|ALLOW_TEST_BILLING)$/.test(key)) delete env[key];
  }
  Object.assign(env, {
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...opts.env,
  });

  let child: ChildProcess;
  const start = async (clockOffsetMs = 0) => {
    const args = clockOffsetMs ? ['--import', clockShim] : [];
    child = spawn(process.execPath, [...args, path.join(appDir, 'dist', 'server', 'main.mjs')], {
      cwd: appDir,
      env: { ...env, E2E_CLOCK_OFFSET_MS: String(clockOffsetMs) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitForHealth(url, child);
    } catch (err) {
      child.kill('SIGTERM');
      throw err;
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };

  await start(opts.clockOffsetMs);
  return {
    url,
    dataDir,
    async restart(next = {}) {
      await stop();
      await start(next.clockOffsetMs);
    },
    async close() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app on ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer on ${url}`);
}
