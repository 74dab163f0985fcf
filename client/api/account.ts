import type { ChangeEmailBody, ChangePasswordBody, ResetPasswordBody } from '@shared/api/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('account');
/** The signed-in devices of the caller. */
export const accountKeys = { all: keys.all, sessions: keys.key('sessions') };

export function useDeviceSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => api.auth.listSessions({ signal }),
    staleTime: STALE.MINUTE,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.auth.revokeSession({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export const revokeAllSessions = () => api.auth.revokeAllSessions();
export const resendVerification = () => api.auth.sendVerification();
export const verifyEmail = (token: string) => api.auth.verifyEmail({ body: { token } });
export const forgotPassword = (email: string) => api.auth.forgotPassword({ body: { email } });
export const resetPassword = (body: ResetPasswordBody) => api.auth.resetPassword({ body });
export const changeEmail = (body: ChangeEmailBody) => api.auth.changeEmail({ body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.auth.changePassword({ body }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.user, user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}
