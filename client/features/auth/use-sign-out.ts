import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '../../lib/api';

/**
 * Sign-out (SPEC 4): POST /api/auth/logout, then forget every cached answer and go to /register, also when the
 * call fails, so a broken session never traps the user.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onError: (error) => console.error('Sign-out failed', error),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(['/api/auth/user'], null);
      navigate('/register', { replace: true });
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
