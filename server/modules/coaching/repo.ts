import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';

/**
 * Coach analytics read model: reads the teams and subscriptions tables (the daily summary's SQL is in
 * daily-repo.ts and ledger-repo.ts).
 */

/** One bucket of the series: [start, end) as instants and as UTC dates. */
export interface Bucket {
  start: Date;
  end: Date;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
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
 * Totals now that are counts of the team's subscriptions (one range of its rows by the (team_id, user_id) index;
 * no charges: conversions and the coach's net are sums of the daily summary). A trial is over once its
 * subscription left the trial (converted, or ended) or its end has passed.
 */
export async function totals(db: Db, teamId: number, now: Date, graceStart: Date) {
  const [row] = await rows<{
    trials: Num;
    trialing: Num;
    active: Num;
    with_access: Num;
    trials_over: Num;
  }>(
    db,
    sql`select
      count(*) as trials,
      count(*) filter (where x.status = 'trialing') as trialing,
      count(*) filter (where x.status = 'active') as active,
      count(*) filter (where x.status in ('trialing', 'active')
        or (x.status = 'past_due' and x.current_period_end > ${graceStart.toISOString()}::timestamptz)) as with_access,
      count(*) filter (where x.status <> 'trialing'
        or coalesce(x.trial_ends_at, x.created_at) <= ${now.toISOString()}::timestamptz) as trials_over
    from subscriptions x where x.team_id = ${teamId}`,
  );
  return row!;
}
