import { useLayoutEffect } from 'react';
import { OfflineBanner } from '../features/layout/OfflineBanner';
import { AuthGate } from './AuthGate';
import { Providers } from './Providers';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';
import { releasePageSplash } from './Splash';

export function App() {
  // After the first commit: index.html's splash stays only while a Splash keeps it (AuthGate's, as a rule).
  useLayoutEffect(releasePageSplash, []);
  return (
    <Providers>
      <OfflineBanner />
      <ServiceWorkerUpdates />
      <AuthGate />
    </Providers>
  );
}
