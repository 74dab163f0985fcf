import type { LeaderboardEntry, LeaderboardMetric } from '@shared/api/leaderboard';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { fullName, metricLabel, shownRank } from './leaderboard-logic';
import { RankMark } from './RankMark';

type RowProps = {
  entry: LeaderboardEntry;
  metric: LeaderboardMetric;
  isMe: boolean;
  className?: string;
};

/** One ranked row: rank mark, avatar, full name, @username and the tab's figure; links to the user's page. */
export function LeaderboardRow({ entry, metric, isMe, className }: RowProps) {
  const name = fullName(entry);
  return (
    <Link
      href={`/user/${entry.userId}`}
      aria-current={isMe ? 'true' : undefined}
      data-testid="leaderboard-row"
      className={cn(
        'flex items-center gap-3 rounded-2xl border px-3 py-2.5 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isMe
          ? 'border-primary/60 bg-primary/10 hover:bg-primary/15'
          : 'border-border bg-card hover:bg-secondary',
        className,
      )}
    >
      <RankMark rank={shownRank(metric, entry)} />
      <Avatar user={{ ...entry, id: entry.userId }} className="size-11" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5">
          <span className="truncate font-semibold text-sm">{name}</span>
          {isMe ? (
            <span className="shrink-0 rounded-full bg-primary px-1.5 py-px font-bold text-[10px] text-primary-foreground uppercase">
              You
            </span>
          ) : null}
        </span>
        <span className="block truncate text-muted-foreground text-xs">@{entry.username}</span>
      </span>
      <span className="shrink-0 font-bold text-brand-ink text-sm tabular-nums">
        {metricLabel(metric, entry)}
      </span>
    </Link>
  );
}
