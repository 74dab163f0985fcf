import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPactVia } from '../modules/pacts/testing';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { PgliteStatements } from './pglite-statements';
import { pacts, users } from './schema';

/** What drizzle's PGlite session asks of `query` for a select (rows as arrays, dates as PostgreSQL's text). */
const asDrizzle: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v },
};

describe('PgliteStatements (named statements on PGlite)', () => {
  let pg: PGlite;
  let statements: PgliteStatements;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    await pg.exec(`
      create table t (
        id integer generated always as identity primary key,
        name text unique not null,
        at timestamptz not null default '2026-11-27T10:00:00Z',
        tags text[] not null default '{}',
        data jsonb,
        n numeric,
        ok boolean
      )`);
    statements = new PgliteStatements(() => pg);
  });
  afterAll(() => pg.close());

  const kept = async () =>
    (
      await pg.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
    ).rows.map((r) => r.statement);

  it('answers exactly as PGlite query does, with the text parsed once however often it runs', async () => {
    const insert = 'insert into t (name, at, tags, data, n, ok) values ($1, $2, $3, $4, $5, $6) returning *';
    const rows: unknown[][] = [
      [
        'ann',
        new Date('2026-01-02T03:04:05.678Z'),
        ['a', 'b c', 'd"e'],
        { deep: [1, { x: 'y' }] },
        '12.50',
        true,
      ],
      ['bob', new Date('2026-06-30T23:59:59Z'), [], null, null, false],
      ["o'neil", new Date('2026-11-27T00:00:00Z'), ['ü'], [1, 2], '-0.001', null],
    ];
    for (const params of rows) {
      const named = await statements.query(insert, params, { rowMode: 'object' });
      // The same row read back by an ordinary query.
      const plain = await pg.query('select * from t where name = $1', [params[0]], { rowMode: 'object' });
      expect(named.rows).toEqual(plain.rows);
      expect(named.affectedRows).toBe(1);
    }
    const read =
      'select id, name, at, tags, data, n, ok from t where id > $1 and ok is not false order by id';
    for (const options of [asDrizzle, { rowMode: 'object' } as QueryOptions]) {
      for (let run = 0; run < 7; run++) {
        const named = await statements.query(read, [0], options);
        const plain = await pg.query(read, [0], options);
        expect(named.rows).toEqual(plain.rows);
        expect(named.fields).toEqual(plain.fields);
        expect(named.rows).toHaveLength(2);
      }
    }
    const none = await statements.query('select id from t where name = $1', ['nobody'], asDrizzle);
    expect(none.rows).toEqual([]);
    // One kept statement per text, however many runs and whatever the row mode.
    expect(await kept()).toEqual([insert, read, 'select id from t where name = $1']);
  });

  it('reports a failed statement with its code and query, and leaves the session ready for the next', async () => {
    const insert = 'insert into t (name) values ($1) returning id';
    await statements.query(insert, ['carol'], asDrizzle);
    const duplicate = await statements.query(insert, ['carol'], asDrizzle).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', query: insert, params: ['carol'] });
    // A text PostgreSQL cannot parse is not kept, and nothing is left waiting for a Sync.
    const typo = await statements.query('selec 1', [], asDrizzle).catch((e: unknown) => e);
    expect(typo).toMatchObject({ code: '42601' });
    expect(await kept()).not.toContain('selec 1');
    const after = await statements.query('select count(*)::int as n from t where name = $1', ['carol'], {});
    expect(after.rows).toEqual([{ n: 1 }]);
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    const count = 'select count(*)::int as n from t where name like $1';
    await statements.query(count, ['tx-%'], {});
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = pg.transaction(async (tx) => {
      await tx.query(`insert into t (name) values ('tx-1')`);
      await held;
      await tx.query(`insert into t (name) values ('tx-2')`);
      order.push('committed');
    });
    const read = statements.query<{ n: number }>(count, ['tx-%'], {}).then((r) => {
      order.push('read');
      return r.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    // The read saw the whole transaction, never half of it.
    expect(await read).toBe(2);
    expect(order).toEqual(['committed', 'read']);
  });

  it('describes a statement again when its table’s columns changed', async () => {
    await pg.exec(`create table u (a integer); insert into u values (1)`);
    expect((await statements.query('select * from u', [], {})).rows).toEqual([{ a: 1 }]);
    expect((await statements.query('select a from u where a = $1', [1], {})).rows).toEqual([{ a: 1 }]);
    await pg.exec(`alter table u add column b text default 'x'`);
    // Described again under a name of its own (not one a statement prepared after it holds).
    expect((await statements.query('select * from u', [], {})).rows).toEqual([{ a: 1, b: 'x' }]);
    expect((await statements.query('select a from u where a = $1', [1], {})).rows).toEqual([{ a: 1 }]);
    expect((await statements.query('select b from u where a = $1', [1], {})).rows).toEqual([{ b: 'x' }]);
  });
});

describe('prepared queries of the app (database client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer as the same query unprepared, and are kept as named statements on PGlite', async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    await createPactVia(t.app, ann);
    await createPactVia(t.app, bob, { scheduleDays: ['sunday'], workoutTime: undefined });
    const { db } = t.database;
    const query = () =>
      db
        .select({ id: users.id, username: users.username, createdAt: users.createdAt, seven: sql<number>`7` })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')));
    const prepared = query().prepare('test_prepared_user');
    for (const who of [ann, bob, ann]) {
      const [row] = await prepared.execute({ id: who.user.id });
      const [plain] = await db.select().from(users).where(eq(users.id, who.user.id));
      expect(row).toEqual({
        id: plain?.id,
        username: plain?.username,
        createdAt: plain?.createdAt,
        seven: 7,
      });
      expect(row?.createdAt).toBeInstanceOf(Date);
    }
    expect(await prepared.execute({ id: 'nobody' })).toEqual([]);
    // Every column of a Pact (arrays, timestamps, enums, nulls) maps as in the unprepared query.
    const newest = db.select().from(pacts).orderBy(desc(pacts.id)).limit(3);
    const rows = await newest.prepare('test_prepared_newest').execute();
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(await newest);
    if (t.database.kind === 'pglite') {
      const kept = await db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
      const texts = (kept as unknown as { rows: { statement: string }[] }).rows.map((r) => r.statement);
      expect(texts).toContain(prepared.getQuery().sql);
    }
  });
});

describe('PgliteStatements on a closed database', () => {
  it('refuses as PGlite does instead of reaching its backend', async () => {
    const pg = new PGlite();
    await pg.waitReady;
    const statements = new PgliteStatements(() => pg);
    expect((await statements.query('select 1 as one', [], {})).rows).toEqual([{ one: 1 }]);
    await pg.close();
    await expect(statements.query('select 1 as one', [], {})).rejects.toThrow('PGlite is closed');
  });
});
