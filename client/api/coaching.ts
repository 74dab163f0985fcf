import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

/** A team's coach analytics (coach only; anyone else gets 404). */
const keys = resourceKeys('coaching');
export const coachingKeys = {
  all: keys.all,
  analytics: (teamId: number, period: 'week' | 'month') => keys.key('analytics', teamId, period),
};

export function useTeamAnalytics(teamId: number | null, period: 'week' | 'month') {
  return useQuery({
    queryKey: coachingKeys.analytics(teamId ?? 0, period),
    queryFn: ({ signal }) =>
      api.coaching.analytics({ params: { id: teamId ?? 0 }, query: { period }, signal }),
    enabled: !!teamId,
    staleTime: STALE.MINUTE,
    // Switching week/month keeps the figures on screen until the other answer arrives.
    placeholderData: keepPreviousData,
  });
}
