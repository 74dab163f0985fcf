import type { ServerFrame } from '@shared/api/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isNetworkError } from '../../api/errors';
import { fetchDmPage, markDmRead, messageKeys, postDm } from '../../api/messages';
import { sendOrQueue } from '../../lib/outbox';
import { realtimeLink } from '../../lib/realtime/link';
import { toast } from '../../ui/use-toast';
import { sendFailureText } from '../chat/use-send-text';
import { newClientKey } from '../proofs/client-key';
import { type DmState, dmReducer, initialDmState, lastIdOf, unreadUpTo } from './dm-state';
import { useDmOutbox } from './use-dm-outbox';

/** At most this many catch-up pages after a reconnect; past that the first page is loaded afresh. */
const CATCH_UP_PAGES = 5;

/**
 * One conversation: the newest page, older pages on demand, live frames from the link's user channel, a catch-up
 * by last id each time the link comes back (frames sent while it was down are not replayed), read marking while
 * the screen is visible, and sends with an idempotency key (a retry of the same text reuses it); offline, sends
 * wait in the outbox every conversation shares (use-dm-outbox.ts).
 */
export function useConversation(otherId: string, meId: string | undefined) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(dmReducer, initialDmState);
  const stateRef = useRef<DmState>(state);
  stateRef.current = state;
  const [header, setHeader] = useState<Awaited<ReturnType<typeof fetchDmPage>>['conversation'] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const lastFailed = useRef<{ text: string; key: string } | null>(null);

  const loadFirst = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await fetchDmPage(otherId, {}, signal);
        setHeader(page.conversation);
        dispatch({ type: 'first_page', items: page.items, nextBefore: page.nextBefore });
        setLoadError(null);
      } catch (error) {
        if (!signal?.aborted) setLoadError(error);
      }
    },
    [otherId],
  );

  const catchUp = useCallback(async () => {
    let after = lastIdOf(stateRef.current);
    if (after === undefined) return loadFirst();
    for (let i = 0; i < CATCH_UP_PAGES; i += 1) {
      const page = await fetchDmPage(otherId, { after, limit: 100 });
      setHeader(page.conversation);
      dispatch({ type: 'merge', items: page.items });
      if (page.nextAfter === null) return;
      after = page.nextAfter;
    }
    await loadFirst();
  }, [otherId, loadFirst]);

  useEffect(() => {
    const controller = new AbortController();
    void loadFirst(controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  // Live frames of this conversation, and a catch-up whenever the link reconnects.
  useEffect(() => {
    if (!meId) return;
    const link = realtimeLink();
    const mine = (a: string, b: string) => (a === meId && b === otherId) || (a === otherId && b === meId);
    const offFrame = link.onUserFrame((frame: ServerFrame) => {
      if (frame.type === 'direct_message' && mine(frame.message.senderId, frame.message.recipientId)) {
        dispatch({ type: 'merge', items: [frame.message] });
      } else if (frame.type === 'direct_read' && mine(frame.readerId, frame.otherId)) {
        dispatch({ type: 'read', readerId: frame.readerId, upTo: frame.upTo, at: new Date().toISOString() });
      }
    });
    let wasConnected = link.getStatus() === 'connected';
    const offStatus = link.onStatus(() => {
      const connected = link.getStatus() === 'connected';
      if (connected && !wasConnected) void catchUp().catch(() => {});
      wasConnected = connected;
    });
    return () => {
      offFrame();
      offStatus();
    };
  }, [meId, otherId, catchUp]);

  // Their messages on screen become read while the page is visible.
  const upTo = meId ? unreadUpTo(state, meId) : null;
  useEffect(() => {
    if (upTo === null || !meId) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      dispatch({ type: 'read', readerId: meId, upTo, at: new Date().toISOString() });
      void markDmRead(otherId, upTo)
        .then(() => queryClient.invalidateQueries({ queryKey: messageKeys.all }))
        .catch(() => {});
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [upTo, meId, otherId, queryClient]);

  const loadOlder = useCallback(async () => {
    const before = stateRef.current.nextBefore;
    if (before === null) return;
    const page = await fetchDmPage(otherId, { before });
    dispatch({ type: 'older_page', items: page.items, nextBefore: page.nextBefore });
  }, [otherId]);

  const queue = useDmOutbox(otherId, meId, dispatch);
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text) return false;
      const key = lastFailed.current?.text === text ? lastFailed.current.key : newClientKey();
      lastFailed.current = null;
      // The rule of every conversation (lib/outbox.ts): offline or a network failure on the way queues it.
      const outcome = await sendOrQueue(
        navigator.onLine,
        () => {
          dispatch({ type: 'sending', clientKey: key, text });
          return postDm(otherId, text, key);
        },
        () => queue(text, key, lastIdOf(stateRef.current) ?? 0),
        isNetworkError,
      );
      if (outcome.kind === 'queued') return true;
      if (outcome.kind === 'sent') {
        dispatch({ type: 'sent', clientKey: key, message: outcome.message });
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
        return true;
      }
      lastFailed.current = { text, key };
      dispatch({ type: 'discard', clientKey: key });
      toast({
        title: 'Failed to send message',
        description: sendFailureText(outcome.error, navigator.onLine),
        variant: 'destructive',
      });
      // A conversation that became read-only (access ended) says so at once.
      void catchUp().catch(() => {});
      return false;
    },
    [otherId, queryClient, catchUp, queue],
  );

  return { state, header, loadError, loadOlder, send };
}
