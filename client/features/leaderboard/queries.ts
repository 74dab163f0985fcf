import type { LeaderboardMetric, LeaderboardResponse, LeaderboardScope } from '@shared/api/leaderboard';
import { useQuery } from '@tanstack/react-query';

export const leaderboardKeys = {
  all: ['/api/leaderboard'] as const,
  board: (metric: LeaderboardMetric, scope: LeaderboardScope) =>
    ['/api/leaderboard', { scope, metric }] as const,
};

/**
 * GET /api/leaderboard for one tab and scope. Ranks move whenever anyone's proof is decided, so the screen asks
 * again each time it opens instead of trusting the never-stale cache.
 */
export function useLeaderboard(metric: LeaderboardMetric, scope: LeaderboardScope) {
  const query = useQuery<LeaderboardResponse>({
    queryKey: leaderboardKeys.board(metric, scope),
    refetchOnMount: 'always',
  });
  // A failed fetch yields {} (SPEC 8): treat it as an empty board.
  const data = query.data;
  const entries = Array.isArray(data?.entries) ? data.entries : [];
  return { ...query, entries, me: data?.me ?? null };
}
