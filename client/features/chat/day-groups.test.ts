import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, groupByDay, timeOfDay } from './day-groups';

const now = new Date('2026-11-21T15:00:00Z');

describe('chat day labels', () => {
  it('reads Today, Yesterday, then a long month-day date', () => {
    expect(dayLabel(new Date('2026-11-21T00:00:00Z'), now, 'UTC')).toBe('Today');
    expect(dayLabel(new Date('2026-11-20T23:59:59Z'), now, 'UTC')).toBe('Yesterday');
    expect(dayLabel(new Date('2026-11-20T00:00:00Z'), now, 'UTC')).toBe('Yesterday');
    expect(dayLabel(new Date('2026-11-19T12:00:00Z'), now, 'UTC')).toBe('November 19');
    expect(dayLabel(new Date('2026-01-02T12:00:00Z'), now, 'UTC')).toBe('January 2');
  });

  it('adds the year for an earlier year', () => {
    expect(dayLabel(new Date('2025-11-21T12:00:00Z'), now, 'UTC')).toBe('November 21, 2025');
  });

  it('crosses months and years for Yesterday', () => {
    const newYear = new Date('2027-01-01T08:00:00Z');
    expect(dayLabel(new Date('2026-12-31T22:00:00Z'), newYear, 'UTC')).toBe('Yesterday');
    const march = new Date('2026-03-01T08:00:00Z');
    expect(dayLabel(new Date('2026-02-28T08:00:00Z'), march, 'UTC')).toBe('Yesterday');
  });

  it('uses the viewer’s calendar day, not UTC', () => {
    // 02:00 UTC on the 21st is still the 20th in New York.
    const instant = new Date('2026-11-21T02:00:00Z');
    expect(dayKey(instant, 'America/New_York')).toBe('2026-11-20');
    expect(dayLabel(instant, now, 'America/New_York')).toBe('Yesterday');
    // 10:00 UTC on the 21st is 19:00 on the 21st in Tokyo, the same day as the instant (11:00).
    expect(dayLabel(instant, new Date('2026-11-21T10:00:00Z'), 'Asia/Tokyo')).toBe('Today');
  });
});

describe('grouping messages by day', () => {
  it('starts a new group whenever the day changes', () => {
    const items = [
      { id: 1, t: '2026-11-18T10:00:00Z' },
      { id: 2, t: '2026-11-20T09:00:00Z' },
      { id: 3, t: '2026-11-20T21:00:00Z' },
      { id: 4, t: '2026-11-21T07:00:00Z' },
    ];
    const groups = groupByDay(items, (i) => i.t, now, 'UTC');
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['November 18', [1]],
      ['Yesterday', [2, 3]],
      ['Today', [4]],
    ]);
  });

  it('returns nothing for no messages', () => {
    expect(groupByDay([], () => '', now, 'UTC')).toEqual([]);
  });

  it('shows the time of day on a 12-hour clock', () => {
    expect(timeOfDay(new Date('2026-11-21T18:05:00Z'), 'UTC')).toBe('6:05 PM');
  });
});
