import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamDailyStats, teams } from '../../db/schema';

/**
 * The daily summary (team_daily_stats): its writes, and the reads of subscriptions, participations and proofs
 * that compute it. Days are the billing clock's UTC days. `shift` is the billing clock's lead over the wall clock
 * in whole days (0 with Stripe): proofs and participations are dated on the wall clock, so billing day d holds
 * the workouts of wall day d - shift (docs/ANALYTICS.md, "One clock").
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ENDED = sql`('canceled', 'unpaid', 'expired')`;

export type DayRow = typeof teamDailyStats.$inferSelect;

export function teamOf(db: Db, teamId: number) {
  return db
    .select({ id: teams.id, coachId: teams.coachId, createdAt: teams.createdAt })
    .from(teams)
    .where(eq(teams.id, teamId))
    .then((r) => r[0]);
}

export function allTeamIds(db: Db) {
  return db.select({ id: teams.id }).from(teams).orderBy(teams.id);
}

export async function teamOfPact(db: Db, pactId: number): Promise<number | null> {
  const [row] = await rows<{ team_id: number | null }>(
    db,
    sql`select team_id from pacts where id = ${pactId}`,
  );
  return row?.team_id ?? null;
}

export function daysOf(db: Db, teamId: number, from: string) {
  return db
    .select()
    .from(teamDailyStats)
    .where(and(eq(teamDailyStats.teamId, teamId), gte(teamDailyStats.day, from)))
    .orderBy(asc(teamDailyStats.day));
}

/** Sums of all the team's rows (the totals), its last written day and how many rows up to today are unsettled. */
export async function sumsOf(db: Db, teamId: number, today: string) {
  const [row] = await rows<{ net: Num; conversions: Num; last_day: string | null; unsettled: Num }>(
    db,
    sql`select coalesce(sum(net_cents), 0) as net, coalesce(sum(conversions), 0) as conversions,
      max(day)::text as last_day,
      count(*) filter (where day <= ${today}::date and (mrr_cents is null or (not closed and day < ${today}::date)))
        as unsettled
    from team_daily_stats where team_id = ${teamId}`,
  );
  return {
    netCents: Number(row?.net ?? 0),
    conversions: Number(row?.conversions ?? 0),
    lastDay: row?.last_day ?? null,
    unsettled: Number(row?.unsettled ?? 0),
  };
}

type Num = number | string;

export async function lastDay(db: Db, teamId: number): Promise<DayRow | undefined> {
  const [row] = await db
    .select()
    .from(teamDailyStats)
    .where(eq(teamDailyStats.teamId, teamId))
    .orderBy(sql`${teamDailyStats.day} desc`)
    .limit(1);
  return row;
}

