import type { DirectMessage } from '@shared/api/messages';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { errorMessage } from '../../api/errors';
import { messageKeys, postDm } from '../../api/messages';
import { useOutbox } from '../../lib/use-outbox';
import { toast } from '../../ui/use-toast';
import type { DmAction } from './dm-state';

/** The user's outbox of one direct conversation. */
export const dmOutboxKey = (userId: string, otherId: string) => `sweatpact:dm-outbox:${userId}:${otherId}`;

/**
 * Direct messages typed offline wait in the same outbox as a Pact chat's (lib/use-outbox.ts): shown as queued,
 * kept across a reload, sent in order under the key they were typed with once the network is back.
 */
export function useDmOutbox(otherId: string, meId: string | undefined, dispatch: Dispatch<DmAction>) {
  const queryClient = useQueryClient();
  const { queue } = useOutbox<DirectMessage>(
    meId ? dmOutboxKey(meId, otherId) : null,
    (item) => postDm(otherId, item.text, item.clientKey),
    {
      show: (item) => dispatch({ type: 'sending', clientKey: item.clientKey, text: item.text, queued: true }),
      hide: (item) => dispatch({ type: 'discard', clientKey: item.clientKey }),
      sending: (item) => dispatch({ type: 'sending', clientKey: item.clientKey, text: item.text }),
      sent: (item, message) => {
        dispatch({ type: 'sent', clientKey: item.clientKey, message });
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
      refused: (item, error) => {
        dispatch({ type: 'discard', clientKey: item.clientKey });
        toast({
          title: 'Failed to send message',
          description: `"${item.text.slice(0, 40)}": ${errorMessage(error)}`,
          variant: 'destructive',
        });
      },
      offline: (item) =>
        dispatch({ type: 'sending', clientKey: item.clientKey, text: item.text, queued: true }),
    },
  );
  return queue;
}
