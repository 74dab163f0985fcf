import type { ActivityItem } from '@shared/api/activity';
import { useQuery } from '@tanstack/react-query';

export type ActivityTab = 'friends' | 'near';

export const activityKeys = {
  all: ['/api/user/activity'] as const,
  tab: (tab: ActivityTab) => ['/api/user/activity', { tab }] as const,
};

/** GET /api/user/activity?tab=...; friends' workouts change all day, so Home asks again whenever it opens. */
export function useActivity(tab: ActivityTab, enabled = true) {
  const query = useQuery<ActivityItem[]>({
    queryKey: activityKeys.tab(tab),
    enabled,
    refetchOnMount: 'always',
  });
  return { ...query, items: Array.isArray(query.data) ? query.data : [] };
}
