import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { statementKind, writtenTables } from './changes';
import { users } from './schema';

describe('statementKind', () => {
  it.each([
    ['select * from "users" where "users"."id" = $1', 'read'],
    ['  SELECT 1', 'read'],
    ['with x as (select 1) select * from x', 'read'],
    ['select "id" from "pacts" for update', 'read'],
    ['select "updated_at" from "pacts"', 'read'],
    ['begin', 'read'],
    ['rollback', 'read'],
    ['rollback to savepoint sp1', 'read'],
    ['show plan_cache_mode', 'read'],
    ['commit', 'commit'],
    ['insert into "users" ("id") values ($1)', 'write'],
    ['update "pacts" set "title" = $1', 'write'],
    ['delete from "likes" where "user_id" = $1', 'write'],
    ['with moved as (update "jobs" set "run_at" = now() returning *) select * from moved', 'write'],
    ['with moved as (update "public"."jobs" as "j" set "a" = 1 returning *) select * from moved', 'write'],
    ['with x as (delete from "a" returning *) select count(*) from x', 'write'],
    ["select nextval('seq')", 'write'],
    ['truncate "users"', 'write'],
    ['create table t (id int)', 'write'],
    ['vacuum', 'write'],
  ])('%s: %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });
});

describe('writtenTables', () => {
  it.each([
    ['select * from "users"', []],
    ['insert into "chat_messages" ("id") values ($1)', ['chat_messages']],
    ['insert into "pact_likes" ("user_id") values ($1) on conflict do nothing', ['pact_likes']],
    [
      'insert into "participations" ("id") values ($1) on conflict ("id") do update set "status" = $2',
      ['participations'],
    ],
    ['update "pacts" set "title" = $1 where "pacts"."id" = $2', ['pacts']],
    ['update users set bio = $1', ['users']],
    ['update "public"."teams" as "t" set "name" = $1', ['teams']],
    ['with moved as (update "jobs" set "run_at" = now() returning *) select * from moved', ['jobs']],
    ['with moved as (update "jobs" as "j" set "run_at" = now() returning *) select * from moved', ['jobs']],
    [
      'with a as (insert into "proofs" ("id") values (1) returning *) insert into "chat_messages" select 1',
      ['proofs', 'chat_messages'],
    ],
    // What may reach tables it does not name: any.
    ['delete from "likes" where "user_id" = $1', null],
    ['with x as (delete from "a" returning *) insert into "b" select * from x', null],
    ['update "pacts" set "n" = nextval(\'seq\')', null],
    ['truncate "users"', null],
    ['create table t (id int)', null],
    ['alter table "users" add column "x" int', null],
    [undefined, null],
  ] as const)('%s: %s', (text, tables) => {
    expect(writtenTables(text)).toEqual(tables);
  });
});

describe(`database.changes counts committed writes`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const version = () => t.database.changes.version;

  it('moves after a write, not after a read, on both the app connection and the reads one', async () => {
    const who = await signUp(t.app);
    const before = version();
    await t.database.db.select().from(users).where(eq(users.id, who.user.id));
    await t.database.reads.execute(sql`select count(*) from users`);
    expect(version()).toBe(before);
    await t.database.db.update(users).set({ bio: 'moved' }).where(eq(users.id, who.user.id));
    expect(version()).toBeGreaterThan(before);
  });

  it('moves again once a transaction that wrote has committed, and not for one that only read', async () => {
    const who = await signUp(t.app);
    let insideAfterWrite = 0;
    const before = version();
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ bio: 'in a transaction' }).where(eq(users.id, who.user.id));
      insideAfterWrite = version();
    });
    expect(insideAfterWrite).toBeGreaterThan(before);
    // The commit itself: a reader that read the old row before it must not be kept.
    expect(version()).toBeGreaterThan(insideAfterWrite);

    const readOnly = version();
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, who.user.id));
    });
    expect(version()).toBe(readOnly);
  });

  it('moves for a prepared write and for raw SQL', async () => {
    const before = version();
    await t.database.db.execute(sql`update users set bio = 'raw' where false`);
    expect(version()).toBeGreaterThan(before);
    const prepared = t.database.db
      .update(users)
      .set({ bio: sql`${sql.placeholder('bio')}` })
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('changes_test_prepared_write');
    const mid = version();
    await prepared.execute({ bio: 'prepared', id: 'nobody' });
    expect(version()).toBeGreaterThan(mid);
  });

  it('moves a watch of the written table, not of others; a transaction’s tables again at its commit', async () => {
    const who = await signUp(t.app);
    const changes = t.database.changes;
    const userWatch = changes.watch(['users']);
    const other = changes.watch(['chat_messages', 'proofs']);
    const both = changes.watch(['users', 'proofs']);
    const [u, o, b] = [userWatch.version, other.version, both.version];
    await t.database.db.update(users).set({ bio: 'moved' }).where(eq(users.id, who.user.id));
    expect([userWatch.version - u, other.version - o, both.version - b]).toEqual([1, 0, 1]);

    let inside = 0;
    const before = userWatch.version;
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ bio: 'in a transaction' }).where(eq(users.id, who.user.id));
      inside = userWatch.version;
    });
    expect(inside).toBe(before + 1);
    expect(userWatch.version).toBe(before + 2);
    expect(other.version).toBe(o);

    // A delete may cascade: every watch moves.
    await t.database.db.delete(users).where(eq(users.id, 'nobody'));
    expect(other.version).toBe(o + 1);
  });

  it('shows every statement to an observer, until it is taken off', async () => {
    const seen: (string | undefined)[] = [];
    t.database.changes.observe((text) => seen.push(text));
    await t.database.db.select().from(users).limit(1);
    t.database.changes.observe(null);
    await t.database.db.select().from(users).limit(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/from "users"/);
  });
});
