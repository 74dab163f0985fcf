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
    .select({ id: teams.id, name: teams.name, coachId: teams.coachId, priceCents: teams.subscriptionPrice })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

type Num = number | string;

/** Per bucket: members at its start and end, trials started, subscriptions ended (from the subscriptions). */
export function subscriptionSeries(db: Db, teamId: number, buckets: Bucket[]) {
  return rows<{ i: number; members_start: Num; members_end: Num; trials: Num; churned: Num }>(
    db,
    sql`with ${bucketsCte(buckets)}
    select b.i,
      count(*) filter (where x.created_at < b.s and not (x.status in ${ENDED} and x.updated_at < b.s)) as members_start,
      count(*) filter (where x.created_at < b.e and not (x.status in ${ENDED} and x.updated_at < b.e)) as members_end,
      count(*) filter (where x.created_at >= b.s and x.created_at < b.e) as trials,
      count(*) filter (where x.status in ${ENDED} and x.updated_at >= b.s and x.updated_at < b.e) as churned
    from b cross join subscriptions x
    where x.team_id = ${teamId}
    group by b.i`,
  );
}

/**
 * Per bucket, from the ledger: revenue (charges less refunds), conversions (a subscription's first payment), and
 * the monthly recurring revenue at its end: the prices of subscriptions not ended then that were paid for in the
 * 31 days before.
 */
export function ledgerSeries(db: Db, teamId: number, buckets: Bucket[]) {
  return rows<{ i: number; revenue: Num; conversions: Num; mrr: Num }>(
    db,
    sql`with ${bucketsCte(buckets)},
    fc as (select subscription_id, min(created_at) as first_at from charges
           where team_id = ${teamId} and gross_cents > 0 and subscription_id is not null group by subscription_id)
    select b.i,
      (select coalesce(sum(c.gross_cents), 0) from charges c
        where c.team_id = ${teamId} and c.created_at >= b.s and c.created_at < b.e) as revenue,
      (select count(*) from fc where fc.first_at >= b.s and fc.first_at < b.e) as conversions,
      (select coalesce(sum(x.price_cents), 0) from subscriptions x
        where x.team_id = ${teamId} and not (x.status in ${ENDED} and x.updated_at < b.e)
          and x.id in (select c.subscription_id from charges c
            where c.team_id = ${teamId} and c.gross_cents > 0
              and c.created_at > b.e - interval '31 days' and c.created_at <= b.e)) as mrr
    from b`,
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

/**
 * Per bucket: scheduled workout days of the team's Pacts' participants (not those who left, not the coach; those
 * whose access ended only before it ended) up to `today`, and the distinct days they have an approved proof for. Weekdays are counted in closed form per
 * scheduled weekday, so the cost grows with participations, not with days.
 */
export function completionSeries(db: Db, teamId: number, coachId: string, buckets: Bucket[], today: string) {
  const first = buckets[0]!.start;
  const since = new Date(first.getTime() - 2 * 86_400_000).toISOString();
  return rows<{ i: number; expected: Num; done: Num }>(
    db,
    sql`with ${bucketsCte(buckets)},
    tp as (select id, total_days, schedule_days from pacts where team_id = ${teamId}),
    spans as (
      select b.i, r.a, r.z, wd from b
      join participations p on p.pact_id in (select id from tp) and p.status <> 'left' and p.user_id <> ${coachId}
      join tp on tp.id = p.pact_id
      -- An ended participation (team access gone) counts only the days before it ended.
      cross join lateral (select greatest(p.start_day, b.sd) as a,
        least(p.start_day + tp.total_days - 1, b.ed - 1, ${today}::date,
          case when p.status = 'ended' then (p.completed_at at time zone 'UTC')::date - 1 end) as z) r
      cross join lateral unnest(tp.schedule_days) wd
      where r.z >= r.a),
    counted as (
      select i, (z - a) as n,
        ((array_position(array['sunday','monday','tuesday','wednesday','thursday','friday','saturday'], wd) - 1
          - extract(dow from a)::int + 7) % 7) as off
      from spans),
    expected as (select i, sum(case when off > n then 0 else (n - off) / 7 + 1 end) as n from counted group by i),
    -- Distinct proof days per day first (a few hundred rows), then into the buckets: no range join over proofs.
    done_days as (
      select recorded_day, count(*) as n from (
        select distinct pr.user_id, pr.pact_id, pr.recorded_day from proofs pr
        where pr.pact_id in (select id from tp) and pr.status = 'approved' and pr.user_id <> ${coachId}
          and pr.created_at >= ${since}::timestamptz and pr.recorded_day >= ${day(first)}::date) d
      group by recorded_day),
    done as (
      select b.i, sum(dd.n) as n from b
      join done_days dd on dd.recorded_day >= b.sd and dd.recorded_day < b.ed
      group by b.i)
    select b.i, coalesce(expected.n, 0) as expected, coalesce(done.n, 0) as done
    from b left join expected on expected.i = b.i left join done on done.i = b.i`,
  );
}
