import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * While signed in, keeps the real-time link open and its frames flowing into the query cache
 * (./live-notifications.ts). The link and the schemas of its frames load as their own chunk once the first screen
 * has rendered: evaluating them with the signed-in shell made one long task of a phone's first screen. Unmounting
 * (sign-out) releases the link, which closes when no screen needs it.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let release: (() => void) | undefined;
    let stopped = false;
    import('./live-notifications')
      .then(({ startLiveNotifications }) => {
        if (!stopped) release = startLiveNotifications(queryClient);
      })
      // A chunk that cannot load (offline with no cached copy) leaves the bell to its own refresh (api/notifications).
      .catch(() => {});
    return () => {
      stopped = true;
      release?.();
    };
  }, [queryClient]);
}
