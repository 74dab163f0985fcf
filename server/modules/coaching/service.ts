import {
  ANALYTICS_BUCKETS,
  type AnalyticsBucket,
  type TeamAnalytics,
  type TeamAnalyticsQuery,
  teamAnalyticsQuery,
} from '../../../shared/api/coaching';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import { graceStart } from '../teams/policy';
import { addDays, clockOf, dayOf, summaryDays } from './daily';
import type { DayRow } from './daily-repo';
import { mayReadAnalytics } from './policy';
import * as repo from './repo';

/** Coach analytics of a Pro team (docs/MESSAGES.md, "Coach analytics"). */

export const TEAM_NOT_FOUND = 'Team not found';
const DAY = 86_400_000;

/** The series' buckets, oldest first; the current one ends now. */
export function bucketsOf(period: 'week' | 'month', now: Date): repo.Bucket[] {
  const count = ANALYTICS_BUCKETS[period];
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = Date.UTC(y, m, now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
  const startOf = (k: number) =>
    period === 'week' ? new Date(monday - k * 7 * DAY) : new Date(Date.UTC(y, m - k, 1));
  const buckets: repo.Bucket[] = [];
  for (let k = count - 1; k >= 0; k -= 1) {
    buckets.push({ start: startOf(k), end: k === 0 ? now : startOf(k - 1) });
  }
  return buckets;
}

const n = (v: number | string | undefined) => Number(v ?? 0);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : null);

/** Per bucket, from the daily summary: members at its end and start, new, churned, proof days due and done. */
export function fromDays(buckets: repo.Bucket[], days: DayRow[], today: string) {
  return buckets.map((b) => {
    const sd = dayOf(b.start);
    const ed = b.end.getTime() === b.start.getTime() ? sd : dayOf(b.end);
    const inside = days.filter((d) => d.day >= sd && (d.day < ed || (d.day === today && ed === today)));
    const before = days.filter((d) => d.day < sd).at(-1);
    const closed = inside.filter((d) => d.day < today);
    const sum = (key: 'revenueCents' | 'conversions') => inside.reduce((s, d) => s + d[key], 0);
    return {
      revenue: sum('revenueCents'),
      conversions: sum('conversions'),
      // MRR at the bucket's end: its last day's (at that day's end; today's at its last settle).
      mrr: inside.at(-1)?.mrrCents ?? before?.mrrCents ?? 0,
      members: inside.at(-1)?.members ?? before?.members ?? 0,
      membersStart: before?.members ?? 0,
      trials: inside.reduce((s, d) => s + d.newMembers, 0),
      churned: inside.reduce((s, d) => s + d.churned, 0),
      due: closed.reduce((s, d) => s + d.proofsDue, 0),
      done: closed.reduce((s, d) => s + d.proofsDone, 0),
    };
  });
}

export async function teamAnalytics(
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
  query: TeamAnalyticsQuery,
): Promise<TeamAnalytics> {
  const { period } = teamAnalyticsQuery.parse(query);
  // One clock for every figure: the billing clock (test mode's may run ahead of the wall clock). Read beside the
  // team (it reveals nothing), so the answer takes two rounds of queries.
  const [team, clock] = await Promise.all([repo.findTeam(ctx.db, teamId), clockOf(ctx)]);
  if (!team || !mayReadAnalytics(me.id, team)) throw notFound(TEAM_NOT_FOUND);
  const all = bucketsOf(period, clock.now);
  const [[days, sums], t] = await Promise.all([
    summaryDays(ctx, team, clock, addDays(dayOf(all[0]!.start), -1)),
    repo.totals(ctx.db, teamId, clock.now, graceStart(clock.now)),
  ]);
  // Analytics start on the team's first day (its first row; summaryDays writes today's at least): no buckets
  // before it. A team older than the range has a row before its first bucket.
  const first = days[0]?.day ?? clock.today;
  const buckets = all.filter((b, i) => i === all.length - 1 || dayOf(b.end) > first);
  const summary = fromDays(buckets, days, clock.today);
  const series: AnalyticsBucket[] = buckets.map((b, i) => {
    const s = summary[i]!;
    return {
      start: b.start.toISOString().slice(0, 10),
      members: s.members,
      trials: s.trials,
      conversions: s.conversions,
      revenueCents: s.revenue,
      mrrCents: s.mrr,
      churned: s.churned,
      churnRate: ratio(s.churned, s.membersStart),
      proofCompletionRate: ratio(s.done, s.due),
    };
  });
  return {
    team: { id: team.id, name: team.name, priceCents: team.priceCents },
    period,
    totals: {
      members: n(t.with_access),
      trialing: n(t.trialing),
      active: n(t.active),
      trials: n(t.trials),
      conversions: sums.conversions,
      conversionRate: ratio(sums.conversions, n(t.trials_over)),
      mrrCents: series[series.length - 1]?.mrrCents ?? 0,
      coachNetCents: sums.netCents,
    },
    series,
  };
}
