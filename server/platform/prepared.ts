import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Helpers for the prepared statements of hot reads (pacts/prepared.ts, chat/repo.ts, session/repo.ts): a statement is
 * built by the ORM once per database and key instead of per request, and sent under its name, so PostgreSQL parses
 * it once per connection and, after a few runs, reuses one plan (PGlite, in process, runs them unnamed).
 */

/** A lazily filled cache of statements per database (tests open many) and key. */
export function statementCache<T>(build: (db: Db, key: string) => T): (db: Db, key: string) => T {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db, key) => {
    let byKey = byDb.get(db);
    if (!byKey) {
      byKey = new Map();
      byDb.set(db, byKey);
    }
    let found = byKey.get(key);
    if (found === undefined) {
      found = build(db, key);
      byKey.set(key, found);
    }
    return found;
  };
}

/**
 * A page size written into the statement text (one statement per size; sizes come from validated queries, a few
 * small integers). As a parameter, PostgreSQL plans for an unknown row count and keeps replanning every call.
 */
export const limitLiteral = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`limit must be a positive integer: ${n}`);
  // The builder's limit() takes a number or placeholder; raw SQL in its place is written as it is.
  return sql.raw(String(n)) as unknown as number;
};
