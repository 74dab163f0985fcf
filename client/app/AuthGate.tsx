import { Suspense } from 'react';
import { useAuth } from '../features/auth/use-auth';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { SignedOutApp } from './SignedOutApp';
import { SignedInApp } from './screens';

/** SPEC 2: loading shows a spinner; then the signed-out or the signed-in route set. */
export function AuthGate() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <SignedOutApp />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
