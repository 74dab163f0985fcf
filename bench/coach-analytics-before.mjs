// The coach analytics queries as they were before the daily summary (issue 30 item 2): per request, the
// subscriptions, ledger and proof-completion series computed from the raw tables over 12 weekly buckets, plus
// the totals. coach-analytics.bench.mjs times them on the same database, beside the summary's lookup.
// The SQL is server/modules/coaching/repo.ts of commit 81a75e8, with the buckets inlined as literals.

const ENDED = `('canceled', 'unpaid', 'expired')`;
const DAY = 86_400_000;
const day = (d) => d.toISOString().slice(0, 10);

function weeks(now) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
  const out = [];
  for (let k = 11; k >= 0; k -= 1) {
    out.push({
      start: new Date(monday - k * 7 * DAY),
      end: k === 0 ? now : new Date(monday - (k - 1) * 7 * DAY),
    });
  }
  return out;
}

function cte(buckets) {
  const values = buckets.map(
    (b, i) =>
      `(${i}::int, '${b.start.toISOString()}'::timestamptz, '${b.end.toISOString()}'::timestamptz, '${day(b.start)}'::date, '${day(b.end)}'::date)`,
  );
  return `b(i, s, e, sd, ed) as (values ${values.join(', ')})`;
}

/** Runs the four queries one after the other, as the old service did; `c` is a pg client. */
export async function analyticsBefore(c, teamId, coachId, now = new Date()) {
  const buckets = weeks(now);
  const b = cte(buckets);
  const today = day(now);
  const first = buckets[0].start;
  const since = new Date(first.getTime() - 2 * DAY).toISOString();
  await c.query(
    `with ${b}
    select b.i,
      count(*) filter (where x.created_at < b.s and not (x.status in ${ENDED} and x.updated_at < b.s)) as members_start,
      count(*) filter (where x.created_at < b.e and not (x.status in ${ENDED} and x.updated_at < b.e)) as members_end,
      count(*) filter (where x.created_at >= b.s and x.created_at < b.e) as trials,
      count(*) filter (where x.status in ${ENDED} and x.updated_at >= b.s and x.updated_at < b.e) as churned
    from b cross join subscriptions x where x.team_id = $1 group by b.i`,
    [teamId],
  );
  await c.query(
    `with ${b},
    fc as (select subscription_id, min(created_at) as first_at from charges
           where team_id = $1 and gross_cents > 0 and subscription_id is not null group by subscription_id)
    select b.i,
      (select coalesce(sum(c.gross_cents), 0) from charges c
        where c.team_id = $1 and c.created_at >= b.s and c.created_at < b.e) as revenue,
      (select count(*) from fc where fc.first_at >= b.s and fc.first_at < b.e) as conversions,
      (select coalesce(sum(x.price_cents), 0) from subscriptions x
        where x.team_id = $1 and not (x.status in ${ENDED} and x.updated_at < b.e)
          and x.id in (select c.subscription_id from charges c
            where c.team_id = $1 and c.gross_cents > 0
              and c.created_at > b.e - interval '31 days' and c.created_at <= b.e)) as mrr
    from b`,
    [teamId],
  );
  await c.query(
    `with ${b},
    tp as (select id, total_days, schedule_days from pacts where team_id = $1),
    spans as (
      select b.i, r.a, r.z, wd from b
      join participations p on p.pact_id in (select id from tp) and p.status <> 'left' and p.user_id <> $2
      join tp on tp.id = p.pact_id
      cross join lateral (select greatest(p.start_day, b.sd) as a,
        least(p.start_day + tp.total_days - 1, b.ed - 1, '${today}'::date) as z) r
      cross join lateral unnest(tp.schedule_days) wd
      where r.z >= r.a),
    counted as (
      select i, (z - a) as n,
        ((array_position(array['sunday','monday','tuesday','wednesday','thursday','friday','saturday'], wd) - 1
          - extract(dow from a)::int + 7) % 7) as off
      from spans),
    expected as (select i, sum(case when off > n then 0 else (n - off) / 7 + 1 end) as n from counted group by i),
    done_days as (
      select recorded_day, count(*) as n from (
        select distinct pr.user_id, pr.pact_id, pr.recorded_day from proofs pr
        where pr.pact_id in (select id from tp) and pr.status = 'approved' and pr.user_id <> $2
          and pr.created_at >= '${since}'::timestamptz and pr.recorded_day >= '${day(first)}'::date) d
      group by recorded_day),
    done as (
      select b.i, sum(dd.n) as n from b
      join done_days dd on dd.recorded_day >= b.sd and dd.recorded_day < b.ed
      group by b.i)
    select b.i, coalesce(expected.n, 0) as expected, coalesce(done.n, 0) as done
    from b left join expected on expected.i = b.i left join done on done.i = b.i`,
    [teamId, coachId],
  );
}
