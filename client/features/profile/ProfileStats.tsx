import type { AuthUser } from '@shared/api/auth';
import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from '@shared/domain/limits';
import { Flame, Snowflake } from 'lucide-react';
import { Card } from '../../ui/Card';
import { statNumber } from '../users/stats';

/**
 * Your own figures on Profile: streak, points and level, and the streak freezes you hold (docs/RULES.md,
 * Progress). They follow the server live: a decided proof sends a `changed` frame that refreshes them.
 */
export function ProfileStats({ user }: { user: AuthUser }) {
  const days = user.streakCount === 1 ? 'day' : 'days';
  return (
    <Card className="mt-6 p-4" data-testid="profile-stats">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-muted-foreground text-xs">Streak</dt>
          <dd className="mt-1 flex items-center justify-center gap-1 font-extrabold text-xl tabular-nums">
            <Flame aria-hidden="true" className="size-5 text-orange-500" />
            <span data-testid="profile-streak">{statNumber(user.streakCount)}</span>
            <span className="sr-only">{days}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Points</dt>
          <dd className="mt-1 font-extrabold text-xl tabular-nums" data-testid="profile-points">
            {statNumber(user.streakPoints)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Level</dt>
          <dd className="mt-1 font-extrabold text-xl tabular-nums" data-testid="profile-level">
            {statNumber(user.level)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex items-start gap-2 border-border border-t pt-3 text-left">
        <Snowflake aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-500" />
        <div>
          <p className="font-semibold text-sm" data-testid="profile-freezes">
            Streak freezes: {user.streakFreezes} of {STREAK_FREEZES_MAX}
          </p>
          <p className="text-muted-foreground text-xs">
            Earn one for every {STREAK_FREEZE_EVERY_DAYS} scheduled days in a row; a missed day uses one
            instead of ending your streak.
          </p>
        </div>
      </div>
    </Card>
  );
}
