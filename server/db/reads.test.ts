import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const planCacheMode = async (db: TestApp['database']['db']) => {
  const result = await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
  return (result as unknown as { rows: { plan_cache_mode: string }[] }).rows[0]?.plan_cache_mode;
};

describe('database.reads (prepared hot reads with one plan)', () => {
  it('reads through connections that reuse generic plans on PostgreSQL, and is the one connection on PGlite', async () => {
    if (t.database.kind === 'postgres') {
      expect(await planCacheMode(t.database.reads)).toBe('force_generic_plan');
      // Everything else keeps PostgreSQL's default choice between a generic and a custom plan.
      expect(await planCacheMode(t.database.db)).toBe('auto');
    } else {
      expect(t.database.reads).toBe(t.database.db);
    }
  });
});
