import { localDate } from '@shared/domain/time';
import { CheckCircle2, Flame, Sparkles, Star } from 'lucide-react';
import { useAuth } from '../../../api/auth';
import { useLeaderboard } from '../../../api/leaderboard';
import { useCalendar } from '../../../api/users';
import { useInBrowser } from '../../../lib/use-in-browser';
import { Card } from '../../../ui/Card';
import { progressStats } from './progress-stats';

/** 'YYYY-MM-DD' of the phone's own day (the calendar's days are the person's local dates). */
function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The top of Home: the person's own streak, points, level and today's workouts, as Strava and Duolingo open on
 * them. Points come from the person's leaderboard entry, today's workouts from their calendar.
 */
export function MyProgress() {
  const { user } = useAuth();
  // The server's picture of Home (app/first-paint.tsx) has no phone clock: it counts the day in the time zone the
  // person's calendar is kept in, which is the phone's unless they travel. In the browser, the phone's own day (no
  // date formatter at start: docs/CLIENT.md).
  const date = useInBrowser() || !user ? today() : localDate(new Date(), user.timeZone);
  const points = useLeaderboard('points', 'global').data?.me.streakPoints;
  const calendar = useCalendar(date.slice(0, 7)).data;
  const todays = calendar ? (calendar.find((day) => day.date === date)?.workouts.length ?? 0) : undefined;
  if (!user) return null;
  const stats = progressStats({
    streak: user.streakCount,
    points,
    level: user.level,
    xp: user.totalXP,
    todays,
  });
  const icons = { streak: Flame, points: Star, level: Sparkles, today: CheckCircle2 } as const;
  return (
    <section aria-label="Your progress" className="mb-6">
      <Card className="grid grid-cols-4 divide-x divide-border/60 py-3">
        {stats.map((stat) => {
          const Icon = icons[stat.key];
          return (
            <div
              key={stat.key}
              title={stat.title}
              className="flex min-w-0 flex-col items-center gap-0.5 px-1 text-center"
            >
              <Icon className="size-4 text-brand-ink" aria-hidden="true" />
              <span className="font-extrabold text-lg tabular-nums leading-tight">{stat.value}</span>
              <span className="w-full truncate text-[11px] text-muted-foreground">
                {stat.label}
                {stat.title ? <span className="sr-only"> ({stat.title})</span> : null}
              </span>
            </div>
          );
        })}
      </Card>
      {/* A new account's zeros are a start, not a fault: say what moves them. */}
      {user.streakCount === 0 && user.totalXP === 0 ? (
        <p className="mt-2 text-center text-muted-foreground text-xs">
          Join a Pact and prove your first workout to start your streak.
        </p>
      ) : null}
    </section>
  );
}
