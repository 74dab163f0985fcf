import type { UpdateSettingsBody, UserSettings } from '@shared/api/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('settings');
export const settingsKeys = { all: keys.all };

export function useUserSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.settings.get({ signal }),
    enabled,
    staleTime: STALE.MINUTES_10,
  });
}

/** Saves some toggles optimistically: `onError` gets the failure after the old values are back. */
export function useUpdateSettings(onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateSettingsBody) => api.settings.update({ body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.all });
      const previous = queryClient.getQueryData<UserSettings>(settingsKeys.all);
      if (previous) queryClient.setQueryData<UserSettings>(settingsKeys.all, { ...previous, ...patch });
      return { previous };
    },
    onError: (error, _patch, context) => {
      queryClient.setQueryData(settingsKeys.all, context?.previous);
      onError(error);
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
  });
}
