import { Check, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { useFriendAction } from './use-friend-actions';

/**
 * Accept and Decline for a friend request `name` (`userId`) sent the caller: on a user's page, in the requests
 * list and in the notifications dialog. Declining is quiet: the requester is not told.
 */
export function AnswerRequestButtons({
  userId,
  name,
  size = 'sm',
  className,
}: {
  userId: string;
  name: string;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const accept = useFriendAction('accept');
  const decline = useFriendAction('decline');
  const busy = accept.isPending || decline.isPending;
  return (
    <div className={cn('flex gap-2', className)}>
      <Button
        size={size}
        onClick={() => accept.run(userId)}
        disabled={busy}
        aria-label={`Accept friend request from ${name}`}
      >
        <Check aria-hidden="true" />
        {accept.isPending ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        size={size}
        variant="outline"
        onClick={() => decline.run(userId)}
        disabled={busy}
        aria-label={`Decline friend request from ${name}`}
      >
        <X aria-hidden="true" />
        {decline.isPending ? 'Declining...' : 'Decline'}
      </Button>
    </div>
  );
}
