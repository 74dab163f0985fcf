import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProPactVia } from '../pacts/testing';
import { type Bucket, ledgerSeries } from './repo';
import { bucketsOf } from './service';

/**
 * The ledger's figures per bucket (revenue, conversions, MRR at the bucket's end) as one pass over the charges
 * (repo.ts, width_bucket) equal their plain definition, charges on bucket boundaries and 31 days before an end
 * included.
 */
let t: TestApp;
let teamId: number;
const DAY = 86_400_000;
const NOW = new Date('2026-11-18T15:30:00Z');
const ENDED = ['canceled', 'unpaid', 'expired'];
type Sub = { id: number; status: string; price: number; updatedAt: Date };
type Charge = { sub: number; gross: number; at: Date };
const subs: Sub[] = [];
const charges: Charge[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const coach = await signUp(t.app, { firstName: 'Casey' });
  teamId = (await createProPactVia(t.app, coach, 'Ledger')).teamId!;
  const weeks = bucketsOf('week', NOW);
  const months = bucketsOf('month', NOW);
  // Times that matter: bucket starts and ends exactly, 31 days before an end (out) and a tick after it (in).
  const edges = [...weeks, ...months].flatMap((b) => [
    b.start,
    new Date(b.end.getTime() - 31 * DAY),
    new Date(b.end.getTime() - 31 * DAY + 1),
    new Date(b.end.getTime() - 1),
  ]);
  for (let i = 0; i < 12; i += 1) {
    const who = await signUp(t.app, { firstName: `M${i}` });
    const status = ['active', 'canceled', 'trialing', 'expired'][i % 4]!;
    const updatedAt = new Date(NOW.getTime() - (i * 23 + 5) * DAY);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into subscriptions (team_id, user_id, status, price_cents, current_period_end, provider,
          created_at, updated_at) values (${teamId}, ${who.user.id}, ${status}, ${1000 + i * 100},
          ${NOW.toISOString()}, 'test', ${new Date(NOW.getTime() - 400 * DAY).toISOString()},
          ${updatedAt.toISOString()}) returning id`,
    );
    subs.push({ id: row!.id, status, price: 1000 + i * 100, updatedAt });
    for (let k = 0; k < 6; k += 1) {
      const at =
        k < 3 ? edges[(i * 7 + k * 11) % edges.length]! : new Date(NOW.getTime() - (i * 13 + k * 29) * DAY);
      const gross = k === 5 ? -500 : 2000;
      if (at.getTime() >= NOW.getTime()) continue;
      await t.database.db.execute(sql`insert into charges (provider_ref, subscription_id, team_id, gross_cents,
        platform_fee_cents, coach_net_cents, currency, created_at) values (${`ref-${i}-${k}`}, ${row!.id},
        ${teamId}, ${gross}, 0, ${gross}, 'usd', ${at.toISOString()})`);
      charges.push({ sub: row!.id, gross, at });
    }
  }
});
afterAll(() => t?.close());

/** The definition, bucket by bucket. */
function expected(buckets: Bucket[]) {
  const firstPaid = new Map<number, number>();
  for (const c of charges)
    if (c.gross > 0) firstPaid.set(c.sub, Math.min(firstPaid.get(c.sub) ?? Infinity, c.at.getTime()));
  return buckets.map((b, i) => {
    const [s, e] = [b.start.getTime(), b.end.getTime()];
    const inside = (x: number) => x >= s && x < e;
    const paid = new Set(
      charges
        .filter((c) => c.gross > 0 && c.at.getTime() > e - 31 * DAY && c.at.getTime() <= e)
        .map((c) => c.sub),
    );
    const mrr = subs
      .filter((x) => paid.has(x.id) && !(ENDED.includes(x.status) && x.updatedAt.getTime() < e))
      .reduce((sum, x) => sum + x.price, 0);
    return {
      i,
      revenue: charges.filter((c) => inside(c.at.getTime())).reduce((sum, c) => sum + c.gross, 0),
      conversions: [...firstPaid.values()].filter(inside).length,
      mrr,
    };
  });
}

describe('the ledger series', () => {
  it.each(['week', 'month'] as const)('equals the definition by %s', async (period) => {
    const buckets = bucketsOf(period, NOW);
    const rows = await ledgerSeries(t.database.db, teamId, buckets);
    const got = rows
      .map((r) => ({
        i: Number(r.i),
        revenue: Number(r.revenue),
        conversions: Number(r.conversions),
        mrr: Number(r.mrr),
      }))
      .sort((a, b) => a.i - b.i);
    expect(got).toEqual(expected(buckets));
    expect(got.some((r) => r.mrr > 0) && got.some((r) => r.revenue !== 0)).toBe(true);
  });
});
