import type { AuthProviders, AuthUser } from '@shared/api/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getQueryFn } from '../../lib/api';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

type AuthUserAnswer = { user?: AuthUser | null } | null;

/**
 * The current user (SPEC 7): GET /api/auth/user, a 401 means signed out, fresh for 60 s, never retried.
 * `isLoading` is the first load only, so the auth gate shows its spinner once.
 */
export function useAuth() {
  const query = useQuery<AuthUserAnswer, Error, AuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<AuthUserAnswer>({ on401: 'returnNull' }),
    select: (answer) => answer?.user ?? null,
    staleTime: 60_000,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, error: query.error };
}

/** Refetches the current user, e.g. after sign-in or a profile change. */
export function useRefreshAuth(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.refetchQueries({ queryKey: AUTH_USER_KEY }), [queryClient]);
}

/** Which provider buttons the server has credentials for; missing answers mean "not configured". */
export function useAuthProviders(): AuthProviders {
  const { data } = useQuery<Partial<AuthProviders>>({ queryKey: ['/api/auth/providers'] });
  return { google: data?.google === true, apple: data?.apple === true, facebook: data?.facebook === true };
}
