// For the benchmarks that need PostgreSQL: the admin connection (skipped without one), a database of their own
// (created and dropped), a snapshot of the built server, the server started on that database, and API calls.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { arg, firstOk, freePort, root, spawnGroup, tempDir } from './lib.mjs';

export const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export async function withClient(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Ends the benchmark with "skipped" (exit 0) when there is no PostgreSQL at adminUrl. */
export async function requirePostgres() {
  try {
    await withClient(adminUrl, (c) => c.query('select 1'));
  } catch (err) {
    console.log(`skipped: no PostgreSQL at ${adminUrl} (${err.message})`);
    process.exit(0);
  }
}

/** A database named `<prefix>_<random>` (or `reuse`, an existing one), its URL, and create/drop. */
export function benchDatabase(prefix, reuse = '') {
  const name = reuse || `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    create: () => withClient(adminUrl, (c) => c.query(`create database ${name}`)),
    drop: () => withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * The built server alone (its bundle, the migrations, package.json for finding the root) in a temp folder with
 * node_modules linked, so a rebuild in this checkout cannot change a run. Builds first when there is no build;
 * `--dist=DIR` takes another build (e.g. one copied aside).
 */
export function snapshotBuiltServer(prefix, distDir = arg('dist', 'dist')) {
  const bundle = path.join(path.resolve(root, distDir), 'server', 'main.mjs');
  if (!fs.existsSync(bundle)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dir = tempDir(prefix);
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  // The whole server folder: the bundle loads its chunks (dist/server/chunks) beside it.
  fs.cpSync(path.dirname(bundle), path.join(dir, 'dist', 'server'), { recursive: true });
  return finishSnapshot(dir);
}

/** Adds the migrations, package.json and a node_modules link to a folder holding dist/server/main.mjs. */
export function finishSnapshot(dir) {
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(dir, 'server', 'db', 'migrations'), {
    recursive: true,
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * Starts `project`'s server (API only, rate limits off, no Redis, test-mode billing) on `databaseUrl`, which it
 * migrates on start; answers once /api/health says 200. `env` adds to or overrides the environment.
 */
export async function startServer({ project, databaseUrl, dataDir, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const server = spawnGroup(
    process.execPath,
    [...nodeArgs, path.join(project, 'dist', 'server', 'main.mjs')],
    {
      cwd: project,
      env: {
        ...process.env,
        // Not 'production': that refuses DISABLE_RATE_LIMIT, which a load run needs (NODE_ENV changes nothing else).
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DISABLE_RATE_LIMIT: 'true',
        SERVE_CLIENT: 'false',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  server.died.catch(() => {});
  await Promise.race([firstOk(`${base}/api/health`, performance.now(), { timeoutMs: 60_000 }), server.died]);
  return { server, base, origin };
}

/** The session cookies of an answer as one Cookie header. */
export const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** `post(path, body, cookie?)`: JSON with our origin, throwing on an answer that is not 2xx. */
export function poster(base, origin) {
  return async (p, body, cookie) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res;
  };
}

/** Signs a new person up through the API (`post` from poster); answers their Cookie header and user. */
export async function signUpPerson(
  post,
  { email, firstName = 'Bench', lastName = 'User', timeZone = 'UTC' },
) {
  const res = await post('/api/auth/signup', {
    email,
    password: 'correct horse battery',
    dateOfBirth: '1990-01-01',
    firstName,
    lastName,
    timeZone,
  });
  return { cookie: cookieOf(res), user: (await res.json()).user };
}
