import type { Challenge } from '@shared/api/pacts';
import { errorMessage } from '../../../api/errors';
import { useDeletePact } from '../../../api/pacts';
import { Button } from '../../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/Dialog';
import { toast } from '../../../ui/use-toast';

/** The permanent-delete confirmation (an alert dialog: answered only with its buttons). */
export function DeletePactDialog({
  challenge,
  open,
  onOpenChange,
}: {
  challenge: Challenge;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeletePact();
  // mutateAsync, not mutate's callbacks: the card (and this dialog) unmount once the lists refetch without the
  // Pact, and callbacks passed to mutate never run after an unmount.
  const confirm = () =>
    remove.mutateAsync(challenge.id).then(
      () => {
        onOpenChange(false);
        toast({ title: 'Workout deleted', description: 'Your workout has been permanently removed' });
      },
      (error: unknown) =>
        toast({
          title: 'Failed to delete workout',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    );
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog" hideClose>
        <DialogHeader>
          <DialogTitle>Delete Pact?</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete "{challenge.title}"? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={remove.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
