import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMonthGrid, daysInMonth, dayTitle, leadingBlanks, monthTitle } from './calendar-grid';

describe('calendar grid', () => {
  it('knows month lengths, leap years included', () => {
    expect(daysInMonth('2026-01')).toBe(31);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2024-02')).toBe(29);
    expect(daysInMonth('2026-04')).toBe(30);
  });

  it('starts weeks on Monday with blanks before day 1', () => {
    // 1 June 2026 is a Monday, 1 March 2026 a Sunday, 1 January 2026 a Thursday.
    expect(leadingBlanks('2026-06')).toBe(0);
    expect(leadingBlanks('2026-03')).toBe(6);
    expect(leadingBlanks('2026-01')).toBe(3);
    const march = buildMonthGrid('2026-03');
    expect(march[0]).toEqual([null, null, null, null, null, null, { day: 1, date: '2026-03-01' }]);
    expect(march[1]![0]).toEqual({ day: 2, date: '2026-03-02' });
    expect(march.at(-1)!.filter(Boolean).at(-1)).toEqual({ day: 31, date: '2026-03-31' });
    expect(buildMonthGrid('2021-02')).toHaveLength(4); // 1 Feb 2021 is a Monday
    expect(buildMonthGrid('2026-02')).toHaveLength(5);
  });

  it('holds every day exactly once, in order, in full weeks, for any month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2200 }), fc.integer({ min: 1, max: 12 }), (year, mon) => {
        const month = `${year}-${String(mon).padStart(2, '0')}`;
        const weeks = buildMonthGrid(month);
        expect(weeks.every((w) => w.length === 7)).toBe(true);
        const flat = weeks.flat();
        const days = flat.filter((c) => c !== null).map((c) => c.day);
        expect(days).toEqual(Array.from({ length: daysInMonth(month) }, (_, i) => i + 1));
        expect(flat.findIndex((c) => c !== null)).toBe(leadingBlanks(month));
        const first = new Date(Date.UTC(year, mon - 1, 1)).getUTCDay();
        expect((leadingBlanks(month) + 1) % 7).toBe(first);
      }),
    );
  });

  it('titles months and days in English', () => {
    expect(monthTitle('2026-03')).toBe('March 2026');
    expect(dayTitle('2026-03-02')).toBe('Monday, March 2');
  });

  it('refuses a malformed month', () => {
    expect(() => buildMonthGrid('2026-3')).toThrow();
  });
});
