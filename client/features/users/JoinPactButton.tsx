import type { Challenge } from '@shared/api/pacts';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { Button, type ButtonProps } from '../../ui/Button';
import { toast } from '../../ui/use-toast';
import { useJoinPact } from '../pacts/queries';

/** Join, then open the Pact's chat (straight to the chat when already in it). */
export function JoinPactButton({
  pact,
  ...props
}: { pact: Pick<Challenge, 'id' | 'title' | 'isParticipant'> } & ButtonProps) {
  const [, navigate] = useLocation();
  const join = useJoinPact();
  const onClick = () => {
    if (pact.isParticipant) return navigate(`/chat/${pact.id}`);
    join.mutate(pact.id, {
      onSuccess: () => navigate(`/chat/${pact.id}`),
      onError: (error) =>
        toast({
          title: 'Could not join',
          description: errorMessage(error, 'Failed to join this Pact'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Button
      size="sm"
      onClick={onClick}
      disabled={join.isPending}
      aria-label={`Join ${pact.title}`}
      {...props}
    >
      {join.isPending ? 'Joining...' : pact.isParticipant ? 'Open' : 'Join'}
    </Button>
  );
}
