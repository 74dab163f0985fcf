import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtimeLink } from '../../lib/socket';
import { AUTH_USER_KEY } from '../auth/use-auth';
import { notificationKeys } from './queries';

/**
 * While signed in, keeps the real-time link open and refreshes the bell's count and the notifications list when a
 * `notification` frame arrives, and after a reconnect (frames sent while the link was down are not replayed).
 * Unmounting (sign-out) releases the link, which closes when no screen needs it; a session ended elsewhere (close
 * code 4401) makes the app ask who is signed in.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const offFrame = link.onUserFrame((frame) => {
      if (frame.type === 'notification') refresh();
    });
    let connectedBefore = link.getStatus() === 'connected';
    const offStatus = link.onStatus(() => {
      if (link.getStatus() !== 'connected') return;
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    const offEnded = link.onSessionEnded(
      () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    );
    const release = link.hold();
    return () => {
      offFrame();
      offStatus();
      offEnded();
      release();
    };
  }, [queryClient]);
}
