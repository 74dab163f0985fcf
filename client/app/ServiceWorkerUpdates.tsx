import { registerSW } from 'virtual:pwa-register';
import { useEffect } from 'react';
import { Button } from '../ui/Button';
import { toast } from '../ui/use-toast';

/**
 * Registers the service worker (built app only) and, when a new version of the app is ready, asks before
 * switching: "A new version is available" with Reload, which activates it and reloads once.
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const update = registerSW({
      onNeedRefresh() {
        toast({
          title: 'A new version is available',
          description: 'Reload to use the latest SweatPact.',
          duration: Number.POSITIVE_INFINITY,
          action: (
            <Button size="sm" onClick={() => void update(true)}>
              Reload
            </Button>
          ),
        });
      },
    });
  }, []);
  return null;
}
