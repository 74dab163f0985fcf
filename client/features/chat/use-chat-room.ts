import type { ServerFrame } from '@shared/api/chat';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { fetchMessages } from '../../api/chat';
import { errorStatus } from '../../api/errors';
import { pactKeys } from '../../api/pacts';
import { realtimeLink } from '../../lib/realtime/link';
import { type ChatAction, type ChatState, maxMessageId } from './chat-state';

/**
 * The room of a Pact's chat: the newest page over HTTP, then the room over the real-time link from the last id
 * loaded (so nothing between the two is lost), older pages on demand, and who is working out live. `enabled`
 * waits until the Pact itself is known to be readable.
 */
export function useChatRoom(
  challengeId: number,
  enabled: boolean,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
) {
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const { onFrame, liveUsers, accessLost } = useRoomFrames(challengeId, dispatch);
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let off: (() => void) | undefined;
    fetchMessages(challengeId, {}, controller.signal)
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
  }, [challengeId, enabled, dispatch]);

  const loadOlder = useCallback(async () => {
    const before = stateRef.current.nextBefore;
    if (before === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(challengeId, { before });
      dispatch({ type: 'page', page, mode: 'older' });
    } catch {
      // Scrolling up again retries.
    } finally {
      setLoadingOlder(false);
    }
  }, [challengeId, loadingOlder, dispatch, stateRef]);

  /** The chat is closed to the caller: refused on load (403), or their team access ended while it was open. */
  const closed = accessLost || errorStatus(loadError) === 403;
  return { loadError, closed, loadingOlder, liveUsers, loadOlder };
}

/** What each frame of the room does to the chat. */
function useRoomFrames(challengeId: number, dispatch: Dispatch<ChatAction>) {
  const [liveUsers, setLiveUsers] = useState<ReadonlySet<string>>(new Set());
  const [accessLost, setAccessLost] = useState(false);
  const queryClient = useQueryClient();

  const refetchNewest = useCallback(async () => {
    const page = await fetchMessages(challengeId);
    dispatch({ type: 'page', page, mode: 'reset' });
    realtimeLink().noteLastId(challengeId, maxMessageId(page.items));
  }, [challengeId, dispatch]);

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
          if (frame.type === 'unsubscribed' && frame.reason === 'access_lost') setAccessLost(true);
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
    [challengeId, queryClient, refetchNewest, dispatch],
  );

  return { onFrame, liveUsers, accessLost };
}
