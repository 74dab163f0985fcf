import type { FriendResponse, UserProfile } from '@shared/api/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../ui/use-toast';
import { pactKeys, useFriends } from '../pacts/queries';
import { displayName } from '../users/stats';

/**
 * Friends and user profiles. The friends list hook lives with the Pacts queries (Home uses it too); it is
 * re-exported here so friend screens import from one place.
 */
export { useFriends };

export const userKeys = {
  profile: (id: string) => [...pactKeys.users, id] as const,
};

/** GET /api/users/:id; a 404 (unknown or blocked) surfaces as an error the page turns into 'User not found'. */
export function useUserProfile(id: string | null | undefined) {
  return useQuery<UserProfile>({ queryKey: userKeys.profile(id ?? ''), enabled: !!id });
}

function useFriendMutation(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation<FriendResponse, Error, string>({
    mutationFn: (id) => apiJson<FriendResponse>(method, `/api/users/${encodeURIComponent(id)}/friend`),
    onSettled: async (_data, _error, id) => {
      // Friendship changes the friends list, that user's page, and the friends feed filter.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pactKeys.friends }),
        queryClient.invalidateQueries({ queryKey: userKeys.profile(id) }),
        queryClient.invalidateQueries({ queryKey: pactKeys.list('friends') }),
      ]);
    },
  });
}

/** POST /api/users/:id/friend with SPEC 8's toasts. */
export function useAddFriend() {
  const mutation = useFriendMutation('POST');
  return {
    ...mutation,
    addFriend: (id: string) =>
      mutation.mutate(id, {
        onSuccess: ({ friend }) =>
          toast({
            title: 'Friend Added!',
            description: `You are now friends with ${displayName(friend)}`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to add friend'),
            variant: 'destructive',
          }),
      }),
  };
}

/** DELETE /api/users/:id/friend: ends the friendship on both sides. */
export function useRemoveFriend() {
  const mutation = useFriendMutation('DELETE');
  return {
    ...mutation,
    removeFriend: (id: string, name: string) =>
      mutation.mutate(id, {
        onSuccess: () =>
          toast({ title: 'Friend removed', description: `You and ${name} are no longer friends` }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to remove friend'),
            variant: 'destructive',
          }),
      }),
  };
}
