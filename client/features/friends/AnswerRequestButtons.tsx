import { Check, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { answerLock } from './answer-lock';
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
  // mutateAsync: its promise settles even when this row has left the list (the toasts come from the mutation).
  const answer = (action: typeof accept) => {
    if (!answerLock.take()) return;
    action
      .mutateAsync(userId)
      .catch(() => {})
      .finally(answerLock.release);
  };
  return (
    <div className={cn('flex gap-2', className)}>
      <Button
        size={size}
        onClick={() => answer(accept)}
        disabled={busy}
        aria-label={`Accept friend request from ${name}`}
      >
        <Check aria-hidden="true" />
        {accept.isPending ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        size={size}
        variant="outline"
        onClick={() => answer(decline)}
        disabled={busy}
        aria-label={`Decline friend request from ${name}`}
      >
        <X aria-hidden="true" />
        {decline.isPending ? 'Declining...' : 'Decline'}
      </Button>
    </div>
  );
}