/** Members with access now (the teams rule: trialing, active, past due within the grace). */
export async function membersNow(db: Db, teamId: number, graceStart: Date): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from subscriptions where team_id = ${teamId} and (status in ('trialing', 'active')
      or (status = 'past_due' and current_period_end > ${graceStart.toISOString()}::timestamptz))`,
  );
  return Number(row?.n ?? 0);
}

/** Today's counters after a subscription change: adds the deltas and sets members, atomically. */
export async function bumpDay(
  db: Db,
  teamId: number,
  day: string,
  change: { members: number; newMembers: number; churned: number },
) {
  await db
    .insert(teamDailyStats)
    .values({ teamId, day, ...change })
    .onConflictDoUpdate({
      target: [teamDailyStats.teamId, teamDailyStats.day],
      set: {
        members: change.members,
        newMembers: sql`${teamDailyStats.newMembers} + ${change.newMembers}`,
        churned: sql`${teamDailyStats.churned} + ${change.churned}`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Days never written: no subscription changed on them (a change writes its day), so members carry over from the
 * day before and nobody started or left. (The server being down at the boundary is the other way to miss one.)
 */
export async function insertMissingDays(db: Db, teamId: number, from: string, to: string, members: number) {
  await db.execute(sql`
    insert into team_daily_stats (team_id, day, members)
    select ${teamId}, g::date, ${members}
    from generate_series(${from}::date, ${to}::date, interval '1 day') g
    on conflict (team_id, day) do nothing`);
}

/**
 * The first fill of a team older than the summary: each day's members, new and churned read once from the
 * subscriptions as they are now (a returning member's reused row shows their latest start only).
 */
export async function insertHistoricalDays(db: Db, teamId: number, from: string, to: string) {
  await db.execute(sql`
    insert into team_daily_stats (team_id, day, members, new_members, churned)
    select ${teamId}, d.day,
      (select count(*) from subscriptions s where s.team_id = ${teamId}
        and s.created_at < (d.day + 1)::timestamp at time zone 'UTC'
        and not (s.status in ${ENDED} and coalesce(s.ended_at, s.updated_at) < (d.day + 1)::timestamp at time zone 'UTC')),
      (select count(*) from subscriptions s where s.team_id = ${teamId}
        and s.created_at >= d.day::timestamp at time zone 'UTC' and s.created_at < (d.day + 1)::timestamp at time zone 'UTC'),
      (select count(*) from subscriptions s where s.team_id = ${teamId} and s.status in ${ENDED}
        and coalesce(s.ended_at, s.updated_at) >= d.day::timestamp at time zone 'UTC'
        and coalesce(s.ended_at, s.updated_at) < (d.day + 1)::timestamp at time zone 'UTC')
    from (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g) d
    on conflict (team_id, day) do nothing`);
}

export async function firstDay(db: Db, teamId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ day: teamDailyStats.day })
    .from(teamDailyStats)
    .where(eq(teamDailyStats.teamId, teamId))
    .orderBy(asc(teamDailyStats.day))
    .limit(1);
  return row?.day;
}

/**
 * Recomputes the proof figures of days [from, to]: scheduled days of participants (not the coach, not those who
 * left) who had access that day, inside their participation's span, and how many of them have an approved proof.
 * Access on billing day d: the subscription began before the day ended and had not ended before it began.
 */
export async function refreshProofDays(
  db: Db,
  team: { id: number; coachId: string },
  from: string,
  to: string,
  shift: number,
) {
  await db.execute(sql`
    with days as (
      select g::date as d, (g::date - ${shift}::int) as w
      from generate_series(${from}::date, ${to}::date, interval '1 day') g),
    tp as (select id, total_days, schedule_days from pacts where team_id = ${team.id}),
    held as (
      select days.d, days.w, p.user_id, p.pact_id from days
      join participations p on p.pact_id in (select id from tp) and p.status <> 'left'
        and p.user_id <> ${team.coachId}
      join tp on tp.id = p.pact_id
      where days.w >= p.start_day and days.w < p.start_day + tp.total_days
        and trim(to_char(days.w, 'day')) = any(tp.schedule_days)
        and exists (select 1 from subscriptions s where s.team_id = ${team.id} and s.user_id = p.user_id
          and s.created_at < (days.w + 1)::timestamp at time zone 'UTC'
          and (s.status not in ${ENDED} or coalesce(s.ended_at, s.updated_at) >= days.d::timestamp at time zone 'UTC'))),
    figures as (
      select h.d, count(*) as due,
        count(*) filter (where exists (select 1 from proofs pr where pr.recorded_day = h.w
          and pr.status = 'approved' and pr.counts and pr.user_id = h.user_id and pr.pact_id = h.pact_id)) as done
      from held h group by h.d)
    insert into team_daily_stats (team_id, day, proofs_due, proofs_done)
    select ${team.id}, days.d, coalesce(f.due, 0), coalesce(f.done, 0)
    from days left join figures f on f.d = days.d
    on conflict (team_id, day) do update set proofs_due = excluded.proofs_due,
      proofs_done = excluded.proofs_done, updated_at = now()`);
}
