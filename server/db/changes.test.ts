import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { statementKind } from './changes';
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
    ['with x as (delete from "a" returning *) select count(*) from x', 'write'],
    ["select nextval('seq')", 'write'],
    ['truncate "users"', 'write'],
    ['create table t (id int)', 'write'],
    ['vacuum', 'write'],
  ])('%s: %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
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
});
