import type { DeletionRequestBody } from '@shared/api/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('privacy');
export const privacyKeys = { all: keys.all, pending: keys.key('pending') };

/** Delete My Data: signed in or out (the server uses the session's user when there is one). */
export const requestDeletion = (body: DeletionRequestBody) => api.privacy.requestDeletion({ body });

/** The signed-in user's deletion requests that have not run (Settings lists them with Cancel). */
export function usePendingDeletions(enabled = true) {
  return useQuery({
    queryKey: privacyKeys.pending,
    queryFn: ({ signal }) => api.privacy.myDeletion({ signal }),
    enabled,
    staleTime: STALE.MINUTE,
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.privacy.cancelDeletion({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}
