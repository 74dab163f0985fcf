import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { isAuthUserKey, useAuth } from '../api/auth';
import { isNetworkError } from '../api/errors';
import { OfflineStart } from './OfflineStart';
import { SignedOutApp } from './SignedOutApp';
import { Splash } from './Splash';
import { SignedInApp } from './screens';
import { rememberSignedIn } from './signed-in-hint';

/**
 * While the session is checked, the splash (as index.html painted it); then the signed-out or signed-in route set,
 * or, when the check got no answer at all (offline), the offline start screen until it does.
 */
export function AuthGate() {
  const { user, isLoading, error, retry } = useAuth();
  const queryClient = useQueryClient();
  const previousUserId = useRef<string | null>(null);

  // Once signed out (or the session ended), nothing cached for the previous user may outlive it.
  useEffect(() => {
    if (!user && previousUserId.current) {
      queryClient.removeQueries({ predicate: (query) => !isAuthUserKey(query.queryKey) });
    }
    previousUserId.current = user?.id ?? null;
    if (!isLoading && !error) rememberSignedIn(user !== null);
  }, [user, isLoading, error, queryClient]);

  if (isLoading) return <Splash />;
  if (!user && isNetworkError(error)) return <OfflineStart onRetry={retry} />;
  if (!user) return <SignedOutApp />;
  return (
    <Suspense fallback={<Splash />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
