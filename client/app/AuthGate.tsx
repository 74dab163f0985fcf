import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { isAuthUserKey, useAuth } from '../api/auth';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { SignedOutApp } from './SignedOutApp';
import { SignedInApp } from './screens';

/** Loading shows a spinner; then the signed-out or the signed-in route set. */
export function AuthGate() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const previousUserId = useRef<string | null>(null);

  // Once signed out (or the session ended), nothing cached for the previous user may outlive it.
  useEffect(() => {
    if (!user && previousUserId.current) {
      queryClient.removeQueries({ predicate: (query) => !isAuthUserKey(query.queryKey) });
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
