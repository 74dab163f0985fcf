import type { Conversation } from '@shared/api/messages';
import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../api/auth';
import { useConversations } from '../../api/messages';
import { cn } from '../../lib/cn';
import { displayName } from '../../lib/display-name';
import { relativeTime } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page } from '../layout/Page';
import { TeamImage } from '../teams/TeamImage';
import { accentBorder } from '../teams/team-format';
import { previewOf, roleLine, unreadLabel } from './inbox-format';

/**
 * Messages (/messages): every direct conversation of the caller, with their coaches and their members, newest
 * first, each with the team, the last message, its time and the unread count. Live: a direct message or a read
 * on the real-time link refreshes the list (lib/realtime/cache-updates.ts); opening one marks it read.
 */
export function MessagesPage() {
  const conversations = useConversations();
  const { user } = useAuth();
  const now = useNow();
  const items = conversations.data?.items ?? [];
  return (
    <Page nav title="Messages" back="/">
      {conversations.isError ? (
        <EmptyState headingLevel="h2" title="Could not load your messages">
          <Button onClick={() => void conversations.refetch()}>Retry</Button>
        </EmptyState>
      ) : !conversations.data || !user ? (
        <div className="grid grid-cols-1 gap-2" role="status" aria-label="Loading messages">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          icon={MessageCircle}
          title="No conversations yet"
          description="Start a trial with a coach's team to message your coach. Coaches find their members here."
        >
          <Link href="/teams" className={buttonVariants()}>
            Find a team
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {items.map((c) => (
            <ConversationRow key={`${c.user.id}`} c={c} meId={user.id} now={now} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function ConversationRow({ c, meId, now }: { c: Conversation; meId: string; now: Date }) {
  const name = displayName(c.user);
  const unread = unreadLabel(c.unreadCount);
  return (
    <li data-testid="conversation">
      <Link
        href={`/messages/${c.user.id}`}
        className="flex min-h-18 items-center gap-3 rounded-2xl border-transparent border-l-4 bg-card p-3 transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        style={accentBorder(c.team.accentColor)}
      >
        <span className="relative shrink-0">
          <Avatar user={c.user} className="size-12" />
          <TeamImage
            team={c.team}
            className="-right-1 -bottom-1 absolute size-5 rounded-md text-[10px] ring-2 ring-card"
          />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-extrabold' : 'font-semibold')}
            >
              {name}
            </span>
            {c.lastMessage ? (
              <time dateTime={c.lastMessage.timestamp} className="shrink-0 text-muted-foreground text-xs">
                {relativeTime(c.lastMessage.timestamp, now)}
              </time>
            ) : null}
          </span>
          <span className="block truncate text-muted-foreground text-xs">{roleLine(c)}</span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={cn(
                'min-w-0 flex-1 truncate text-sm',
                unread ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              {previewOf(c, meId)}
            </span>
            {unread ? (
              <Badge className="shrink-0" aria-label={`${c.unreadCount} unread`}>
                {unread}
              </Badge>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
