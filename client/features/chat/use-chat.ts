import type { AuthUser } from '@shared/api/auth';
import type { ChatMessage, MessagePage, ServerFrame } from '@shared/api/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { apiJson, errorMessage, queryKeyToPath } from '../../lib/api';
import { realtimeLink } from '../../lib/socket';
import { toast } from '../../ui/use-toast';
import { pactKeys } from '../pacts/queries';
import { newClientKey } from '../proofs/client-key';
import { sendProof } from '../proofs/send-proof';
import { chatReducer, emptyChat, maxMessageId } from './chat-state';

const PROOF_TEXT = 'Workout proof submitted';

function fetchPage(challengeId: number, query: { before?: number }, signal?: AbortSignal) {
  const path = queryKeyToPath(['/api/challenges', challengeId, 'messages', query]);
  return fetch(path, { credentials: 'include', signal }).then(async (res) => {
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
    return (await res.json()) as MessagePage;
  });
}

/** fetch() rejects with a TypeError when there is no network: say so instead of 'Failed to fetch'. */
export function sendFailureText(error: unknown, online: boolean): string {
  if (error instanceof TypeError || !online)
    return 'You are offline. Your text is kept: send it again once you are back online.';
  return errorMessage(error);
}

const summaryOf = (me: AuthUser) => ({
  id: me.id,
  firstName: me.firstName,
  username: me.username,
  profileImageUrl: me.profileImageUrl,
});

/**
 * A Pact's chat: the newest page over HTTP, then the room over the real-time link from the last id loaded (so
 * nothing between the two is lost), older pages on demand, optimistic sends with idempotency keys, proofs and
 * decisions. `enabled` waits until the Pact itself is known to be readable.
 */
