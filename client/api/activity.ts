import type { ActivityItem } from '@shared/api/activity';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';
import { listOrEmpty } from './query-client';

export type ActivityTab = 'friends' | 'near';

const keys = resourceKeys('activity');
export const activityKeys = {
  all: keys.all,
  tab: (tab: ActivityTab) => keys.key(tab),
};

/** Home's activity; friends' workouts change all day, so Home asks again whenever it opens. */
export function useActivity(tab: ActivityTab, enabled = true) {
  const query = useQuery({
    queryKey: activityKeys.tab(tab),
    queryFn: ({ signal }) =>
      listOrEmpty<ActivityItem>(() => api.activity.list({ query: { tab }, signal }), 'activity'),
    enabled,
    refetchOnMount: 'always',
    staleTime: STALE.MINUTE,
  });
  return { ...query, items: query.data ?? [] };
}

const reminderResource = resourceKeys('reminders');
export const reminderKeys = { all: reminderResource.all };

/** Joining, leaving or editing a Pact elsewhere changes the list; ask again this often while the app is open. */
export const REMINDERS_REFRESH_MS = 5 * 60_000;

/** Today's Pacts with a workout time; refetched on mount and every few minutes. */
export function useRemindersQuery() {
  return useQuery({
    queryKey: reminderKeys.all,
    queryFn: ({ signal }) => api.activity.reminders({ signal }),
    refetchOnMount: 'always',
    refetchInterval: REMINDERS_REFRESH_MS,
    staleTime: STALE.MINUTE,
  });
}
