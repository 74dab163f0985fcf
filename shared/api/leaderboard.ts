import { z } from 'zod';
import { LEADERBOARD_TOP_LIMIT } from '../domain/limits';

/**
 * GET /api/leaderboard (the rules of the figures: docs/RULES.md "Progress").
 * One call per tab: `metric` picks the order (Streaks: streak, Points: points, Workouts: workouts). The server
 * returns the top 100 users with more than 0 of that metric, best first, with competition ranks (ties share a
 * rank: 1, 2, 2, 4), plus the caller's own entry (`me`) with its rank even outside the top 100.
 */
export const LEADERBOARD_METRICS = ['streak', 'points', 'workouts'] as const;
export const LEADERBOARD_SCOPES = ['global', 'friends'] as const;
export { LEADERBOARD_TOP_LIMIT };

export const leaderboardMetric = z.enum(LEADERBOARD_METRICS);
export type LeaderboardMetric = z.infer<typeof leaderboardMetric>;
export const leaderboardScope = z.enum(LEADERBOARD_SCOPES);
export type LeaderboardScope = z.infer<typeof leaderboardScope>;

export const leaderboardQuery = z.strictObject({
  scope: leaderboardScope.default('global'),
  metric: leaderboardMetric.default('streak'),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

export const leaderboardEntry = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  currentStreak: z.number().int(),
  streakPoints: z.number().int(),
  level: z.number().int(),
  totalWorkouts: z.number().int(),
  totalXP: z.number().int(),
  /** 1 + the number of users in this scope with more of this metric. */
  rank: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboardResponse = z.object({
  scope: leaderboardScope,
  metric: leaderboardMetric,
  entries: z.array(leaderboardEntry),
  /** The caller's own entry, always present (rank counted in the same scope and metric). */
  me: leaderboardEntry,
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

/** Which figure of an entry a metric orders by. */
export const METRIC_FIELD = {
  streak: 'currentStreak',
  points: 'streakPoints',
  workouts: 'totalWorkouts',
} as const satisfies Record<LeaderboardMetric, keyof LeaderboardEntry>;
