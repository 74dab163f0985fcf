import type { BlockedUser, BlockResponse } from '@shared/api/safety';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { activityKeys } from '../activity/queries';
import { userKeys } from '../friends/queries';
import { leaderboardKeys } from '../leaderboard/queries';
import { notificationKeys } from '../notifications/queries';
import { invalidatePactQueries, pactKeys } from '../pacts/queries';

export const blocksKey = ['/api/user/blocks'] as const;

export function useBlockedUsers() {
  const query = useQuery<BlockedUser[]>({ queryKey: blocksKey, refetchOnMount: 'always' });
  return { ...query, users: Array.isArray(query.data) ? query.data : [] };
}

/** A block hides both people from each other everywhere (DECISIONS 7): every list may change. */
async function afterBlockChange(queryClient: QueryClient) {
  await Promise.all([
    invalidatePactQueries(queryClient),
    queryClient.invalidateQueries({ queryKey: pactKeys.friends }),
    queryClient.invalidateQueries({ queryKey: blocksKey }),
    queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  ]);
}

function useBlockMutation(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation<BlockResponse, Error, string>({
    mutationFn: (id) => apiJson<BlockResponse>(method, `/api/users/${encodeURIComponent(id)}/block`),
    onSuccess: async (_answer, id) => {
      // Drop the cached profile so the page shows the server's answer ('User not found' once blocked), not the
      // profile it had before.
      await queryClient.resetQueries({ queryKey: userKeys.profile(id) });
      await afterBlockChange(queryClient);
    },
  });
}

export const useBlockUser = () => useBlockMutation('POST');
export const useUnblockUser = () => useBlockMutation('DELETE');

/** POST /api/users/:id/report; a second report of the same user answers 409 with the server's message. */
export function useReportUser() {
  return useMutation<{ ok: true }, Error, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) =>
      apiJson('POST', `/api/users/${encodeURIComponent(id)}/report`, { reason }),
  });
}
