import type { MarkReadBody, NotificationPage } from '@shared/api/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../lib/api';

/**
 * In-app notifications (DECISIONS 10). A `notification` frame on the real-time link invalidates these
 * (use-live-notifications); without a link the bell's count is refreshed when it is 30 s old and a screen with the
 * bell opens, and the list whenever the dialog opens.
 */
export const notificationKeys = {
  /** Prefix of every notifications read. */
  all: ['/api/notifications'] as const,
  /** The first page only, for the unread count (GET /api/notifications). */
  summary: ['/api/notifications'] as const,
  pages: ['/api/notifications', { view: 'pages' }] as const,
};

export const UNREAD_STALE_MS = 30_000;

/** The unread count for the bell badge and the Profile tab dot. */
export function useUnreadCount(): number {
  const { data } = useQuery<NotificationPage, Error, number>({
    queryKey: notificationKeys.summary,
    staleTime: UNREAD_STALE_MS,
    select: (page) => (typeof page?.unreadCount === 'number' ? page.unreadCount : 0),
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
    queryFn: async ({ pageParam, signal }) => {
      const path = queryKeyToPath(['/api/notifications', { cursor: pageParam }]);
      const res = await fetch(path, { credentials: 'include', signal });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
      return (await res.json()) as NotificationPage;
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** POST /api/notifications/read with some ids or all; refreshes the list and the badge. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true; unreadCount: number }, Error, MarkReadBody>({
    mutationFn: (body) => apiJson('POST', '/api/notifications/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
