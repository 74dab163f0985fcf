import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useOnline } from '../../lib/use-online';

/**
 * A line at the very top while the device is offline: the app shell still works (the service worker serves it);
 * what needs the server says so where it fails, and chat messages wait to be sent (lib/outbox.ts).
 */
export function OfflineBanner() {
  const online = useOnline();
  // Every screen's top (`pt-safe`) moves down by the banner's 1.5rem while it shows.
  useEffect(() => {
    if (online) return;
    const root = document.documentElement;
    root.style.setProperty('--offline-inset', '1.5rem');
    return () => {
      root.style.removeProperty('--offline-inset');
    };
  }, [online]);
  if (online) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-0 z-90 flex h-[calc(env(safe-area-inset-top)+1.5rem)] items-center justify-center gap-2 bg-warning px-3 pt-[env(safe-area-inset-top)] font-semibold text-black text-xs"
    >
      <WifiOff className="my-1 size-3.5" aria-hidden="true" />
      <span className="py-1">You are offline</span>
    </div>
  );
}
