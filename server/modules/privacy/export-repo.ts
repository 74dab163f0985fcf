import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Reads for "Download my data". Reads may join any table (docs/ARCHITECTURE.md); the table and column names come
 * from the schema (export-rules.ts), never from a request.
 */
export async function rowsWhere(db: Db, table: string, column: string, userId: string, only?: SQL) {
  const extra = only ? sql` and (${only})` : sql``;
  const result = (await db.execute(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}${extra} order by 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

export async function accountRow(db: Db, userId: string) {
  const result = (await db.execute(sql`select * from users where id = ${userId}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows[0] ?? null;
}
