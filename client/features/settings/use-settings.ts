import type { UpdateSettingsBody, UserSettings } from '@shared/api/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export const SETTINGS_KEY = ['/api/user/settings'] as const;

export function useUserSettings() {
  return useQuery<Partial<UserSettings>>({ queryKey: SETTINGS_KEY });
}

/** Saves one toggle optimistically; on failure the old value comes back and a toast says why. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateSettingsBody) => apiJson<UserSettings>('PATCH', '/api/user/settings', patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      const previous = queryClient.getQueryData<Partial<UserSettings>>(SETTINGS_KEY);
      queryClient.setQueryData<Partial<UserSettings>>(SETTINGS_KEY, (old) => ({ ...old, ...patch }));
      return { previous };
    },
    onError: (error, _patch, context) => {
      queryClient.setQueryData(SETTINGS_KEY, context?.previous);
      toast({ title: 'Could not save setting', description: errorMessage(error), variant: 'destructive' });
    },
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object') queryClient.setQueryData(SETTINGS_KEY, saved);
    },
  });
}