export function useChat(challengeId: number, me: AuthUser | null, enabled: boolean) {
  const [state, dispatch] = useReducer(chatReducer, emptyChat);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [liveUsers, setLiveUsers] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  const lastFailed = useRef<{ text: string; key: string } | null>(null);
  const proofBlobs = useRef(new Map<string, { video: Blob; value: number }>());

  const refetchNewest = useCallback(async () => {
    const page = await fetchPage(challengeId, {});
    dispatch({ type: 'page', page, mode: 'reset' });
    realtimeLink().noteLastId(challengeId, maxMessageId(page.items));
  }, [challengeId]);

  const onFrame = useCallback(
    async (frame: ServerFrame) => {
      switch (frame.type) {
        case 'chat_message':
          return dispatch({ type: 'upsert', messages: [frame.message] });
        case 'stream_proof':
          return dispatch({ type: 'proof', proof: frame.proof });
        case 'proof_status':
          return dispatch({
            type: 'proof_status',
            messageId: frame.messageId,
            status: frame.status,
            decidedBy: frame.decidedBy,
          });
        case 'live':
          return setLiveUsers((current) => {
            const next = new Set(current);
            if (frame.state === 'started') next.add(frame.userId);
            else next.delete(frame.userId);
            return next;
          });
        case 'resync':
          return refetchNewest().catch(() => undefined);
        case 'unsubscribed':
        case 'error': {
          if (frame.type === 'unsubscribed' && frame.reason === 'requested') return;
          // Membership or visibility changed: re-read the Pact; while we still may read it, listen again.
          await queryClient.invalidateQueries({ queryKey: pactKeys.detail(challengeId) });
          await queryClient.invalidateQueries({ queryKey: pactKeys.participants(challengeId) });
          const pact = queryClient.getQueryState(pactKeys.detail(challengeId));
          if (frame.type === 'unsubscribed' && pact?.status === 'success')
            realtimeLink().resubscribe(challengeId);
          return;
        }
        default:
          return;
      }
    },
    [challengeId, queryClient, refetchNewest],
  );
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let off: (() => void) | undefined;
    fetchPage(challengeId, {}, controller.signal)
      .then((page) => {
        dispatch({ type: 'page', page, mode: 'newest' });
        off = realtimeLink().subscribe(
          challengeId,
          maxMessageId(page.items),
          (f) => void frameRef.current(f),
        );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error);
      });
    return () => {
      controller.abort();
      off?.();
    };
  }, [challengeId, enabled]);

  const loadOlder = useCallback(async () => {
    const before = stateRef.current.nextBefore;
    if (before === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchPage(challengeId, { before });
      dispatch({ type: 'page', page, mode: 'older' });
    } catch {
      // Scrolling up again retries.
    } finally {
      setLoadingOlder(false);
    }
  }, [challengeId, loadingOlder]);

  /** Sends a text message; resolves true once stored (the caller clears the input then). */
  const sendText = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || !me) return false;
      // Retrying the same text after a failure reuses its key: if the first try was stored, this stores nothing.
      const key = lastFailed.current?.text === text ? lastFailed.current.key : newClientKey();
      dispatch({
        type: 'pending_add',
        pending: {
          clientKey: key,
          type: 'message',
          text,
          userId: me.id,
          user: summaryOf(me),
          createdAt: new Date().toISOString(),
          afterId: maxMessageId(stateRef.current.messages),
          status: 'sending',
        },
      });
      try {
        const message = await apiJson<ChatMessage>('POST', `/api/challenges/${challengeId}/chat`, {
          message: text,
          type: 'message',
          clientKey: key,
        });
        lastFailed.current = null;
        dispatch({ type: 'upsert', messages: [message] });
        return true;
      } catch (error) {
        lastFailed.current = { text, key };
        toast({
          title: 'Failed to send message',
          description: sendFailureText(error, navigator.onLine),
          variant: 'destructive',
        });
        return false;
      } finally {
        dispatch({ type: 'pending_remove', clientKey: key });
      }
    },
    [challengeId, me],
  );

  const runProof = useCallback(
    async (key: string) => {
      const entry = proofBlobs.current.get(key);
      if (!entry) return;
      dispatch({ type: 'pending_update', clientKey: key, changes: { status: 'sending', progress: 0 } });
      try {
        const message = await sendProof({
          challengeId,
          video: entry.video,
          value: entry.value,
          clientKey: key,
          onProgress: (progress) =>
            dispatch({ type: 'pending_update', clientKey: key, changes: { progress } }),
        });
        proofBlobs.current.delete(key);
        dispatch({ type: 'upsert', messages: [message] });
        dispatch({ type: 'pending_remove', clientKey: key });
        toast({ title: 'Workout proof sent', description: 'Proof submitted successfully' });
      } catch (error) {
        dispatch({ type: 'pending_update', clientKey: key, changes: { status: 'failed' } });
        toast({ title: 'Failed to send proof', description: errorMessage(error), variant: 'destructive' });
      }
    },
    [challengeId],
  );

  /** Shows 'Workout proof submitted' (pending) at once, then uploads and posts it. */
  const submitProof = useCallback(
    (video: Blob, value: number) => {
      if (!me) return;
      const key = newClientKey();
      proofBlobs.current.set(key, { video, value });
      dispatch({
        type: 'pending_add',
        pending: {
          clientKey: key,
          type: 'workout_proof',
          text: PROOF_TEXT,
          userId: me.id,
          user: summaryOf(me),
          createdAt: new Date().toISOString(),
          afterId: maxMessageId(stateRef.current.messages),
          status: 'sending',
          progress: 0,
          value,
        },
      });
      void runProof(key);
    },
    [me, runProof],
  );

  const discardProof = useCallback((key: string) => {
    proofBlobs.current.delete(key);
    dispatch({ type: 'pending_remove', clientKey: key });
  }, []);

  const decide = useCallback(
    async (proofId: number, approval: 'approved' | 'rejected') => {
      try {
        const message = await apiJson<ChatMessage>('POST', `/api/challenges/${challengeId}/approve`, {
          proofId,
          approval,
        });
        dispatch({ type: 'upsert', messages: [message] });
        toast({ title: 'Approval submitted', description: 'Your approval has been recorded' });
      } catch (error) {
        toast({
          title: 'Failed to submit approval',
          description: errorMessage(error),
          variant: 'destructive',
        });
      }
    },
    [challengeId],
  );

  return {
    state,
    loadError,
    loadingOlder,
    liveUsers,
    loadOlder,
    sendText,
    submitProof,
    retryProof: runProof,
    discardProof,
    decide,
  };
}

export type ChatController = ReturnType<typeof useChat>;
