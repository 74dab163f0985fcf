import type { AuthUser } from '@shared/api/auth';
import { type Dispatch, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { postMessage } from '../../api/chat';
import { errorMessage, isNetworkError } from '../../api/errors';
import { toast } from '../../ui/use-toast';
import type { ChatAction, ChatState } from './chat-state';
import { enqueue, flushOutbox, type OutboxItem, outboxKey, storageOutbox } from './outbox';
import { summaryOf } from './use-send-text';

/** While messages wait and the browser says it is online (yet the server did not answer), try again this often. */
const RETRY_MS = 5_000;

/**
 * The chat's offline queue (outbox.ts) wired to the screen: stored messages show as waiting bubbles when the chat
 * opens, and the queue is sent when the chat opens online, when the browser comes back online, and every few
 * seconds while the network is up but the server was unreachable.
 */
export function useOutbox(
  challengeId: number,
  me: AuthUser | null,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
) {
  const key = me ? outboxKey(me.id, challengeId) : null;
  const store = useMemo(() => (key ? storageOutbox(key) : null), [key]);
  /** Sends what waits now, and again every few seconds while something still waits and we look online. */
  const runRef = useRef<() => void>(() => {});

  const pendingOf = useCallback(
    (item: OutboxItem, status: 'queued' | 'sending') =>
      me
        ? {
            clientKey: item.clientKey,
            type: 'message' as const,
            text: item.text,
            userId: me.id,
            user: summaryOf(me),
            createdAt: item.createdAt,
            afterId: item.afterId,
            status,
          }
        : null,
    [me],
  );

  const flush = useCallback(async (): Promise<boolean> => {
    if (!key || !store) return true;
    return flushOutbox(
      key,
      store,
      (item) => postMessage(challengeId, item.text, item.clientKey),
      {
        sending: (item) =>
          dispatch({ type: 'pending_update', clientKey: item.clientKey, changes: { status: 'sending' } }),
        sent: (item, message) => {
          dispatch({ type: 'upsert', messages: [message] });
          dispatch({ type: 'pending_remove', clientKey: item.clientKey });
        },
        refused: (item, error) => {
          dispatch({ type: 'pending_remove', clientKey: item.clientKey });
          toast({
            title: 'Failed to send message',
            description: `"${item.text.slice(0, 40)}": ${errorMessage(error)}`,
            variant: 'destructive',
          });
        },
        offline: (item) =>
          dispatch({ type: 'pending_update', clientKey: item.clientKey, changes: { status: 'queued' } }),
      },
      isNetworkError,
    );
  }, [key, store, challengeId, dispatch]);

  // Opening the chat: what waits from before (a reload, another visit) shows, and goes out if we are online.
  useEffect(() => {
    if (!store) return;
    for (const item of store.read()) {
      const pending = pendingOf(item, 'queued');
      if (pending) dispatch({ type: 'pending_add', pending });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = async () => {
      clearTimeout(timer);
      if (!navigator.onLine) return;
      const emptied = await flush();
      if (!emptied && !stopped && store.read().length > 0) timer = setTimeout(run, RETRY_MS);
    };
    runRef.current = () => void run();
    void run();
    window.addEventListener('online', run);
    return () => {
      stopped = true;
      runRef.current = () => {};
      clearTimeout(timer);
      window.removeEventListener('online', run);
      for (const item of store.read()) dispatch({ type: 'pending_remove', clientKey: item.clientKey });
    };
  }, [store, pendingOf, flush, dispatch]);

  /** Queues a text (under `clientKey` when a first try may have reached the server) and sends it when it can. */
  const queue = useCallback(
    (text: string, clientKey: string) => {
      if (!store) return;
      const item: OutboxItem = {
        clientKey,
        text,
        createdAt: new Date().toISOString(),
        afterId: stateRef.current.messages.reduce((max, m) => Math.max(max, m.id), 0),
      };
      enqueue(store, item);
      const pending = pendingOf(item, 'queued');
      if (pending) dispatch({ type: 'pending_add', pending });
      runRef.current();
    },
    [store, pendingOf, dispatch, stateRef],
  );

  return { queue };
}
