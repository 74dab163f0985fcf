import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { AUTH_USER_KEY, useAuth } from '../features/auth/use-auth';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { SignedOutApp } from './SignedOutApp';
import { SignedInApp } from './screens';

/** SPEC 2: loading shows a spinner; then the signed-out or the signed-in route set. */
export function AuthGate() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const previousUserId = useRef<string | null>(null);

  // Once signed out (or the session ended), nothing cached for the previous user may outlive it.
  useEffect(() => {
    if (!user && previousUserId.current) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_KEY[0] });
    }
    previousUserId.current = user?.id ?? null;
  }, [user, queryClient]);

  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <SignedOutApp />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
