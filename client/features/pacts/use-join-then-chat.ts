import { useLocation } from 'wouter';
import { errorMessage, errorStatus } from '../../api/errors';
import { useJoinPact } from '../../api/pacts';
import { toast } from '../../ui/use-toast';

/**
 * Join a Pact, then open its chat (straight to the chat when already in). A Pact that cannot be joined shows the
 * server's reason; a team's Pact refused for want of a subscription, or joined before the member's access ended,
 * opens the team's page, where the trial or a new subscription starts.
 * `onJoined` runs before the chat opens.
 */
export function useJoinThenChat() {
  const [, navigate] = useLocation();
  const join = useJoinPact();
  const joinThenChat = (
    pact: {
      id: number;
      isParticipant: boolean;
      teamAccess?: boolean;
      team?: { id: number; name: string } | null;
    },
    onJoined?: () => void,
  ) => {
    // Joined, but the team's access ended: its chat would refuse them; the team's page lets them subscribe again.
    if (pact.isParticipant && pact.teamAccess === false && pact.team) {
      toast({ title: 'Members only', description: `Your ${pact.team.name} membership has ended.` });
      navigate(`/teams/${pact.team.id}`);
      return;
    }
    if (pact.isParticipant) {
      navigate(`/chat/${pact.id}`);
      return;
    }
    join.mutate(pact.id, {
      onSuccess: () => {
        onJoined?.();
        navigate(`/chat/${pact.id}`);
      },
      onError: (error) => {
        const needsTrial = errorStatus(error) === 403 && !!pact.team;
        toast({
          title: needsTrial ? 'Members only' : 'Could not join',
          description: errorMessage(error, 'Failed to join this Pact'),
          variant: needsTrial ? 'default' : 'destructive',
        });
        if (needsTrial && pact.team) navigate(`/teams/${pact.team.id}`);
      },
    });
  };
  return { joinThenChat, isJoining: join.isPending };
}
