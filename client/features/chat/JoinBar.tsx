import { UserPlus } from 'lucide-react';
import { errorMessage } from '../../api/errors';
import { useJoinPact } from '../../api/pacts';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/use-toast';

/** Someone who can see the Pact but has not joined reads its chat; joining brings the input. */
export function JoinBar({ challengeId }: { challengeId: number }) {
  const join = useJoinPact();
  return (
    <div className="mx-auto flex w-full max-w-md items-center gap-3 px-4 py-3">
      <p className="min-w-0 flex-1 text-muted-foreground text-sm">
        Join this Pact to chat and send your proof.
      </p>
      <Button
        onClick={() =>
          join.mutate(challengeId, {
            onError: (error) =>
              toast({ title: 'Could not join', description: errorMessage(error), variant: 'destructive' }),
          })
        }
        disabled={join.isPending}
      >
        <UserPlus aria-hidden="true" />
        {join.isPending ? 'Joining...' : 'Join'}
      </Button>
    </div>
  );
}
