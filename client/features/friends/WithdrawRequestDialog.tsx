import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { useFriendAction } from './use-friend-actions';

/** Confirms withdrawing the friend request the caller sent `name` (`userId`). */
export function WithdrawRequestDialog({
  userId,
  name,
  open,
  onOpenChange,
}: {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const withdraw = useFriendAction('withdraw');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdraw friend request?</DialogTitle>
          <DialogDescription>
            {name} will no longer see your request. You can send a new one later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep request
          </Button>
          <Button
            variant="destructive"
            disabled={withdraw.isPending}
            onClick={() => withdraw.run(userId, { onSuccess: () => onOpenChange(false) })}
          >
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
