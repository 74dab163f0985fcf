import type { AuthUser } from '@shared/api/auth';
import type { ChatMessage } from '@shared/api/chat';
import { type Dispatch, type RefObject, useCallback } from 'react';
import { postMessage } from '../../api/chat';
import { errorMessage } from '../../api/errors';
import type { OutboxItem } from '../../lib/outbox';
import { useOutbox } from '../../lib/use-outbox';
import { toast } from '../../ui/use-toast';
import { type ChatAction, type ChatState, maxMessageId } from './chat-state';
import { summaryOf } from './use-send-text';

/** The user's outbox of one Pact's chat (the key is kept as it was, so a queue from before still goes out). */
export const outboxKey = (userId: string, challengeId: number) =>
  `sweatpact:chat-outbox:${userId}:${challengeId}`;

/** The outbox that every conversation uses (lib/use-outbox.ts), shown as the chat's pending bubbles. */
export function useChatOutbox(
  challengeId: number,
  me: AuthUser | null,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
) {
  const update = (item: OutboxItem, status: 'queued' | 'sending') =>
    dispatch({ type: 'pending_update', clientKey: item.clientKey, changes: { status } });
  const remove = (item: OutboxItem) => dispatch({ type: 'pending_remove', clientKey: item.clientKey });
  const { queue } = useOutbox<ChatMessage>(
    me ? outboxKey(me.id, challengeId) : null,
    (item) => postMessage(challengeId, item.text, item.clientKey),
    {
      show: (item) => {
        if (!me) return;
        dispatch({
          type: 'pending_add',
          pending: {
            clientKey: item.clientKey,
            type: 'message',
            text: item.text,
            userId: me.id,
            user: summaryOf(me),
            createdAt: item.createdAt,
            afterId: item.afterId,
            status: 'queued',
          },
        });
      },
      hide: remove,
      sending: (item) => update(item, 'sending'),
      sent: (item, message) => {
        dispatch({ type: 'upsert', messages: [message] });
        remove(item);
      },
      refused: (item, error) => {
        remove(item);
        toast({
          title: 'Failed to send message',
          description: `"${item.text.slice(0, 40)}": ${errorMessage(error)}`,
          variant: 'destructive',
        });
      },
      offline: (item) => update(item, 'queued'),
    },
  );
  /** Queues a text under `clientKey`, after the newest message known now. */
  return useCallback(
    (text: string, clientKey: string) => queue(text, clientKey, maxMessageId(stateRef.current.messages)),
    [queue, stateRef],
  );
}
