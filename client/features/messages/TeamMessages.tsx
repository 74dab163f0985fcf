import type { Conversation } from '@shared/api/messages';
import { BarChart3, MessageCircle, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { useConversations } from '../../api/messages';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { Section } from '../layout/Page';
import { accentBorder } from '../teams/team-format';

interface TeamRef {
  id: number;
  isCoach: boolean;
  hasAccess: boolean;
  mySubscription: unknown;
  accentColor: string | null;
}

const unreadLabel = (n: number) => `${n} unread`;

/**
 * The team page's messaging part: for the coach, Analytics and the member list with Message; for a member (or an
 * ex-member, who keeps reading the history), "Message your coach" with the unread count.
 */
export function TeamMessages({ team }: { team: TeamRef }) {
  const involved = team.isCoach || team.hasAccess || team.mySubscription != null;
  const conversations = useConversations(team.id, involved);
  if (!involved) return null;
  const items = conversations.data?.items ?? [];

  if (!team.isCoach) {
    const coach = items.find((c) => c.role === 'coach');
    if (!coach) return null;
    return (
      <Link
        href={`/messages/${coach.user.id}`}
        className={buttonVariants({ variant: 'outline', className: 'mt-4 w-full' })}
      >
        <MessageCircle aria-hidden="true" />
        Message your coach
        {coach.unreadCount > 0 ? (
          <Badge aria-label={unreadLabel(coach.unreadCount)}>{coach.unreadCount}</Badge>
        ) : null}
      </Link>
    );
  }

  return (
    <Section
      title="Members"
      action={
        <div className="flex flex-wrap justify-end gap-2">
          <Link
            href={`/earnings?team=${team.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Wallet aria-hidden="true" />
            Earnings
          </Link>
          <Link
            href={`/teams/${team.id}/analytics`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <BarChart3 aria-hidden="true" />
            Analytics
          </Link>
        </div>
      }
    >
      {conversations.isSuccess && items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No members yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {items.map((c) => (
            <MemberRow key={c.user.id} conversation={c} accent={team.accentColor} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A member's card in the coach's list, in the team's look (its accent on the left). */
function MemberRow({ conversation: c, accent }: { conversation: Conversation; accent: string | null }) {
  const name = displayName(c.user);
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border-transparent border-l-4 bg-card p-3"
      style={accentBorder(accent)}
    >
      <Avatar user={c.user} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-semibold text-sm">{name}</span>
          {/* Their access ended: the history stays readable, writing is closed (docs/MESSAGES.md). */}
          {c.canWrite ? null : (
            <Badge variant="secondary" className="shrink-0">
              Former member
            </Badge>
          )}
        </p>
        <p className="truncate text-muted-foreground text-xs">
          {c.lastMessage ? c.lastMessage.message : 'No messages yet'}
        </p>
      </div>
      {c.unreadCount > 0 ? <Badge aria-label={unreadLabel(c.unreadCount)}>{c.unreadCount}</Badge> : null}
      <Link
        href={`/messages/${c.user.id}`}
        aria-label={`${c.canWrite ? 'Message' : 'Read messages of'} ${name}`}
        className={buttonVariants({ size: 'sm', variant: c.unreadCount > 0 ? 'default' : 'secondary' })}
      >
        {c.canWrite ? 'Message' : 'Read'}
      </Link>
    </li>
  );
}
