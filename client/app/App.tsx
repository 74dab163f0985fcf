import { OfflineBanner } from '../features/layout/OfflineBanner';
import { AuthGate } from './AuthGate';
import { Providers } from './Providers';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';

export function App() {
  return (
    <Providers>
      <OfflineBanner />
      <ServiceWorkerUpdates />
      <AuthGate />
    </Providers>
  );
}
