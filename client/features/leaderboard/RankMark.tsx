import { Crown, Medal } from 'lucide-react';
import { cn } from '../../lib/cn';
import { rankIcon, rankText } from './leaderboard-logic';

const ICON_STYLE = {
  gold: { Icon: Crown, className: 'bg-amber-400/15 text-amber-500', label: 'Gold' },
  silver: { Icon: Medal, className: 'bg-slate-400/20 text-slate-400', label: 'Silver' },
  bronze: { Icon: Medal, className: 'bg-orange-700/15 text-orange-600', label: 'Bronze' },
} as const;

/** Crown (gold), silver and bronze medals for ranks 1 to 3; '#n' after. */
export function RankMark({ rank }: { rank: number | null }) {
  if (rank === null) {
    return (
      <span
        className="flex w-9 shrink-0 justify-center font-bold text-muted-foreground text-sm"
        title="Not ranked yet"
      >
        –
      </span>
    );
  }
  const icon = rankIcon(rank);
  if (!icon) {
    return (
      <span className="flex w-9 shrink-0 justify-center font-bold text-muted-foreground text-sm tabular-nums">
        {rankText(rank)}
      </span>
    );
  }
  const { Icon, className, label } = ICON_STYLE[icon];
  return (
    <span
      role="img"
      aria-label={`${label}, rank ${rank}`}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', className)}
    >
      <Icon className="size-5" strokeWidth={2.4} aria-hidden="true" />
    </span>
  );
}
