import {
  LEADERBOARD_TOP_LIMIT,
  type LeaderboardEntry,
  type LeaderboardMetric,
  type LeaderboardResponse,
  type LeaderboardScope,
  METRIC_FIELD,
} from '../../../shared/api/leaderboard';
import { competitionRanks } from '../../../shared/domain/progress';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import * as rankCounts from './ranks';
import * as repo from './repo';

/**
 * GET /api/leaderboard: the top 100 of one metric with competition ranks, plus the caller's own entry.
 * The list is a prefix of the full order, so every user with a higher value is above an entry in the list and
 * the ranks of the list follow from the list alone; the caller outside it is ranked with one count.
 */
export async function getLeaderboard(
  ctx: AppContext,
  me: SessionUser,
  query: { scope: LeaderboardScope; metric: LeaderboardMetric },
): Promise<LeaderboardResponse> {
  const { scope, metric } = query;
  const field = METRIC_FIELD[metric];
  const rows = await repo.topEntries(ctx.db, me, scope, metric, LEADERBOARD_TOP_LIMIT);
  const ranks = competitionRanks(rows.map((row) => row[field]));
  const entries: LeaderboardEntry[] = rows.map((row, i) => ({ ...row, rank: ranks[i]! }));
  let mine = entries.find((entry) => entry.userId === me.id);
  if (!mine) {
    const row = await repo.entryOf(ctx.db, me.id);
    if (!row) throw notFound('User not found');
    const value = row[field];
    const rank =
      scope === 'global'
        ? await rankCounts.globalRank(ctx, me, metric, value)
        : 1 + (await repo.countAbove(ctx.db, me, scope, metric, value));
    mine = { ...row, rank };
  }
  return { scope, metric, entries, me: mine };
}

/**
 * A user's rank on their profile as `viewer` sees the board: 1 + the users with more XP among those the viewer
 * sees there (real users less the blocked ones, plus a demo visitor's own sandbox). A demo visitor is in no real
 * count, so they count themselves when they are above the person they look at.
 */
export async function rankOf(ctx: AppContext, viewer: SessionUser, userId: string): Promise<number | null> {
  const [xp, viewerXp] = await Promise.all([
    repo.metricOf(ctx.db, userId, 'xp'),
    viewer.isDemo && viewer.id !== userId ? repo.metricOf(ctx.db, viewer.id, 'xp') : undefined,
  ]);
  if (xp === undefined) return null;
  const rank = await rankCounts.globalRank(ctx, viewer, 'xp', xp);
  return rank + (viewerXp !== undefined && viewerXp > xp ? 1 : 0);
}
