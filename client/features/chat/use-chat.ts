import type { AuthUser } from '@shared/api/auth';
import { useReducer, useRef } from 'react';
import { useDecideProof, useProofSends } from '../proofs/use-proof-sends';
import { chatReducer, emptyChat } from './chat-state';
import { useChatRoom } from './use-chat-room';
import { useChatOutbox } from './use-outbox';
import { useSendText } from './use-send-text';

/**
 * A Pact's chat, composed: the room (pages and the real-time link), optimistic text sends, proofs and their
 * decisions, all on one message reducer. `enabled` waits until the Pact itself is known to be readable.
 */
export function useChat(challengeId: number, me: AuthUser | null, enabled: boolean) {
  const [state, dispatch] = useReducer(chatReducer, emptyChat);
  const stateRef = useRef(state);
  stateRef.current = state;
  const room = useChatRoom(challengeId, enabled, dispatch, stateRef);
  const queue = useChatOutbox(challengeId, me, dispatch, stateRef);
  const sendText = useSendText(challengeId, me, dispatch, stateRef, queue);
  const proofs = useProofSends(challengeId, me, dispatch, stateRef);
  const decide = useDecideProof(challengeId, dispatch);
  return { state, ...room, sendText, ...proofs, decide };
}

export type ChatController = ReturnType<typeof useChat>;
