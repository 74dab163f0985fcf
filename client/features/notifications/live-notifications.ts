import type { QueryClient } from '@tanstack/react-query';
import { refreshOnFriendNotification } from '../../api/friends';
import { connectCacheUpdates } from '../../lib/realtime/cache-updates';
import { realtimeLink } from '../../lib/realtime/link';

/**
 * Holds the real-time link open and sends its frames into the query cache (the bell, the session, and a friend
 * request or acceptance: that person's page, the requests and whatever friendship opens). Returns the release.
 */
export function startLiveNotifications(queryClient: QueryClient): () => void {
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
}
