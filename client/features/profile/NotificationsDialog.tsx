import { Bell } from 'lucide-react';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/Dialog';

/**
 * The profile's notifications dialog. In-app notifications (DECISIONS 10) arrive with the progress work; until then
 * it says honestly that there are none instead of showing samples.
 */
export function NotificationsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>
            Friend requests, proof decisions and new members of your Pacts.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Bell className="size-7" aria-hidden="true" />
          </span>
          <p className="font-semibold">No notifications yet</p>
          <p className="max-w-xs text-muted-foreground text-sm">
            When friends add you or your proofs get approved, you will see it here.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
