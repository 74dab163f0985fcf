import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir as migrationsFolder } from '../paths';
import * as schema from './schema';
import { seedFromTemplate } from './template';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (server/db/migrations). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL when a URL is given, else PGlite: in `dir` on disk, or in memory when `dir` is null (tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dir: string | null;
  /** A migrated data folder (dist/db-template) that a `dir` without a database starts as a copy of. */
  template?: string;
  /** In memory only: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty one. */
  snapshot?: Blob;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    // Loaded only for PostgreSQL: the default start (PGlite) does not pay for the driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (a restart, a failover, a dropped test database) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db: Db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.dir && opts.template) seedFromTemplate(opts.dir, opts.template);
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const client = opts.dir
    ? new PGlite(opts.dir)
    : new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : undefined);
  await client.waitReady;
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
