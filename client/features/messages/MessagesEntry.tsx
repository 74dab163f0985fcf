import { MessageCircle, Users } from 'lucide-react';
import { Link } from 'wouter';
import { useConversations } from '../../api/messages';
import { buttonVariants } from '../../ui/Button';
import { messagesEntryLabel, unreadLabel } from './inbox-format';

/**
 * The way to Messages in a screen's header (Home): an icon with the unread count, shown to anyone who has a
 * direct conversation (a member with a coach, a coach with members). SPEC fixes the bottom bar's entries, so
 * Messages lives here and on Profile (docs/MESSAGES.md, "Where Messages and Teams are").
 */
export function MessagesIconLink() {
  const list = useConversations().data;
  if (!list || list.items.length === 0) return null;
  const count = unreadLabel(list.unreadTotal);
  return (
    <Link
      href="/messages"
      aria-label={messagesEntryLabel(list.unreadTotal)}
      className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'relative' })}
    >
      <MessageCircle aria-hidden="true" className="size-5!" />
      {count ? (
        <span
          aria-hidden="true"
          data-testid="messages-badge"
          className="pointer-events-none absolute top-1 right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 font-bold text-[10px] text-destructive-foreground ring-2 ring-background"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** The way to Teams (coaching: your teams, premium programs) in a screen's header, for everyone. */
export function TeamsIconLink() {
  return (
    <Link href="/teams" aria-label="Teams" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
      <Users aria-hidden="true" className="size-5!" />
    </Link>
  );
}
