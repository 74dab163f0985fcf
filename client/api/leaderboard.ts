import type { LeaderboardMetric, LeaderboardScope } from '@shared/api/leaderboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('leaderboard');
export const leaderboardKeys = {
  all: keys.all,
  board: (metric: LeaderboardMetric, scope: LeaderboardScope) => keys.key(scope, metric),
};

/**
 * One tab and scope of the leaderboard: fresh for a minute; a decision that moves the caller's figures (or
 * the figures of someone whose proof the caller decided) refreshes it at once (a `changed` frame, realtime).
 */
export const leaderboardQuery = (metric: LeaderboardMetric, scope: LeaderboardScope) =>
  queryOptions({
    queryKey: leaderboardKeys.board(metric, scope),
    queryFn: ({ signal }) => api.leaderboard.get({ query: { scope, metric }, signal }),
    staleTime: STALE.MINUTE,
  });

export function useLeaderboard(metric: LeaderboardMetric, scope: LeaderboardScope) {
  const query = useQuery(leaderboardQuery(metric, scope));
  return { ...query, entries: query.data?.entries ?? [], me: query.data?.me ?? null };
}
