import type { SubscriptionView, TeamPage } from '@shared/api/teams';
import { errorMessage } from '../../api/errors';
import { useCancelSubscription } from '../../api/teams';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { toast } from '../../ui/use-toast';
import { billingDate } from './team-format';

/** Cancel at the period's end: access stays until then, and the member can undo it until then. */
export function CancelSubscriptionDialog({
  team,
  sub,
  onClose,
}: {
  team: TeamPage;
  sub: SubscriptionView;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  const until = billingDate(sub.currentPeriodEnd);
  const confirm = () =>
    cancel.mutateAsync(team.id).then(
      () => {
        onClose();
        toast({
          title: 'Subscription canceled',
          description: `You keep access to ${team.name} until ${until}.`,
        });
      },
      (error: unknown) =>
        toast({ title: 'Could not cancel', description: errorMessage(error), variant: 'destructive' }),
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel subscription?</DialogTitle>
          <DialogDescription>
            You keep access to {team.name} until {until}, and nothing more is charged. You can undo this until
            then.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            Keep subscription
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Canceling...' : 'Cancel subscription'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
