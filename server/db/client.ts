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
  /**
   * The same database for prepared hot reads whose one plan suits every parameter (a chat page: the Pact's index
   * read newest first, whatever its size). On PostgreSQL through connections that reuse a statement's generic plan
   * (`plan_cache_mode`): on the default setting PostgreSQL compares the plans' estimates and, for one busy Pact,
   * planned every call anew (0.5-0.7 ms of planning for 0.2 ms of running, measured 2026-11-26). On PGlite it is `db`.
   */
  reads: Db;
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
    // Opens its connections on first use, as the pool above does.
    const readsPool = new pg.Pool({
      connectionString: opts.url,
      max: 5,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    readsPool.on('error', (err) => opts.onIdleError?.(err));
    return {
      db,
      reads: drizzlePg(readsPool, { schema }),
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: async () => {
        await Promise.all([pool.end(), readsPool.end()]);
      },
    };
  }
  if (!opts.dir) {
    const client = new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : undefined);
    await client.waitReady;
    return pgliteDatabase(client, () => client.close());
  }
  // On disk the database opens in the background (the template's copy, then PGlite's start): this answers at once,
  // and queries wait for it (deferredClient), so a start registers its routes and serves its page meanwhile.
  const { dir, template } = opts;
  const opening = (async () => {
    if (template) await seedFromTemplate(dir, template);
    fs.mkdirSync(dir, { recursive: true });
    const client = new PGlite(dir);
    await client.waitReady;
    return client;
  })();
  opening.catch(() => {}); // a failed start rejects the first query (the migration), where it is reported
  return pgliteDatabase(deferredClient(opening), async () => (await opening).close());
}

function pgliteDatabase(client: PGliteClient, close: () => Promise<void>): Database {
  const db: Db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    reads: db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close,
  };
}

/** What Drizzle calls on a PGlite client. */
type PGliteClient = Pick<PGlite, 'query' | 'transaction'>;

/** A client whose calls wait for `opening`; once it has opened, calls go straight to it. */
function deferredClient(opening: Promise<PGlite>): PGliteClient {
  let open: PGlite | null = null;
  opening.then(
    (client) => {
      open = client;
    },
    () => {},
  );
  return {
    query: ((...args: Parameters<PGlite['query']>) =>
      open ? open.query(...args) : opening.then((c) => c.query(...args))) as PGlite['query'],
    transaction: ((...args: Parameters<PGlite['transaction']>) =>
      open
        ? open.transaction(...args)
        : opening.then((c) => c.transaction(...args))) as PGlite['transaction'],
  };
}
