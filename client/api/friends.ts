import type { Notification } from '@shared/api/notifications';
import type { FriendResponse } from '@shared/api/users';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityKeys } from './activity';
import { api } from './client';
import { resourceKeys, STALE } from './keys';
import { leaderboardKeys } from './leaderboard';
import { notificationKeys } from './notifications';
import { invalidatePactQueries } from './pacts';
import { listOrEmpty } from './query-client';
import { userKeys } from './users';

/** Friends and friend requests. */

const keys = resourceKeys('friends');
export const friendKeys = {
  all: keys.all,
  list: keys.key('list'),
  requests: keys.key('requests'),
};

export function useFriends() {
  return useQuery({
    queryKey: friendKeys.list,
    queryFn: ({ signal }) => listOrEmpty(() => api.friends.list({ signal }), 'friends'),
    staleTime: STALE.MINUTES_5,
  });
}

/** Requests waiting for the caller's answer and the caller's own, newest first. */
export function useFriendRequests() {
  return useQuery({
    queryKey: friendKeys.requests,
    queryFn: ({ signal }) => api.friends.requests({ signal }),
    staleTime: STALE.MINUTE,
  });
}

/**
 * What a change between the caller and `userId` may change. A request alone (sent, withdrawn, declined) changes
 * the requests, that user's page and the notifications; a friendship made or ended also changes which Pacts,
 * activity and leaderboard entries the caller sees.
 */
export async function refreshFriendship(
  queryClient: QueryClient,
  userId: string,
  friendshipChanged: boolean,
) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.pages }),
    ...(friendshipChanged
      ? [
          invalidatePactQueries(queryClient),
          queryClient.invalidateQueries({ queryKey: activityKeys.all }),
          queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
        ]
      : []),
  ]);
}

/**
 * A live notification about a friend: a request arrived (the requester's page now offers Accept) or was accepted
 * (a friendship the caller's lists must show). Other notifications change nothing here.
 */
export async function refreshOnFriendNotification(queryClient: QueryClient, n: Notification) {
  if (!n.actor || (n.type !== 'friend_request' && n.type !== 'friend_added')) return;
  await refreshFriendship(queryClient, n.actor.id, n.type === 'friend_added');
}

export type FriendChange = 'add' | 'remove' | 'accept' | 'decline';

function callFor(change: FriendChange, id: string): Promise<FriendResponse> {
  switch (change) {
    case 'add':
      return api.friends.add({ params: { id } });
    case 'remove':
      return api.friends.remove({ params: { id } });
    case 'accept':
      return api.friends.accept({ params: { userId: id } });
    case 'decline':
      return api.friends.decline({ params: { userId: id } });
  }
}

/**
 * Sends (add), withdraws or ends (remove), accepts or declines a request of the user of that id. Afterwards the
 * caches follow: the whole friendship on a made or ended friendship (or an unknown outcome), the request otherwise.
 * `feedback` runs whether or not the component that asked is still mounted (answering a request removes its
 * buttons), so a toast is never lost.
 */
export function useFriendMutation(
  change: FriendChange,
  feedback: { onSuccess?: (answer: FriendResponse) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callFor(change, id),
    onSuccess: (answer) => feedback.onSuccess?.(answer),
    onError: (error) => feedback.onError?.(error),
    onSettled: async (data, _error, id) => {
      const changed = !data || change === 'accept' || (change === 'add' && data.friendship === 'friends');
      await refreshFriendship(queryClient, id, changed || change === 'remove');
    },
  });
}
