import { paths } from '@shared/api/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, urlOf } from './client';
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

export const earningsKeys = {
  of: (teamId: number | null) => keys.key('earnings', teamId ?? 'all'),
};

/** The caller's earnings as a coach (every team, or one of theirs; another's is 404). */
export function useEarnings(teamId: number | null) {
  return useQuery({
    queryKey: earningsKeys.of(teamId),
    queryFn: ({ signal }) => api.coaching.earnings({ query: teamId === null ? {} : { teamId }, signal }),
    // A renewal is charged by the server's sweep: coming back to the screen shows it.
    staleTime: STALE.SECONDS_30,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV of the same rows downloads from (a plain link: the session cookie goes with it). */
export function earningsCsvUrl(teamId: number | null): string {
  return urlOf(paths.coaching.earningsCsv, { query: teamId === null ? {} : { teamId } });
}
