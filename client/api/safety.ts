import type { ReportAction } from '@shared/api/safety';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { activityKeys } from './activity';
import { api } from './client';
import { friendKeys } from './friends';
import { resourceKeys, STALE } from './keys';
import { leaderboardKeys } from './leaderboard';
import { notificationKeys } from './notifications';
import { invalidatePactQueries } from './pacts';
import { FAIL_WHEN_OFFLINE, listOrEmpty } from './query-client';
import { userKeys } from './users';

/** Blocks, reports of users, and the admins' moderation queue. */

const keys = resourceKeys('blocks');
export const blockKeys = { all: keys.all };

export function useBlockedUsers() {
  const query = useQuery({
    queryKey: blockKeys.all,
    queryFn: ({ signal }) => listOrEmpty(() => api.safety.blocks({ signal }), 'blocked users'),
    refetchOnMount: 'always',
    staleTime: STALE.MINUTES_10,
  });
  return { ...query, users: query.data ?? [] };
}

/** A block hides both people from each other everywhere: every list may change. */
async function afterBlockChange(queryClient: QueryClient) {
  await Promise.all([
    invalidatePactQueries(queryClient),
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: blockKeys.all }),
    queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  ]);
}

function useBlockMutation(change: 'block' | 'unblock') {
  const queryClient = useQueryClient();
  return useMutation({
    ...FAIL_WHEN_OFFLINE,
    mutationFn: (id: string) => api.safety[change]({ params: { id } }),
    onSuccess: async (_answer, id) => {
      // Drop the cached profile so the page shows the server's answer ('User not found' once blocked), not the
      // profile it had before.
      await queryClient.resetQueries({ queryKey: userKeys.profile(id) });
      await afterBlockChange(queryClient);
    },
  });
}

export const useBlockUser = () => useBlockMutation('block');
export const useUnblockUser = () => useBlockMutation('unblock');

/** A second report of the same user answers 409 with the server's message. */
export function useReportUser() {
  return useMutation({
    ...FAIL_WHEN_OFFLINE,
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.safety.reportUser({ params: { id }, body: { reason } }),
  });
}

const moderation = resourceKeys('moderation');
export const moderationKeys = { all: moderation.all };

/** Open reports, oldest first as the server pages them; asked again each time the screen opens. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.all,
    refetchOnMount: 'always',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.safety.moderationQueue({ query: { cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: STALE.SECONDS_30,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReportAction }) =>
      api.safety.resolveReport({ params: { id }, body: { action } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
        invalidatePactQueries(queryClient),
      ]);
    },
  });
}
