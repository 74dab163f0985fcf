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
const TICK = sql`interval '1 microsecond'`;

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
 *
 * The buckets are contiguous, so each charge finds its bucket by `width_bucket` over their starts (one pass, no
 * join of every charge to every bucket), and only the charges from 31 days before the first bucket to the end of
 * the last are read, by the (team_id, created_at) index. A payment counts towards the MRR of the bucket ends in the
 * 31 days after it (ends e with t <= e < t + 31 days): a range of bucket numbers, found by `width_bucket` (which
 * counts the ends at or before its operand) one tick (a microsecond, timestamptz's resolution) before each bound.
 */
export function ledgerSeries(db: Db, teamId: number, buckets: Bucket[]) {
  const first = buckets[0]!.start.toISOString();
  const last = buckets[buckets.length - 1]!.end.toISOString();
  const starts = sql`array[${sql.join(
    buckets.map((b) => sql`${b.start.toISOString()}`),
    sql`, `,
  )}]::timestamptz[]`;
  const ends = sql`array[${sql.join(
    buckets.map((b) => sql`${b.end.toISOString()}`),
    sql`, `,
  )}]::timestamptz[]`;
  return rows<{ i: number; revenue: Num; conversions: Num; mrr: Num }>(
    db,
    sql`with b(i, e) as (select i - 1, e from unnest(${ends}) with ordinality as u(e, i)),
    pc as (select subscription_id, gross_cents, created_at from charges where team_id = ${teamId}
           and created_at > ${first}::timestamptz - interval '31 days' and created_at < ${last}::timestamptz),
    rev as (select width_bucket(created_at, ${starts}) - 1 as i, sum(gross_cents) as n from pc
            where created_at >= ${first}::timestamptz group by 1),
    fc as (select min(created_at) as first_at from charges where team_id = ${teamId} and gross_cents > 0
           and subscription_id is not null and created_at < ${last}::timestamptz group by subscription_id),
    conv as (select width_bucket(first_at, ${starts}) - 1 as i, count(*) as n from fc
             where first_at >= ${first}::timestamptz group by 1),
    paid as (select distinct k.i, pc.subscription_id from pc
             cross join lateral generate_series(width_bucket(pc.created_at - ${TICK}, ${ends}),
               width_bucket(pc.created_at + interval '31 days' - ${TICK}, ${ends}) - 1) as k(i)
             where pc.gross_cents > 0 and pc.subscription_id is not null),
    mrr as (select paid.i, sum(x.price_cents) as n from paid join b on b.i = paid.i
            join subscriptions x on x.id = paid.subscription_id
            where not (x.status in ${ENDED} and x.updated_at < b.e) group by paid.i)
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
