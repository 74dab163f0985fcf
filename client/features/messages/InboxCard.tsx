import type { LucideIcon } from 'lucide-react';
import { ChevronRight, MessageCircle, Users } from 'lucide-react';
import { Link } from 'wouter';
import { useConversations } from '../../api/messages';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { unreadLabel } from './inbox-format';

/**
 * Profile's way to Messages (for anyone with a direct conversation, with the unread count) and to Teams (for
 * everyone): SPEC fixes the bottom bar's entries, so these live on Profile and in Home's header.
 */
export function InboxCard() {
  const list = useConversations().data;
  const hasConversations = (list?.items.length ?? 0) > 0;
  return (
    <Card className="mt-6 overflow-hidden">
      <nav aria-label="Teams and messages">
        <ul className="divide-y divide-border">
          {hasConversations && list ? (
            <Row
              href="/messages"
              icon={MessageCircle}
              label="Messages"
              hint="Your coach and your members"
              count={list.unreadTotal}
            />
          ) : null}
          <Row href="/teams" icon={Users} label="Teams" hint="Your teams and premium programs" count={0} />
        </ul>
      </nav>
    </Card>
  );
}

function Row({
  href,
  icon: Icon,
  label,
  hint,
  count,
}: {
  href: string;
  icon: LucideIcon;
  label: string;
  hint: string;
  count: number;
}) {
  const badge = unreadLabel(count);
  return (
    <li>
      <Link
        href={href}
        className="flex min-h-14 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-brand-ink">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-sm">{label}</span>
          <span className="block truncate text-muted-foreground text-xs">{hint}</span>
        </span>
        {badge ? <Badge aria-label={`${count} unread`}>{badge}</Badge> : null}
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}
