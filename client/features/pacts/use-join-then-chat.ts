import { useLocation } from 'wouter';
import { errorMessage } from '../../api/errors';
import { useJoinPact } from '../../api/pacts';
import { toast } from '../../ui/use-toast';

/**
 * Join a Pact, then open its chat (straight to the chat when already in). A Pact that cannot be joined (a Pro
 * program without a subscription) shows the server's reason. `onJoined` runs before the chat opens.
 */
export function useJoinThenChat() {
  const [, navigate] = useLocation();
  const join = useJoinPact();
  const joinThenChat = (pact: { id: number; isParticipant: boolean }, onJoined?: () => void) => {
    if (pact.isParticipant) {
      navigate(`/chat/${pact.id}`);
      return;
    }
    join.mutate(pact.id, {
      onSuccess: () => {
        onJoined?.();
        navigate(`/chat/${pact.id}`);
      },
      onError: (error) =>
        toast({
          title: 'Could not join',
          description: errorMessage(error, 'Failed to join this Pact'),
          variant: 'destructive',
        }),
    });
  };
  return { joinThenChat, isJoining: join.isPending };
}
