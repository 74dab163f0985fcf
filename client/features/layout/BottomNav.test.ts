import { describe, expect, it } from 'vitest';
import { NAV_PATHS } from '../../app/route-preload';
import { isTabActive, NAV_TABS } from './BottomNav';

describe('the bar', () => {
  it('has the tabs whose screens the app loads ahead', () => {
    expect(NAV_TABS.map((tab) => tab.href)).toEqual([...NAV_PATHS]);
  });
});

describe('isTabActive', () => {
  it('matches home exactly and other tabs by prefix', () => {
    expect(isTabActive('/', '/')).toBe(true);
    expect(isTabActive('/', '/profile')).toBe(false);
    expect(isTabActive('/profile', '/profile')).toBe(true);
    expect(isTabActive('/challenges', '/challenges/12')).toBe(true);
    expect(isTabActive('/leaderboard', '/leaderboards')).toBe(false);
  });
});
