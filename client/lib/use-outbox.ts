import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isNetworkError } from '../api/errors';
import { enqueue, type FlushEvents, flushOutbox, type OutboxItem, storageOutbox } from './outbox';

/** While messages wait and the browser says it is online (yet the server did not answer), try again this often. */
const RETRY_MS = 5_000;

/** How a screen shows its outbox: the flush's events, plus showing and hiding a waiting item's bubble. */
export interface OutboxView<T> extends FlushEvents<T> {
  /** An item waits (stored from before when the screen opens, or just queued): show it as queued. */
  show(item: OutboxItem): void;
  /** The screen closes or changes conversation: its bubble goes; the item stays stored. */
  hide(item: OutboxItem): void;
}

/**
 * An outbox (./outbox.ts) wired to a screen, the same for every conversation: stored items show as waiting
 * bubbles when the screen opens, and the queue is sent when it opens online, when the browser comes back online,
 * and every few seconds while the network is up but the server was unreachable. `storageKey` names the user's
 * outbox of this conversation (null: nobody signed in, nothing queues).
 */
export function useOutbox<T>(
  storageKey: string | null,
  send: (item: OutboxItem) => Promise<T>,
  view: OutboxView<T>,
) {
  const store = useMemo(() => (storageKey ? storageOutbox(storageKey) : null), [storageKey]);
  // The latest send and view, read at each use: callers need not memoise them.
  const sendRef = useRef(send);
  sendRef.current = send;
  const viewRef = useRef(view);
  viewRef.current = view;
  /** Sends what waits now, and again every few seconds while something still waits and we look online. */
  const runRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!store || !storageKey) return;
    for (const item of store.read()) viewRef.current.show(item);
    const events: FlushEvents<T> = {
      sending: (item) => viewRef.current.sending(item),
      sent: (item, message) => viewRef.current.sent(item, message),
      refused: (item, error) => viewRef.current.refused(item, error),
      offline: (item) => viewRef.current.offline(item),
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = async () => {
      clearTimeout(timer);
      if (!navigator.onLine) return;
      const emptied = await flushOutbox(
        storageKey,
        store,
        (item) => sendRef.current(item),
        events,
        isNetworkError,
      );
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
      for (const item of store.read()) viewRef.current.hide(item);
    };
  }, [store, storageKey]);

  /** Queues a text (under `clientKey` when a first try may have reached the server) and sends it when it can. */
  const queue = useCallback(
    (text: string, clientKey: string, afterId: number) => {
      if (!store) return;
      const item: OutboxItem = { clientKey, text, createdAt: new Date().toISOString(), afterId };
      enqueue(store, item);
      viewRef.current.show(item);
      runRef.current();
    },
    [store],
  );

  return { queue };
}
