import { useUnreadCount } from '../../api/notifications';
import { cn } from '../../lib/cn';
import { unreadBadge } from './notification-text';

/** A small count over an icon (the profile's bell, the Profile tab); nothing when all is read. */
export function UnreadBadge({ className }: { className?: string }) {
  const label = unreadBadge(useUnreadCount());
  if (!label) return null;
  return (
    <span
      data-testid="unread-badge"
      // The bell's label carries the count; the Profile tab keeps its plain name.
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 font-bold text-[10px] text-destructive-foreground ring-2 ring-background',
        className,
      )}
    >
      {label}
    </span>
  );
}
