import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from '../../api/messages';
import { realtimeLink } from '../../lib/realtime/link';

/** While mounted, a direct message or read receipt on the link (or a reconnect) refreshes the unread counts. */
export function useLiveConversations() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    const offFrame = link.onUserFrame((frame) => {
      if (frame.type === 'direct_message' || frame.type === 'direct_read') refresh();
    });
    let wasConnected = link.getStatus() === 'connected';
    const offStatus = link.onStatus(() => {
      const connected = link.getStatus() === 'connected';
      if (connected && !wasConnected) refresh();
      wasConnected = connected;
    });
    return () => {
      offFrame();
      offStatus();
    };
  }, [queryClient]);
}
