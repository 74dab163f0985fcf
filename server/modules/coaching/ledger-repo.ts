import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The money of the daily summary (team_daily_stats: revenue, net, conversions, MRR), docs/ANALYTICS.md "Money".
 * A ledger row adds to its day's row in the ledger's own transaction (`addToDay`); settling sets a day's money
 * from the ledger and its MRR at its end (`settleMoney`), which is also the backfill of rows written before the
 * money columns (their `mrr_cents` is null).
 */

const ENDED = sql`('canceled', 'unpaid', 'expired')`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * One ledger row added to its day's row, when that row exists (a day not yet written takes its money from the
 * ledger when it is). A subscription's first payment counts as a conversion on its day: a payment recorded with an
 * earlier time than the one counted so far (events out of order) moves the conversion to its own day.
 */
export async function addToDay(
  db: Db,
  row: {
    id: number;
    teamId: number;
    subscriptionId: number | null;
    grossCents: number;
    netCents: number;
    at: Date;
  },
) {
  const day = row.at.toISOString().slice(0, 10);
  let moveFrom: string | null = null;
  let converts = false;
  if (row.grossCents > 0 && row.subscriptionId !== null) {
    const [first] = await rows<{ at: string | Date | null }>(
      db,
      sql`select min(created_at) as at from charges where subscription_id = ${row.subscriptionId}
        and gross_cents > 0 and id <> ${row.id}`,
    );
    const before = first?.at ? new Date(first.at) : null;
    converts = before === null || before.getTime() > row.at.getTime();
    if (before && converts) moveFrom = before.toISOString().slice(0, 10);
  }
  await db.execute(sql`update team_daily_stats set revenue_cents = revenue_cents + ${row.grossCents},
    net_cents = net_cents + ${row.netCents}, conversions = conversions + ${converts ? 1 : 0}, updated_at = now()
    where team_id = ${row.teamId} and day = ${day}::date`);
  if (moveFrom) {
    await db.execute(sql`update team_daily_stats set conversions = conversions - 1, updated_at = now()
      where team_id = ${row.teamId} and day = ${moveFrom}::date`);
  }
}

/**
 * Sets, for the team's rows that need it, the day's revenue, net and conversions from the ledger and the MRR at
 * the day's end (or `now`, for today): rows never settled (`mrr_cents` null), days over but not yet closed, and
 * today's row when `refreshToday`. A day before `today` is closed by it and never settled again.
 *
 * MRR at an instant e: the prices of the subscriptions not ended before e that were paid for in the 31 days up to
 * e (a charge at t counts for e with t <= e < t + 31 days), as the ledger series defined it.
 */
export async function settleMoney(db: Db, teamId: number, today: string, now: Date, refreshToday: boolean) {
  const at = now.toISOString();
  await db.execute(sql`
    with d as (
      select day, least((day + 1)::timestamp at time zone 'UTC', ${at}::timestamptz) as e,
        day::timestamp at time zone 'UTC' as s
      from team_daily_stats where team_id = ${teamId} and day <= ${today}::date
        and (mrr_cents is null or (not closed and day < ${today}::date)
          or (${refreshToday} and day = ${today}::date))),
    fc as (select min(created_at) as first_at from charges where team_id = ${teamId} and gross_cents > 0
           and subscription_id is not null group by subscription_id),
    money as (
      select d.day,
        (select coalesce(sum(gross_cents), 0) from charges c where c.team_id = ${teamId}
          and c.created_at >= d.s and c.created_at < d.s + interval '1 day') as revenue,
        (select coalesce(sum(coach_net_cents), 0) from charges c where c.team_id = ${teamId}
          and c.created_at >= d.s and c.created_at < d.s + interval '1 day') as net,
        (select count(*) from fc where fc.first_at >= d.s and fc.first_at < d.s + interval '1 day') as conversions,
        (select coalesce(sum(x.price_cents), 0) from subscriptions x
          where x.team_id = ${teamId} and not (x.status in ${ENDED} and x.updated_at < d.e)
            and x.id in (select c.subscription_id from charges c where c.team_id = ${teamId}
              and c.gross_cents > 0 and c.subscription_id is not null
              and c.created_at > d.e - interval '31 days' and c.created_at <= d.e)) as mrr
      from d)
    update team_daily_stats t set revenue_cents = money.revenue, net_cents = money.net,
      conversions = money.conversions, mrr_cents = money.mrr, closed = t.day < ${today}::date, updated_at = now()
    from money where t.team_id = ${teamId} and t.day = money.day`);
}

/** Whether any of the team's rows up to today still needs settling (never settled, or over and not closed). */
export async function needsSettling(db: Db, teamId: number, today: string): Promise<boolean> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from team_daily_stats where team_id = ${teamId} and day <= ${today}::date
      and (mrr_cents is null or (not closed and day < ${today}::date))`,
  );
  return Number(row?.n ?? 0) > 0;
}
