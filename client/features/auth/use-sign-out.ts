import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { authKeys, signOut as signOutCall } from '../../api/auth';
import { forgetAllProofs } from '../proofs/proof-outbox';
import { forgetPushOnSignOut } from '../settings/push-device';

/**
 * True from the sign-out click until the page shows the signed-out screens. The signed-in routes send /register
 * home; while signing out they must not, or the redirect would win the race against the cleared user.
 */
let signOutInProgress = false;
export const isSignOutInProgress = (): boolean => signOutInProgress;
export const resetSignOut = (): void => {
  signOutInProgress = false;
};

/**
 * Sign-out: end the session on the server, then forget the user and go to /register, also when the call fails,
 * so a broken session never traps the user. AuthGate drops every other cached answer once signed out.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = useMutation({
    // This device stops getting the leaving user's reminders before the session ends.
    mutationFn: async () => {
      await forgetPushOnSignOut().catch(() => undefined);
      // Proofs still on their way hold the leaving person's workout videos: they do not stay on this device.
      await forgetAllProofs();
      return signOutCall();
    },
    onMutate: () => {
      signOutInProgress = true;
    },
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => {
      queryClient.setQueryData(authKeys.user, null);
      navigate('/register', { replace: true });
      // The sign-in screen opens at its top, not at the scroll position of the screen signed out from.
      window.scrollTo(0, 0);
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending || mutation.isSuccess };
}
