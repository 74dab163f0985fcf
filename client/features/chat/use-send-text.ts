import type { AuthUser } from '@shared/api/auth';
import { type Dispatch, type RefObject, useCallback, useRef } from 'react';
import { postMessage } from '../../api/chat';
import { errorMessage, isNetworkError } from '../../api/errors';
import { sendOrQueue } from '../../lib/outbox';
import { toast } from '../../ui/use-toast';
import { newClientKey } from '../proofs/client-key';
import { type ChatAction, type ChatState, maxMessageId } from './chat-state';

/** fetch() rejects with a TypeError when there is no network: say so instead of 'Failed to fetch'. */
export function sendFailureText(error: unknown, online: boolean): string {
  if (isNetworkError(error) || !online)
    return 'You are offline. Your text is kept: send it again once you are back online.';
  return errorMessage(error);
}

export const summaryOf = (me: AuthUser) => ({
  id: me.id,
  firstName: me.firstName,
  username: me.username,
  profileImageUrl: me.profileImageUrl,
});

/**
 * Sends a text message: shown at once as pending, stored with an idempotency key (retrying the same text after a
 * failure reuses its key, so a first try that was stored stores nothing more). Offline, or when the network fails
 * on the way, the message goes to the outbox (`queue`, same key) and waits there, shown as such, until it can be
 * sent (lib/outbox.ts `sendOrQueue`, the rule of every conversation). Resolves true once stored or queued (the
 * caller clears the input then); false when the server refused it.
 */
export function useSendText(
  challengeId: number,
  me: AuthUser | null,
  dispatch: Dispatch<ChatAction>,
  stateRef: RefObject<ChatState>,
  queue: (text: string, clientKey: string) => void,
) {
  const lastFailed = useRef<{ text: string; key: string } | null>(null);
  return useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || !me) return false;
      const key = lastFailed.current?.text === text ? lastFailed.current.key : newClientKey();
      lastFailed.current = null;
      const outcome = await sendOrQueue(
        navigator.onLine,
        () => {
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
          const done = () => dispatch({ type: 'pending_remove', clientKey: key });
          return postMessage(challengeId, text, key).then(
            (message) => {
              dispatch({ type: 'upsert', messages: [message] });
              done();
              return message;
            },
            (error: unknown) => {
              done();
              throw error;
            },
          );
        },
        () => queue(text, key),
        isNetworkError,
      );
      if (outcome.kind !== 'refused') return true;
      lastFailed.current = { text, key };
      toast({
        title: 'Failed to send message',
        description: sendFailureText(outcome.error, navigator.onLine),
        variant: 'destructive',
      });
      return false;
    },
    [challengeId, me, dispatch, stateRef, queue],
  );
}
