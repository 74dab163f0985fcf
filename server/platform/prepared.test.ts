import { sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createPactVia } from '../modules/pacts/testing';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { executeNamed } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The named statements the connection running `db`'s next statement keeps. */
const keptOn = async (db: Db) =>
  rowsOf<{ name: string; statement: string }>(
    await db.execute(sql`select name, statement from pg_prepared_statements order by prepare_time`),
  );

describe('executeNamed (SQL run as a named statement)', () => {
  const query = (who: string, n: number) =>
    sql`select ${who}::text as who, ${n}::int + 1 as next, now() > ${'2000-01-01'}::timestamptz as later`;

  it('answers the rows db.execute answers, with the values as parameters', async () => {
    const { db } = t.database;
    for (const [who, n] of [
      ['ann', 1],
      ["o'neil; drop table users", 41],
    ] as const) {
      const named = await executeNamed(db, 'test_execute_named', query(who, n));
      expect(named).toEqual(rowsOf(await db.execute(query(who, n))));
      expect(named).toEqual([{ who, next: n + 1, later: true }]);
    }
  });

  it('keeps the statement under its name on the connection that ran it (PostgreSQL) or once (PGlite)', async () => {
    const { db } = t.database;
    if (t.database.kind === 'postgres') {
      // One connection for sure: a transaction's.
      await db.transaction(async (tx) => {
        await executeNamed(tx, 'test_kept', query('x', 1));
        await executeNamed(tx, 'test_kept', query('y', 2));
        const kept = (await keptOn(tx)).filter((s) => s.name === 'test_kept');
        expect(kept).toHaveLength(1);
      });
    } else {
      await executeNamed(db, 'test_kept', query('x', 1));
      await executeNamed(db, 'test_kept', query('y', 2));
      const { dialect } = db as unknown as { dialect: PgDialect };
      const text = dialect.sqlToQuery(query('x', 1)).sql;
      expect((await keptOn(db)).filter((s) => s.statement === text)).toHaveLength(1);
    }
  });

  it('sends a chat message through its named insert', async () => {
    const ann = await signUp(t.app);
    const pact = await createPactVia(t.app, ann);
    const send = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/challenges/${pact.id}/chat`,
        headers: ann.headers,
        payload: { message: body },
      });
    expect((await send('first')).statusCode).toBe(201);
    expect((await send('second')).statusCode).toBe(201);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/${pact.id}/messages`,
      headers: ann.headers,
    });
    // Newest first.
    expect(page.json().items.map((m: { message: string }) => m.message)).toEqual(['second', 'first']);
    if (t.database.kind === 'pglite') {
      const inserts = (await keptOn(t.database.db)).filter((s) =>
        s.statement.includes('insert into "chat_messages"'),
      );
      expect(inserts).toHaveLength(1);
    }
  });
});
