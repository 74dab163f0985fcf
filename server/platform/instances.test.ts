import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { claimInstance, InstanceRefused, NEEDS_REDIS_MESSAGE, STALE_MS } from './instances';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const noBeat = { heartbeatMs: 0 } as const;

describe('instances on one database', () => {
  it('refuses a second instance without REDIS_URL, naming REDIS_URL, and takes it once the first has stopped', async () => {
    const first = await claimInstance(db(), { withRedis: false, host: 'app-1', ...noBeat });
    const second = claimInstance(db(), { withRedis: false, host: 'app-2', ...noBeat });
    await expect(second).rejects.toBeInstanceOf(InstanceRefused);
    await expect(second).rejects.toThrow(/REDIS_URL/);
    await expect(second).rejects.toThrow(/running on: app-1/);
    await first.release();
    const again = await claimInstance(db(), { withRedis: false, host: 'app-2', ...noBeat });
    await again.release();
  });

  it('lets instances that all run with Redis share the database, and refuses one without it among them', async () => {
    const a = await claimInstance(db(), { withRedis: true, ...noBeat });
    const b = await claimInstance(db(), { withRedis: true, ...noBeat });
    await expect(claimInstance(db(), { withRedis: false, ...noBeat })).rejects.toThrow(NEEDS_REDIS_MESSAGE);
    await a.release();
    await b.release();
  });

  it('forgets an instance whose heartbeat stopped (a crash) after the stale time', async () => {
    const crashed = await claimInstance(db(), { withRedis: false, ...noBeat });
    await expect(claimInstance(db(), { withRedis: false, ...noBeat })).rejects.toBeInstanceOf(
      InstanceRefused,
    );
    await db().execute(
      sql`update live_instances set heartbeat_at = now() - make_interval(secs => ${STALE_MS / 1000 + 1})
          where id = ${crashed.id}`,
    );
    const next = await claimInstance(db(), { withRedis: false, ...noBeat });
    await next.release();
  });
});
