import {
  ANALYTICS_BUCKETS,
  type AnalyticsBucket,
  type TeamAnalytics,
  type TeamAnalyticsQuery,
  teamAnalyticsQuery,
} from '../../../shared/api/coaching';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../auth/guard';
import { graceStart } from '../teams/policy';
import { billingNow } from '../teams/service';
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

export async function teamAnalytics(
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
  query: TeamAnalyticsQuery,
  clock?: Date,
): Promise<TeamAnalytics> {
  const { period } = teamAnalyticsQuery.parse(query);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!team || !mayReadAnalytics(me.id, team)) throw notFound(TEAM_NOT_FOUND);
  // The billing clock, which subscriptions and charges are written on: test mode's may run ahead of the wall clock.
  const now = clock ?? (await billingNow(ctx));
  const buckets = bucketsOf(period, now);
  const today = now.toISOString().slice(0, 10);
  const subs = await repo.subscriptionSeries(ctx.db, teamId, buckets);
  const ledger = await repo.ledgerSeries(ctx.db, teamId, buckets);
  const completion = await repo.completionSeries(ctx.db, teamId, team.coachId, buckets, today);
  const t = await repo.totals(ctx.db, teamId, now, graceStart(now));
  const at = <T extends { i: number }>(list: T[], i: number) => list.find((r) => Number(r.i) === i);

  const series: AnalyticsBucket[] = buckets.map((b, i) => {
    const s = at(subs, i);
    const l = at(ledger, i);
    const c = at(completion, i);
    return {
      start: b.start.toISOString().slice(0, 10),
      members: n(s?.members_end),
      trials: n(s?.trials),
      conversions: n(l?.conversions),
      revenueCents: n(l?.revenue),
      mrrCents: n(l?.mrr),
      churned: n(s?.churned),
      churnRate: ratio(n(s?.churned), n(s?.members_start)),
      proofCompletionRate: ratio(n(c?.done), n(c?.expected)),
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
      conversions: n(t.conversions),
      conversionRate: ratio(n(t.conversions), n(t.trials_over)),
      mrrCents: series[series.length - 1]?.mrrCents ?? 0,
      coachNetCents: n(t.coach_net),
    },
    series,
  };
}
