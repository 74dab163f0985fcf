import type { LeaderboardMetric, LeaderboardScope } from '@shared/api/leaderboard';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('leaderboard');
export const leaderboardKeys = {
  all: keys.all,
  board: (metric: LeaderboardMetric, scope: LeaderboardScope) => keys.key(scope, metric),
};

/**
 * One tab and scope of the leaderboard. Ranks move whenever anyone's proof is decided, so the screen asks again
 * each time it opens instead of trusting the never-stale cache.
 */
export function useLeaderboard(metric: LeaderboardMetric, scope: LeaderboardScope) {
  const query = useQuery({
    queryKey: leaderboardKeys.board(metric, scope),
    queryFn: ({ signal }) => api.leaderboard.get({ query: { scope, metric }, signal }),
    refetchOnMount: 'always',
    staleTime: STALE.NEVER,
  });
  return { ...query, entries: query.data?.entries ?? [], me: query.data?.me ?? null };
}
