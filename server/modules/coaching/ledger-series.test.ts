import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { coachTotals, recordCharge, recordRefund } from '../billing/service';
import { createProPactVia } from '../pacts/testing';
import type { DayRow } from './daily-repo';
import { settleMoney } from './ledger-repo';
import type { Bucket } from './repo';
import { bucketsOf, fromDays } from './service';

/**
 * The daily summary's money (docs/ANALYTICS.md, "Money"): rows from before the money columns settled from the
 * ledger (the backfill) give per bucket the revenue, conversions and MRR of their plain definition, charges on
 * bucket boundaries and 31 days before an end included; the ledger's own writes then keep the rows equal to the
 * ledger, summed both ways.
 */
let t: TestApp;
let teamId: number;
let coachId: string;
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
  coachId = coach.user.id;
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
        platform_fee_cents, coach_net_cents, currency, created_at, coach_id) values (${`ref-${i}-${k}`}, ${row!.id},
        ${teamId}, ${gross}, 0, ${gross}, 'usd', ${at.toISOString()}, ${coachId})`);
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

const TODAY = NOW.toISOString().slice(0, 10);

/** The team's rows as the analytics read them. */
async function days(): Promise<DayRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select day::text as day, members, new_members, churned, proofs_due, proofs_done, revenue_cents,
      net_cents, conversions, mrr_cents, closed from team_daily_stats where team_id = ${teamId} order by day`,
  );
  return rows.map((r) => ({
    teamId,
    day: String(r.day),
    members: Number(r.members),
    newMembers: Number(r.new_members),
    churned: Number(r.churned),
    proofsDue: Number(r.proofs_due),
    proofsDone: Number(r.proofs_done),
    revenueCents: Number(r.revenue_cents),
    netCents: Number(r.net_cents),
    conversions: Number(r.conversions),
    mrrCents: r.mrr_cents === null ? null : Number(r.mrr_cents),
    closed: Boolean(r.closed),
    updatedAt: new Date(),
  }));
}

const ledgerSums = async () =>
  (
    await queryRows<{ gross: string; net: string }>(
      t.database.db,
      sql`select coalesce(sum(gross_cents), 0) as gross, coalesce(sum(coach_net_cents), 0) as net from charges
        where team_id = ${teamId}`,
    )
  )[0]!;

describe('the money of the daily summary', () => {
  it('is backfilled from the ledger: rows from before the money columns are settled at their day ends', async () => {
    // Rows as the summary held them before: every day, no money, never settled (mrr_cents null).
    await t.database.db.execute(sql`insert into team_daily_stats (team_id, day)
      select ${teamId}, g::date from generate_series(${TODAY}::date - 420, ${TODAY}::date, interval '1 day') g
      on conflict do nothing`);
    await t.database.db.execute(sql`update team_daily_stats set mrr_cents = null, closed = false,
      revenue_cents = 0, net_cents = 0, conversions = 0 where team_id = ${teamId}`);
    await settleMoney(t.database.db, teamId, TODAY, NOW, true);
    const rows = await days();
    expect(rows.every((r) => r.mrrCents !== null && r.closed === r.day < TODAY)).toBe(true);
    const sums = await ledgerSums();
    expect(rows.reduce((s, r) => s + r.revenueCents, 0)).toBe(Number(sums.gross));
    expect(rows.reduce((s, r) => s + r.netCents, 0)).toBe(Number(sums.net));
  });

  it.each(['week', 'month'] as const)('equals the definition by %s', async (period) => {
    const buckets = bucketsOf(period, NOW);
    const got = fromDays(buckets, await days(), TODAY).map((r, i) => ({
      i,
      revenue: r.revenue,
      conversions: r.conversions,
      mrr: r.mrr,
    }));
    expect(got).toEqual(expected(buckets));
    expect(got.some((r) => r.mrr > 0) && got.some((r) => r.revenue !== 0)).toBe(true);
  });

  it("adds each charge and refund to its day in the ledger's transaction: equal both ways, to the cent", async () => {
    const [sub] = subs;
    const at = new Date(NOW.getTime() - 2 * DAY);
    await recordCharge(t.database.db, {
      providerRef: 'hook-charge',
      grossCents: 2901,
      subscriptionId: sub!.id,
      teamId,
      userId: null,
      coachId,
      at,
    });
    await recordRefund(t.database.db, {
      providerRef: 'hook-refund',
      chargeRef: 'hook-charge',
      amountCents: 1001,
      at,
    });
    // A replay writes nothing, here or there.
    await recordCharge(t.database.db, {
      providerRef: 'hook-charge',
      grossCents: 2901,
      subscriptionId: sub!.id,
      teamId,
      userId: null,
      coachId,
      at,
    });
    const rows = await days();
    const sums = await ledgerSums();
    expect(rows.reduce((s, r) => s + r.revenueCents, 0)).toBe(Number(sums.gross));
    expect(rows.reduce((s, r) => s + r.netCents, 0)).toBe(Number(sums.net));
    const day = rows.find((r) => r.day === at.toISOString().slice(0, 10))!;
    const [fresh] = await queryRows<{ gross: string; net: string }>(
      t.database.db,
      sql`select sum(gross_cents) as gross, sum(coach_net_cents) as net from charges where team_id = ${teamId}
        and created_at >= ${`${day.day}T00:00:00Z`}::timestamptz and created_at < ${`${day.day}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    expect([day.revenueCents, day.netCents]).toEqual([Number(fresh!.gross), Number(fresh!.net)]);
    // The coach's payout figures (the earnings screen's) are the same sums.
    const ledger = await coachTotals(t.app.ctx, coachId);
    expect(rows.reduce((s, r) => s + r.netCents, 0)).toBe(ledger.coachNetCents);
  });
});
