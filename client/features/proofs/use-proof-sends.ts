import type { AuthUser } from '@shared/api/auth';
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from 'react';
import { errorMessage, errorStatus } from '../../api/errors';
import { decideProof } from '../../api/proofs';
import { toast } from '../../ui/use-toast';
import { type ChatAction, type ChatState, maxMessageId } from '../chat/chat-state';
import { summaryOf } from '../chat/use-send-text';
import { newClientKey } from './client-key';
import { forgetProof, keepProof, proofsWaiting, type StoredProof } from './proof-outbox';
import { sendProof } from './send-proof';

const PROOF_TEXT = 'Workout proof submitted';
const NO_CODE_WORD = 'This recording has no code word: discard it and record again';

/**
 * Proofs from the chat's camera: 'Workout proof submitted' shows at once (pending, with upload progress), then
 * the video uploads and the proof is posted; a failed one can be retried (same key) or discarded. Each is kept in
 * IndexedDB until stored or discarded (proof-outbox.ts), and opening the chat sends again what a reload left.
 */
export function useProofSends(
  challengeId: number,
  me: AuthUser | null,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
) {
  const proofBlobs = useRef(new Map<string, { video: Blob; value: number; codeWordId?: number }>());

  const retryProof = useCallback(
    async (key: string) => {
      const entry = proofBlobs.current.get(key);
      if (!entry) return;
      if (entry.codeWordId === undefined) {
        // Recorded before proofs carried a code word: the server would refuse it, so it can only be discarded.
        dispatch({ type: 'pending_update', clientKey: key, changes: { status: 'failed' } });
        toast({ title: 'Failed to send proof', description: NO_CODE_WORD, variant: 'destructive' });
        return;
      }
      dispatch({ type: 'pending_update', clientKey: key, changes: { status: 'sending', progress: 0 } });
      try {
        const message = await sendProof({
          challengeId,
          video: entry.video,
          value: entry.value,
          codeWordId: entry.codeWordId,
          clientKey: key,
          onProgress: (progress) =>
            dispatch({ type: 'pending_update', clientKey: key, changes: { progress } }),
        });
        proofBlobs.current.delete(key);
        void forgetProof(key);
        dispatch({ type: 'upsert', messages: [message] });
        dispatch({ type: 'pending_remove', clientKey: key });
        toast({ title: 'Workout proof sent', description: 'Proof submitted successfully' });
      } catch (error) {
        // Refused for good (no such Pact, or no longer in it): kept no more, so no visit uploads it again.
        const status = errorStatus(error);
        if (status === 403 || status === 404) void forgetProof(key);
        dispatch({ type: 'pending_update', clientKey: key, changes: { status: 'failed' } });
        toast({ title: 'Failed to send proof', description: errorMessage(error), variant: 'destructive' });
      }
    },
    [challengeId, dispatch],
  );

  /** Shows a proof as pending and sends it (a new one, or one a reload left in the outbox). */
  const start = useCallback(
    (proof: StoredProof) => {
      if (!me || proofBlobs.current.has(proof.clientKey)) return;
      proofBlobs.current.set(proof.clientKey, {
        video: proof.video,
        value: proof.value,
        codeWordId: proof.codeWordId,
      });
      dispatch({
        type: 'pending_add',
        pending: {
          clientKey: proof.clientKey,
          type: 'workout_proof',
          text: PROOF_TEXT,
          userId: me.id,
          user: summaryOf(me),
          createdAt: proof.createdAt,
          afterId: maxMessageId(stateRef.current.messages),
          status: 'sending',
          progress: 0,
          value: proof.value,
        },
      });
      void retryProof(proof.clientKey);
    },
    [me, retryProof, dispatch, stateRef],
  );

  const submitProof = useCallback(
    (video: Blob, value: number, codeWordId: number) => {
      if (!me) return;
      const proof = {
        clientKey: newClientKey(),
        challengeId,
        userId: me.id,
        video,
        value,
        codeWordId,
        createdAt: new Date().toISOString(),
      };
      // Kept before the upload starts, so a reload at any point finds it.
      void keepProof(proof);
      start(proof);
    },
    [me, challengeId, start],
  );

  // What a reload (or a closed tab) left on its way: sent again now, each once.
  const meId = me?.id;
  useEffect(() => {
    if (!meId) return;
    let live = true;
    void proofsWaiting(challengeId, meId).then((waiting) => {
      if (live) for (const proof of waiting) start(proof);
    });
    return () => {
      live = false;
    };
  }, [challengeId, meId, start]);

  const discardProof = useCallback(
    (key: string) => {
      proofBlobs.current.delete(key);
      void forgetProof(key);
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
