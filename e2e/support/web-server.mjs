// Playwright's webServer: wipes the e2e data folder, builds once, then runs the built server on E2E_PORT.
// The app runs exactly as `npm start` would run it (embedded PGlite, rate limits on), only on its own port and data.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const port = process.env.E2E_PORT ?? '3100';
// One folder per port: a second run on another port (same checkout) must not wipe this run's database.
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`);

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

if (process.env.E2E_SKIP_BUILD !== '1') {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
}

// The server runs from a snapshot of the build: dist/ is copied, everything else (migrations, sample clips, the
// package.json that marks the root, node_modules) is linked. A rebuild of dist/ during the run (npm start or
// npm run build in the same checkout) therefore cannot pull files from under it.
const app = path.join(root, '.tmp', `e2e-app-${port}`);
fs.rmSync(app, { recursive: true, force: true });
fs.mkdirSync(app, { recursive: true });
// E2E_DIST_DIR: run a build copied aside (several people testing in one checkout build under a lock, then copy).
const dist = path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist');
fs.cpSync(dist, path.join(app, 'dist'), { recursive: true });
for (const entry of fs.readdirSync(root)) {
  if (['dist', '.tmp', '.git'].includes(entry)) continue;
  fs.symlinkSync(path.join(root, entry), path.join(app, entry));
}

// The journeys test the default, self-contained setup: no external database, no Redis, limits on. Billing is what
// playwright.config.ts asks for (BILLING_MODE=test for the journeys with paid teams, Stripe keys for Stripe's),
// never a default.
const env = { ...process.env, PORT: port, DATA_DIR: dataDir };
for (const key of ['DATABASE_URL', 'REDIS_URL', 'DISABLE_RATE_LIMIT', 'PUBLIC_URL', 'SERVE_CLIENT'])
  delete env[key];
env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
// As behind a reverse proxy: each simulated phone sends its own X-Forwarded-For address (e2e/support/app.ts),
// so the per-address sign-up limit applies per phone, as it would in the field.
env.TRUST_PROXY = 'true';
// The accessibility journey's admin (e2e/a11y.spec.ts) opens the moderation queue.
env.ADMIN_EMAILS = 'e2e-admin@example.com';

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(app, 'dist', 'server', 'main.mjs')],
  {
    stdio: 'inherit',
    cwd: app,
    env,
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
