import type { Notification } from '@shared/api/notifications';
import { Bell, CheckCheck, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../api/errors';
import { useMarkRead, useNotificationPages } from '../../api/notifications';
import { cn } from '../../lib/cn';
import { relativeTime } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { AnswerRequestButtons } from '../friends/AnswerRequestButtons';
import { actorName, awaitsAnswer, notificationHref, notificationText } from './notification-text';
import { useMarkSeen } from './use-mark-seen';

/** The notifications of the profile's dialog: newest first, load more, mark all as read. */
export function NotificationsList({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const pages = useNotificationPages(open);
  const markRead = useMarkRead();
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items ?? []) ?? [], [pages.data]);
  useMarkSeen(items, open);
  const now = useNow(60_000);
  const [, navigate] = useLocation();

  if (pages.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {['a', 'b', 'c'].map((k) => (
          <div key={k} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 flex-1" />
          </div>
        ))}
      </div>
    );
  }
  if (pages.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-4 text-center">
        <p className="text-muted-foreground text-sm">{errorMessage(pages.error)}</p>
        <Button variant="outline" onClick={() => pages.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Bell className="size-7" aria-hidden="true" />
        </span>
        <p className="font-semibold">No notifications yet</p>
        <p className="max-w-xs text-muted-foreground text-sm">
          When someone sends you a friend request or your proofs get approved, you will see it here.
        </p>
      </div>
    );
  }
  const anyUnread = items.some((n) => !n.read);
  const open_ = (n: Notification) => {
    const href = notificationHref(n);
    if (!href) return;
    onNavigate();
    navigate(href);
  };
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <ul className="-mx-2 grid gap-1" aria-label="Notifications">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem n={n} now={now} onOpen={() => open_(n)} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

function NotificationItem({ n, now, onOpen }: { n: Notification; now: Date; onOpen: () => void }) {
  const text = notificationText(n);
  const linked = notificationHref(n) !== null;
  const answerable = awaitsAnswer(n);
  return (
    <div
      data-unread={n.read ? undefined : 'true'}
      className={cn('rounded-xl', !n.read && 'bg-primary/5', answerable && 'pb-2.5')}
    >
      <div className="flex items-center gap-3 pr-2">
        <button
          type="button"
          onClick={onOpen}
          disabled={!linked}
          className={cn(
            'flex min-w-0 flex-1 items-center gap-3 rounded-xl py-2.5 pl-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
            linked && 'hover:bg-secondary',
          )}
        >
          {n.actor ? (
            <Avatar user={n.actor} className="size-10" />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Bell className="size-5" aria-hidden="true" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className={cn('block text-sm leading-snug', !n.read && 'font-semibold')}>{text}</span>
            <span className="text-muted-foreground text-xs">
              {relativeTime(n.createdAt, now)}
              {n.friendRequest === 'friends' ? ' · You are now friends' : ''}
            </span>
          </span>
        </button>
        {n.read ? null : (
          <span className="size-2.5 shrink-0 rounded-full bg-primary" role="img" aria-label="Unread" />
        )}
      </div>
      {answerable && n.actor ? (
        <AnswerRequestButtons userId={n.actor.id} name={actorName(n)} className="pl-[3.75rem]" />
      ) : null}
    </div>
  );
}
