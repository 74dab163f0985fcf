import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshOnFriendNotification } from '../../api/friends';
import { connectCacheUpdates } from '../../lib/realtime/cache-updates';
import { realtimeLink } from '../../lib/realtime/link';

/**
 * While signed in, keeps the real-time link open and its frames flowing into the query cache (the bell, the
 * session, and a friend request or acceptance: that person's page, the requests and whatever friendship opens).
 * Unmounting (sign-out) releases the link, which closes when no screen needs it.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const stop = connectCacheUpdates(link, queryClient);
    const offFriends = link.onUserFrame((frame) => {
      if (frame.type === 'notification') void refreshOnFriendNotification(queryClient, frame.notification);
    });
    const release = link.hold();
    return () => {
      stop();
      offFriends();
      release();
    };
  }, [queryClient]);
}
