import type { Challenge } from '@shared/api/pacts';
import { Button, type ButtonProps } from '../../ui/Button';
import { useJoinThenChat } from '../pacts/use-join-then-chat';

/** Join, then open the Pact's chat (straight to the chat when already in it). */
export function JoinPactButton({
  pact,
  ...props
}: { pact: Pick<Challenge, 'id' | 'title' | 'isParticipant'> } & ButtonProps) {
  const { joinThenChat, isJoining } = useJoinThenChat();
  return (
    <Button
      size="sm"
      onClick={() => joinThenChat(pact)}
      disabled={isJoining}
      aria-label={`Join ${pact.title}`}
      {...props}
    >
      {isJoining ? 'Joining...' : pact.isParticipant ? 'Open' : 'Join'}
    </Button>
  );
}
