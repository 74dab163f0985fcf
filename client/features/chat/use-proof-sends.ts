import type { AuthUser } from '@shared/api/auth';
import { type Dispatch, type RefObject, useCallback, useRef } from 'react';
import { decideProof } from '../../api/chat';
import { errorMessage } from '../../api/errors';
import { toast } from '../../ui/use-toast';
import { newClientKey } from '../proofs/client-key';
import { sendProof } from '../proofs/send-proof';
import { type ChatAction, type ChatState, maxMessageId } from './chat-state';
import { summaryOf } from './use-send-text';

const PROOF_TEXT = 'Workout proof submitted';

/**
 * Proofs from the chat's camera: 'Workout proof submitted' shows at once (pending, with upload progress), then
 * the video uploads and the proof is posted; a failed one can be retried (same key) or discarded.
 */
export function useProofSends(
  challengeId: number,
  me: AuthUser | null,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
) {
  const proofBlobs = useRef(new Map<string, { video: Blob; value: number }>());

  const retryProof = useCallback(
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
    [challengeId, dispatch],
  );

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
      void retryProof(key);
    },
    [me, retryProof, dispatch, stateRef],
  );

  const discardProof = useCallback(
    (key: string) => {
      proofBlobs.current.delete(key);
      dispatch({ type: 'pending_remove', clientKey: key });
    },
    [dispatch],
  );

  return { submitProof, retryProof, discardProof };
}

/** Approves or rejects a proof; the decision shows at once, other sockets get it from the room. */
export function useDecideProof(challengeId: number, dispatch: Dispatch<ChatAction>) {
  return useCallback(
    async (proofId: number, approval: 'approved' | 'rejected') => {
      try {
        const message = await decideProof(challengeId, { proofId, approval });
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
    [challengeId, dispatch],
  );
}
