import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';

/**
 * Coach analytics read model: reads the teams, subscriptions, charges, pacts, participations and proofs tables
 * (reads may join any table; this module writes none). The only SQL of the coaching module.
 */

/** One bucket of the series: [start, end) as instants and as UTC dates. */
export interface Bucket {
  start: Date;
  end: Date;
}

const ENDED = sql`('canceled', 'unpaid', 'expired')`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The buckets as a VALUES list `b(i, s, e, sd, ed)`. */
function bucketsCte(buckets: Bucket[]): SQL {
  const values = buckets.map(
    (b, i) =>
      sql`(${i}::int, ${b.start.toISOString()}::timestamptz, ${b.end.toISOString()}::timestamptz, ${day(b.start)}::date, ${day(b.end)}::date)`,
  );
  return sql`b(i, s, e, sd, ed) as (values ${sql.join(values, sql`, `)})`;
}

export async function findTeam(db: Db, teamId: number) {
  const [row] = await db
    .select({
      id: teams.id,
      name: teams.name,
      coachId: teams.coachId,
      priceCents: teams.subscriptionPrice,
      createdAt: teams.createdAt,
    })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

type Num = number | string;

/**
 * Per bucket, from the ledger: revenue (charges less refunds), conversions (a subscription's first payment), and
 * the monthly recurring revenue at its end: the prices of subscriptions not ended then that were paid for in the
 * 31 days before.
 */
export function ledgerSeries(db: Db, teamId: number, buckets: Bucket[]) {
  // One read of the team's charges, joined to the twelve buckets (no subquery per bucket).
  return rows<{ i: number; revenue: Num; conversions: Num; mrr: Num }>(
    db,
    sql`with ${bucketsCte(buckets)},
    pc as (select subscription_id, gross_cents, created_at from charges where team_id = ${teamId}),
    rev as (select b.i, sum(pc.gross_cents) as n from b join pc on pc.created_at >= b.s and pc.created_at < b.e
            group by b.i),
    fc as (select subscription_id, min(created_at) as first_at from pc
           where gross_cents > 0 and subscription_id is not null group by subscription_id),
    conv as (select b.i, count(*) as n from b join fc on fc.first_at >= b.s and fc.first_at < b.e group by b.i),
    paid as (select distinct b.i, b.e, pc.subscription_id from b join pc on pc.gross_cents > 0
             and pc.subscription_id is not null and pc.created_at > b.e - interval '31 days' and pc.created_at <= b.e),
    mrr as (select paid.i, sum(x.price_cents) as n from paid join subscriptions x on x.id = paid.subscription_id
            where not (x.status in ${ENDED} and x.updated_at < paid.e) group by paid.i)
    select b.i, coalesce(rev.n, 0) as revenue, coalesce(conv.n, 0) as conversions, coalesce(mrr.n, 0) as mrr
    from b left join rev on rev.i = b.i left join conv on conv.i = b.i left join mrr on mrr.i = b.i`,
  );
}

/** Totals now: subscriptions by state, trials over, conversions, the coach's net from the ledger. */
export async function totals(db: Db, teamId: number, now: Date, graceStart: Date) {
  const [row] = await rows<{
    trials: Num;
    trialing: Num;
    active: Num;
    with_access: Num;
    trials_over: Num;
    conversions: Num;
    coach_net: Num;
  }>(
    db,
    sql`with fc as (select distinct subscription_id from charges
                    where team_id = ${teamId} and gross_cents > 0 and subscription_id is not null)
    select
      count(*) as trials,
      count(*) filter (where x.status = 'trialing') as trialing,
      count(*) filter (where x.status = 'active') as active,
      count(*) filter (where x.status in ('trialing', 'active')
        or (x.status = 'past_due' and x.current_period_end > ${graceStart.toISOString()}::timestamptz)) as with_access,
      count(*) filter (where x.id in (select subscription_id from fc)
        or coalesce(x.trial_ends_at, x.created_at) <= ${now.toISOString()}::timestamptz
        or x.status in ${ENDED}) as trials_over,
      count(*) filter (where x.id in (select subscription_id from fc)) as conversions,
      (select coalesce(sum(coach_net_cents), 0) from charges where team_id = ${teamId}) as coach_net
    from subscriptions x where x.team_id = ${teamId}`,
  );
  return row!;
}
