import type { ModerationQueue, ReportAction } from '@shared/api/safety';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../lib/api';
import { invalidatePactQueries } from '../pacts/queries';

export const moderationKey = ['/api/admin/reports'] as const;

/** Open reports, oldest first as the server pages them; asked again each time the screen opens. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKey,
    refetchOnMount: 'always',
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const res = await fetch(queryKeyToPath(['/api/admin/reports', { cursor: pageParam }]), {
        credentials: 'include',
        signal,
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
      return (await res.json()) as ModerationQueue;
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export type ResolveResult = { ok: true; status: 'actioned' | 'dismissed'; closed: number };

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation<ResolveResult, Error, { id: number; action: ReportAction }>({
    mutationFn: ({ id, action }) => apiJson('POST', `/api/admin/reports/${id}/resolve`, { action }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKey }),
        invalidatePactQueries(queryClient),
      ]);
    },
  });
}
