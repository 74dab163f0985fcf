import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { notificationKeys, useUnreadCount } from '../../api/notifications';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/Dialog';
import { NotificationsList } from '../notifications/NotificationsList';
import { unreadBadge } from '../notifications/notification-text';
import { UnreadBadge } from '../notifications/UnreadBadge';

/** The profile's notifications dialog: the bell with its unread count, and the real list. */
export function NotificationsDialog() {
  const [open, setOpen] = useState(false);
  const unread = unreadBadge(useUnreadCount());
  const queryClient = useQueryClient();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening refreshes the badge; closing drops the dots of what was just seen.
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" className="size-5!" />
          <UnreadBadge />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>
            Friend requests, proofs to review, proof decisions and new members of your Pacts.
          </DialogDescription>
        </DialogHeader>
        <NotificationsList open={open} onNavigate={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
