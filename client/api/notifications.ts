import type { MarkReadBody } from '@shared/api/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

/**
 * In-app notifications. A `notification` frame on the real-time link invalidates these (use-live-notifications);
 * without a link the bell's count is refreshed when it is 30 s old and a screen with the bell opens, and the list
 * whenever the dialog opens.
 */
const keys = resourceKeys('notifications');
export const notificationKeys = {
  all: keys.all,
  /** The first page only, for the unread count. */
  summary: keys.key('summary'),
  pages: keys.key('pages'),
};

/** The unread count for the bell badge and the Profile tab dot. */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: notificationKeys.summary,
    queryFn: ({ signal }) => api.notifications.list({ signal }),
    staleTime: STALE.SECONDS_30,
    select: (page) => page.unreadCount,
  });
  return data ?? 0;
}

/** Pages of notifications, newest first; `enabled` while the dialog is open. */
export function useNotificationPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    enabled,
    // The list mounts each time the dialog opens: ask again then (frames missed while offline are not replayed).
    refetchOnMount: 'always',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.notifications.list({ query: { cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: STALE.SECONDS_30,
  });
}

/** Marks some notifications read, or all; refreshes the list and the badge. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => api.notifications.markRead({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks these ids read without touching the open list (it keeps its dots); the badge refreshes. */
export async function markSeen(ids: number[], queryClient: import('@tanstack/react-query').QueryClient) {
  await api.notifications.markRead({ body: { ids } });
  await queryClient.invalidateQueries({ queryKey: notificationKeys.summary, exact: true });
}
