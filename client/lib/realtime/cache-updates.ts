import type { QueryClient } from '@tanstack/react-query';
import { recheckSession } from '../../api/auth';
import { messageKeys } from '../../api/messages';
import { notificationKeys } from '../../api/notifications';
import { refreshChanged } from './changed';
import type { RealtimeLink } from './link';

/**
 * What the link's frames change in the query cache while signed in: a `notification` or `direct_read` frame, and every reconnect
 * (frames sent while the link was down are not replayed), refresh the bell's count and the notifications list; a
 * `direct_message` or `direct_read` frame (and a reconnect) the conversations and their unread counts; a
 * `changed` frame refreshes exactly the queries of its topics (./changed.ts), and a reconnect all of them; a
 * session ended elsewhere (close code 4401) makes the app ask who is signed in. Chat rooms update their own
 * message state (client/features/chat). Answers the way to stop.
 */
export function connectCacheUpdates(link: RealtimeLink, queryClient: QueryClient): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  // The conversations list and every unread count (Messages, its icon, the team page).
  const refreshInbox = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  const offFrame = link.onUserFrame((frame) => {
    // A conversation read (here or in another tab) reads its message notification too (server/modules/messages).
    if (frame.type === 'notification' || frame.type === 'direct_read') refresh();
    if (frame.type === 'direct_message' || frame.type === 'direct_read') refreshInbox();
    if (frame.type === 'changed') void refreshChanged(queryClient, frame.topics);
  });
  let connectedBefore = link.getStatus() === 'connected';
  const offStatus = link.onStatus(() => {
    if (link.getStatus() !== 'connected') return;
    if (connectedBefore) {
      refresh();
      refreshInbox();
      void refreshChanged(queryClient);
    }
    connectedBefore = true;
  });
  const offEnded = link.onSessionEnded(() => void recheckSession(queryClient));
  return () => {
    offFrame();
    offStatus();
    offEnded();
  };
}
