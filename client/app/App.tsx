import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { OfflineBanner } from '../features/layout/OfflineBanner';
import { AuthGate } from './AuthGate';
import { Providers } from './Providers';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';
import { releasePageSplash } from './Splash';

export function App({ queryClient }: { queryClient: QueryClient }) {
  // After the first commit: index.html's splash stays only while a Splash keeps it (AuthGate's, as a rule).
  useLayoutEffect(releasePageSplash, []);
  return (
    <Providers queryClient={queryClient}>
      <OfflineBanner />
      <ServiceWorkerUpdates />
      <AuthGate />
    </Providers>
  );
}
