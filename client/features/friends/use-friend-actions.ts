import type { FriendResponse } from '@shared/api/users';
import { errorMessage } from '../../api/errors';
import { type FriendChange, useFriendMutation } from '../../api/friends';
import { displayName } from '../../lib/display-name';
import { toast } from '../../ui/use-toast';
import { addFriendToast } from './friend-button-state';

/** The friend actions with their toasts: each is `run(userId, options?)` plus the mutation's state. */

type Feedback = {
  success: (answer: FriendResponse, name: string) => Parameters<typeof toast>[0];
  /** Shown when the server gives no message. */
  failure: string;
};

const FEEDBACK: Record<'add' | 'unfriend' | 'withdraw' | 'accept' | 'decline', Feedback> = {
  add: { success: (answer, name) => addFriendToast(answer, name), failure: 'Failed to add friend' },
  unfriend: {
    success: (_answer, name) => ({
      title: 'Friend removed',
      description: `You and ${name} are no longer friends`,
    }),
    failure: 'Failed to remove friend',
  },
  withdraw: {
    success: (_answer, name) => ({
      title: 'Friend request withdrawn',
      description: `${name} will no longer see your request`,
    }),
    failure: 'Failed to withdraw the friend request',
  },
  accept: {
    success: (_answer, name) => ({
      title: 'Friend Added!',
      description: `You are now friends with ${name}`,
      variant: 'success',
    }),
    failure: 'Failed to accept the friend request',
  },
  decline: {
    success: (_answer, name) => ({
      title: 'Request declined',
      description: `${name} will not be told`,
    }),
    failure: 'Failed to decline the friend request',
  },
};

const CHANGE: Record<keyof typeof FEEDBACK, FriendChange> = {
  add: 'add',
  unfriend: 'remove',
  withdraw: 'remove',
  accept: 'accept',
  decline: 'decline',
};

export function useFriendAction(action: keyof typeof FEEDBACK) {
  const feedback = FEEDBACK[action];
  const mutation = useFriendMutation(CHANGE[action], {
    onSuccess: (answer) => toast(feedback.success(answer, displayName(answer.friend))),
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, feedback.failure), variant: 'destructive' }),
  });
  return {
    ...mutation,
    /** `onSuccess` is for the caller's own screen (closing a dialog); the toast comes regardless. */
    run: (userId: string, options: { onSuccess?: () => void } = {}) =>
      mutation.mutate(userId, { onSuccess: () => options.onSuccess?.() }),
  };
}
