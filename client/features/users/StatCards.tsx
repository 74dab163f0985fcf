import type { UserProfile } from '@shared/api/users';
import { CheckCircle2, Flame, Sparkles, Trophy } from 'lucide-react';
import { Card } from '../../ui/Card';
import { rankLabel, statNumber } from './stats';

/** Total XP, Completed, Active and Rank. */
export function StatCards({ profile }: { profile: UserProfile }) {
  const stats = [
    { label: 'Total XP', value: statNumber(profile.totalXP), icon: Sparkles },
    { label: 'Completed', value: statNumber(profile.counts.completed), icon: CheckCircle2 },
    { label: 'Active', value: statNumber(profile.counts.active), icon: Flame },
    { label: 'Rank', value: rankLabel(profile.rank), icon: Trophy },
  ];
  return (
    // Two by two on the narrowest phones, where four cards would break 'Completed' in the middle.
    <dl className="mt-6 grid grid-cols-2 gap-2 min-[360px]:grid-cols-4">
      {stats.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex flex-col items-center gap-1 px-1 py-3">
          <Icon className="size-4 text-brand-ink" aria-hidden="true" />
          <dd className="font-extrabold text-lg tabular-nums leading-tight">{value}</dd>
          <dt className="text-[11px] text-muted-foreground">{label}</dt>
        </Card>
      ))}
    </dl>
  );
}
