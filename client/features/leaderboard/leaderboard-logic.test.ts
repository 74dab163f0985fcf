import type { LeaderboardEntry } from '@shared/api/leaderboard';
import { describe, expect, it } from 'vitest';
import {
  fullName,
  LEADERBOARD_TABS,
  metricLabel,
  pinnedEntry,
  rankIcon,
  rankText,
  shownRank,
} from './leaderboard-logic';

const entry = (userId: string, over: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  userId,
  firstName: 'Maya',
  lastName: 'Lopez',
  username: `u_${userId}`,
  profileImageUrl: null,
  currentStreak: 12,
  streakPoints: 340,
  level: 3,
  totalWorkouts: 57,
  totalXP: 570,
  rank: 1,
  ...over,
});

describe('metricLabel', () => {
  it('reads the figure of the tab with its unit', () => {
    const e = entry('a');
    expect(metricLabel('streak', e)).toBe('12 days');
    expect(metricLabel('points', e)).toBe('340 pts');
    expect(metricLabel('workouts', e)).toBe('57 workouts');
  });
  it('uses the singular for exactly one and groups thousands', () => {
    const e = entry('a', { currentStreak: 1, streakPoints: 1, totalWorkouts: 1 });
    expect(metricLabel('streak', e)).toBe('1 day');
    expect(metricLabel('points', e)).toBe('1 pt');
    expect(metricLabel('workouts', e)).toBe('1 workout');
    expect(metricLabel('points', entry('b', { streakPoints: 12345 }))).toBe('12,345 pts');
    expect(metricLabel('streak', entry('c', { currentStreak: 0 }))).toBe('0 days');
  });
});

describe('rank icons', () => {
  it('gives 1 to 3 an icon and later ranks #n', () => {
    expect([1, 2, 3, 4, 10].map(rankIcon)).toEqual(['gold', 'silver', 'bronze', null, null]);
    expect(rankText(4)).toBe('#4');
    expect(rankIcon(0)).toBeNull();
  });
});

describe('pinnedEntry', () => {
  it('pins the caller only when the list does not show them', () => {
    const list = [entry('a'), entry('b', { rank: 2 })];
    expect(pinnedEntry(list, entry('b', { rank: 2 }))).toBeNull();
    const me = entry('me', { rank: 140 });
    expect(pinnedEntry(list, me)).toBe(me);
    expect(pinnedEntry([], me)).toBe(me);
    expect(pinnedEntry(list, null)).toBeNull();
  });
});

describe('names and tabs', () => {
  it('shows the full name, else the username', () => {
    expect(fullName(entry('a'))).toBe('Maya Lopez');
    expect(fullName(entry('a', { lastName: null }))).toBe('Maya');
    expect(fullName(entry('a', { firstName: ' ', lastName: null }))).toBe('u_a');
  });
  it('has the three tabs with their exact empty texts', () => {
    expect(LEADERBOARD_TABS.map((t) => [t.label, t.emptyTitle, t.emptyDescription])).toEqual([
      ['Streaks', 'No streaks yet', 'Be the first to start a workout streak!'],
      ['Points', 'No points yet', 'Complete workouts to earn streak points!'],
      ['Workouts', 'No workouts tracked', 'Start completing challenges to appear here!'],
    ]);
  });
});

describe('shownRank', () => {
  it('hides the rank of someone with none of the metric', () => {
    const me = entry('me', { rank: 1, currentStreak: 0, totalWorkouts: 3 });
    expect(shownRank('streak', me)).toBeNull();
    expect(shownRank('workouts', me)).toBe(1);
  });
});
