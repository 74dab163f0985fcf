import type { AuthProviders, AuthUser, SignInBody, SignUpBody } from '@shared/api/auth';
import type { CompleteProviderSignupBody } from '@shared/api/auth-providers';
import { paths } from '@shared/api/paths';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIdle } from '../lib/use-idle';
import { api } from './client';
import { errorStatus } from './errors';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('auth');

/** Who is signed in, and which sign-in providers exist. */
export const authKeys = {
  all: keys.all,
  user: keys.key('user'),
  providers: keys.key('providers'),
  providerSignup: keys.key('provider-signup'),
};

export const isAuthUserKey = (key: readonly unknown[]): boolean =>
  key.length === authKeys.user.length && key.every((part, i) => part === authKeys.user[i]);

/** The current user, or null when signed out (the session route answers 200 either way: no failed request). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return (await api.auth.session({ signal })).user;
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

/**
 * The current user: fresh for a minute, never retried. `isLoading` is the first load only, so the auth gate shows
 * its spinner once. A load that failed without an answer (no network) is `error`: the auth gate then says it is
 * offline, not that nobody is signed in; `retry` asks again.
 */
export function useAuth() {
  const query = useQuery({
    queryKey: authKeys.user,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: STALE.MINUTE,
    retry: false,
  });
  const user = query.data ?? null;
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, error: query.error, retry };
}

/** Refetches the current user, e.g. after sign-in or a profile change. */
export function useRefreshAuth(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.refetchQueries({ queryKey: authKeys.user }), [queryClient]);
}

/** Asks again who is signed in (a session ended elsewhere). */
export const recheckSession = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: authKeys.user });

/**
 * Which provider buttons the server enables; until it answers (or when it fails) none is. Asked once the sign-in
 * screen is idle: the buttons start disabled anyway, and validating the answer loads the parser, which the first
 * usable screen does not need.
 */
export function useAuthProviders(): AuthProviders {
  const idle = useIdle();
  const { data } = useQuery({
    queryKey: authKeys.providers,
    queryFn: ({ signal }) => api.auth.providers({ signal }),
    enabled: idle,
    staleTime: STALE.HOUR,
  });
  return { google: data?.google === true, apple: data?.apple === true, facebook: data?.facebook === true };
}

/** Where a provider's sign-in starts: the browser navigates there and the server redirects to the provider. */
export const oauthStartUrl = (provider: keyof AuthProviders) =>
  paths.auth.providerStart.path.replace(':provider', encodeURIComponent(provider));

/** The provider identity waiting for its date of birth in this browser (410 when none is). */
export function usePendingProviderSignup() {
  return useQuery({
    queryKey: authKeys.providerSignup,
    queryFn: ({ signal }) => api.auth.pendingProviderSignup({ signal }),
    staleTime: STALE.MINUTE,
    retry: false,
  });
}

export const completeProviderSignup = (body: CompleteProviderSignupBody) =>
  api.auth.completeProviderSignup({ body });
export const cancelProviderSignup = () => api.auth.cancelProviderSignup();

export const signInWithEmail = (body: SignInBody) => api.auth.signIn({ body });
export const signUp = (body: SignUpBody) => api.auth.signUp({ body });
export const signOut = () => api.auth.signOut();
