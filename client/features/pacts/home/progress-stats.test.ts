import { describe, expect, it } from 'vitest';
import { progressStats } from './progress-stats';

describe('progressStats', () => {
  it('shows the streak, points, level (XP as its title) and today’s workouts', () => {
    expect(progressStats({ streak: 3, points: 6, level: 2, xp: 1250, todays: 1 })).toEqual([
      { key: 'streak', value: '3', label: 'Day streak' },
      { key: 'points', value: '6', label: 'Points' },
      { key: 'level', value: '2', label: 'Level', title: '1,250 XP' },
      { key: 'today', value: '1', label: 'Today' },
    ]);
  });
  it('shows a dash, not a made-up 0, while a figure loads', () => {
    const stats = progressStats({ streak: 0, points: undefined, level: 1, xp: 0, todays: undefined });
    expect(stats.map((s) => s.value)).toEqual(['0', '–', '1', '–']);
  });
});
