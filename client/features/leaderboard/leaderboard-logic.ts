import type { LeaderboardEntry, LeaderboardMetric } from '@shared/api/leaderboard';
import { METRIC_FIELD } from '@shared/api/leaderboard';
import { formatCount } from '../../lib/count';

/** Texts and rules of the Leaderboard screen. */

export interface LeaderboardTab {
  metric: LeaderboardMetric;
  label: 'Streaks' | 'Points' | 'Workouts';
  emptyTitle: string;
  emptyDescription: string;
}

export const LEADERBOARD_TABS: readonly LeaderboardTab[] = [
  {
    metric: 'streak',
    label: 'Streaks',
    emptyTitle: 'No streaks yet',
    emptyDescription: 'Be the first to start a workout streak!',
  },
  {
    metric: 'points',
    label: 'Points',
    emptyTitle: 'No points yet',
    emptyDescription: 'Complete workouts to earn streak points!',
  },
  {
    metric: 'workouts',
    label: 'Workouts',
    emptyTitle: 'No workouts tracked',
    emptyDescription: 'Start completing challenges to appear here!',
  },
];

const UNITS: Record<LeaderboardMetric, [one: string, many: string]> = {
  streak: ['day', 'days'],
  points: ['pt', 'pts'],
  workouts: ['workout', 'workouts'],
};

/** The figure a row shows: '12 days', '340 pts', '57 workouts' (singular for exactly 1). */
export function metricLabel(
  metric: LeaderboardMetric,
  entry: Pick<LeaderboardEntry, 'currentStreak' | 'streakPoints' | 'totalWorkouts'>,
): string {
  const value = entry[METRIC_FIELD[metric]];
  const [one, many] = UNITS[metric];
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

export type RankIcon = 'gold' | 'silver' | 'bronze';

/** Ranks 1 to 3 get an icon (crown gold, silver and bronze medals); later ranks read '#n'. */
export function rankIcon(rank: number): RankIcon | null {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  return null;
}

export function rankText(rank: number): string {
  return `#${rank}`;
}

/** Full name when both names exist, else the first name, else the username. */
export function fullName(entry: Pick<LeaderboardEntry, 'firstName' | 'lastName' | 'username'>): string {
  const parts = [entry.firstName?.trim(), entry.lastName?.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : entry.username;
}

/**
 * The caller's own entry is pinned below the list when it is not among the listed rows (outside the top, or with
 * nothing of this metric yet); null when the list already shows it.
 */
export function pinnedEntry(
  entries: readonly LeaderboardEntry[],
  me: LeaderboardEntry | null | undefined,
): LeaderboardEntry | null {
  if (!me) return null;
  return entries.some((e) => e.userId === me.userId) ? null : me;
}

/**
 * The rank a row shows. Someone with none of the metric (only ever the caller's pinned row) has no place yet: a
 * crown for "0 days" would mislead, so it shows no rank.
 */
export function shownRank(metric: LeaderboardMetric, entry: LeaderboardEntry): number | null {
  return entry[METRIC_FIELD[metric]] > 0 ? entry.rank : null;
}
