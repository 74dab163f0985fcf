import { describe, expect, it } from 'vitest';
import { isTabActive } from './BottomNav';

describe('isTabActive', () => {
  it('matches home exactly and other tabs by prefix', () => {
    expect(isTabActive('/', '/')).toBe(true);
    expect(isTabActive('/', '/profile')).toBe(false);
    expect(isTabActive('/profile', '/profile')).toBe(true);
    expect(isTabActive('/challenges', '/challenges/12')).toBe(true);
    expect(isTabActive('/leaderboard', '/leaderboards')).toBe(false);
  });
});
