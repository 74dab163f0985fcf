import type { FriendResponse, FriendshipState, UserProfile } from '@shared/api/users';

/**
 * What the friend button on a user's page offers, from where the caller stands with them: nothing for oneself and
 * the AI trainer; Add Friend; Request sent (tap to withdraw); Accept and Decline when they asked; Friends (with
 * Unfriend in its menu). A Try Demo visitor keeps its sample friends and cannot ask anyone else (the server refuses),
 * so it is offered no Add Friend.
 */
export type FriendButtonState = 'hidden' | 'add' | 'requested' | 'incoming' | 'friends';

export function friendButtonState(
  profile: Pick<UserProfile, 'isSelf' | 'isAiTrainer' | 'friendship'>,
  viewerIsDemo = false,
): FriendButtonState {
  if (profile.isSelf || profile.isAiTrainer) return 'hidden';
  if (viewerIsDemo && profile.friendship !== 'friends') return 'hidden';
  const states: Record<FriendshipState, FriendButtonState> = {
    none: 'add',
    requested: 'requested',
    incoming: 'incoming',
    friends: 'friends',
  };
  return states[profile.friendship];
}

type ToastText = { title: string; description: string; variant: 'success' | 'default' };

/** The toast after Add Friend: a request went out, or (they had asked) both are friends now. */
export function addFriendToast(answer: Pick<FriendResponse, 'friendship'>, name: string): ToastText {
  return answer.friendship === 'friends'
    ? { title: 'Friend Added!', description: `You are now friends with ${name}`, variant: 'success' }
    : {
        title: 'Friend request sent',
        description: `${name} will see it in their notifications`,
        variant: 'default',
      };
}
