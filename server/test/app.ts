import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, type Env, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { Renderer } from '../platform/first-paint';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (none on PGlite). */
  databaseUrl?: string;
  config: Config;
  close(): Promise<void>;
}

/** Which database this test run uses: set by the vitest project (api-pglite or api-postgres). */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL database created on
 * TEST_DATABASE_URL's server and dropped on close.
 */
export async function createTestApp(
  overrides: Partial<Env> = {},
  opts: {
    /** Another test app's database: a second instance on the same data (closed by its owner, not here). */
    shareDatabaseWith?: TestApp;
    realtimePrefix?: string;
    /** A built client's folder to serve (with SERVE_CLIENT: true). */
    clientDir?: string;
    /** What draws a screen into that page (the client's own module, client/app/first-paint.tsx). */
    renderer?: Renderer;
  } = {},
): Promise<TestApp> {
  // Files (media, outbox) go to a temporary folder of this app unless the test names one.
  const tempDir = overrides.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'sweatpact-test-'));
  // The API tests' journeys take paid teams: they ask for the simulated billing explicitly (never a default), unless
  // the test configures Stripe or names another mode.
  const stripe = overrides.STRIPE_SECRET_KEY || overrides.STRIPE_WEBHOOK_SECRET;
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: false,
      ...(stripe ? {} : { BILLING_MODE: 'test' as const }),
      ...(tempDir ? { DATA_DIR: tempDir } : {}),
      ...overrides,
    },
  );
  const shared = opts.shareDatabaseWith?.database;
  const { database, drop, url } = shared
    ? { database: shared, drop: async () => {}, url: opts.shareDatabaseWith?.databaseUrl }
    : await freshDatabase();
  if (!opts.shareDatabaseWith) await database.migrate();
  const app = await buildApp({
    config,
    database,
    logger: false,
    realtimePrefix: opts.realtimePrefix,
    ...(opts.clientDir ? { clientDir: opts.clientDir } : {}),
    ...(opts.renderer ? { renderer: opts.renderer } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    ...(url ? { databaseUrl: url } : {}),
    config,
    async close() {
      await app.close();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
      if (shared) return;
      await database.close();
      await drop();
    },
  };
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (testDbKind !== 'postgres' || !adminUrl) {
    // The run's migrated dump (server/test/pglite-snapshot.ts); migrate() then finds nothing to do.
    const file = inject('pgliteSnapshot');
    const snapshot = file ? new Blob([fs.readFileSync(file)]) : undefined;
    return { database: await openDatabase({ dir: null, snapshot }), drop: async () => {} };
  }
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dir: null });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The app's pool resolves its close before each connection's goodbye reaches the server; forcing the drop
      // then would kill a closing connection, which the pool reports as an uncaught error. Wait for them first.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Rows of a raw SQL query, on either database driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
