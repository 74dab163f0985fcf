import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatHHMM,
  formatWorkoutTime,
  isValidHHMM,
  isValidIsoDate,
  isValidTimeZone,
  localDate,
  OFFSET_SPAN_HORIZON_MS,
  offsetSpan,
  parse12h,
  parseHHMM,
  timeZoneOffsetMs,
  WEEKDAYS,
  wallClock,
  weekdayOf,
  zonedParts,
  zonedWallClockToInstant,
} from './time';

const HOUR = 3_600_000;
const clock = fc.record({ hours: fc.integer({ min: 0, max: 23 }), minutes: fc.integer({ min: 0, max: 59 }) });
const isoDate = fc
  .integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const zones = fc.constantFrom(
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
);

describe('formatWorkoutTime', () => {
  it('turns HH:MM into h:mm AM/PM', () => {
    expect(formatWorkoutTime('00:00')).toBe('12:00 AM');
    expect(formatWorkoutTime('00:30')).toBe('12:30 AM');
    expect(formatWorkoutTime('08:05')).toBe('8:05 AM');
    expect(formatWorkoutTime('11:59')).toBe('11:59 AM');
    expect(formatWorkoutTime('12:00')).toBe('12:00 PM');
    expect(formatWorkoutTime('13:07')).toBe('1:07 PM');
    expect(formatWorkoutTime('23:59')).toBe('11:59 PM');
  });

  it('returns a value that is not HH:MM unchanged', () => {
    expect(formatWorkoutTime('')).toBe('');
    expect(formatWorkoutTime('24:00')).toBe('24:00');
    expect(formatWorkoutTime('soon')).toBe('soon');
  });

  it('round-trips through parse12h for every minute of the day', () => {
    fc.assert(
      fc.property(clock, (time) => {
        expect(parse12h(formatWorkoutTime(formatHHMM(time)))).toEqual(time);
      }),
    );
  });
});

describe('parse12h', () => {
  it('reads 12 AM as hour 0 and 12 PM as noon', () => {
    expect(parse12h('12:00 AM')).toEqual({ hours: 0, minutes: 0 });
    expect(parse12h('12:45 AM')).toEqual({ hours: 0, minutes: 45 });
    expect(parse12h('12:00 PM')).toEqual({ hours: 12, minutes: 0 });
    expect(parse12h('12:59 PM')).toEqual({ hours: 12, minutes: 59 });
  });

  it('adds 12 to PM hours 1 to 11 and keeps AM hours', () => {
    expect(parse12h('1:00 PM')).toEqual({ hours: 13, minutes: 0 });
    expect(parse12h('8:30 pm')).toEqual({ hours: 20, minutes: 30 });
    expect(parse12h('8:30 AM')).toEqual({ hours: 8, minutes: 30 });
    expect(parse12h('11:15PM')).toEqual({ hours: 23, minutes: 15 });
  });

  it('reads a value without AM/PM as 24-hour', () => {
    expect(parse12h('20:15')).toEqual({ hours: 20, minutes: 15 });
    expect(parse12h('07:00')).toEqual({ hours: 7, minutes: 0 });
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', '13:00 PM', '0:30 AM', '8:60 AM', '25:00', 'noon', '8 PM', '8:00 XM']) {
      expect(parse12h(bad), bad).toBeNull();
    }
  });
});

describe('parseHHMM and isValidHHMM', () => {
  it('reads 24-hour times', () => {
    expect(parseHHMM('00:00')).toEqual({ hours: 0, minutes: 0 });
    expect(parseHHMM('7:05')).toEqual({ hours: 7, minutes: 5 });
    expect(parseHHMM('23:59')).toEqual({ hours: 23, minutes: 59 });
    expect(parseHHMM('24:00')).toBeNull();
    expect(parseHHMM('12:60')).toBeNull();
  });

  it('accepts only the two-digit form as valid input', () => {
    expect(isValidHHMM('07:05')).toBe(true);
    expect(isValidHHMM('7:05')).toBe(false);
    expect(isValidHHMM('24:00')).toBe(false);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(0);
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
    expect(daysBetween('2025-03-01', '2025-01-01')).toBe(-59);
  });

  it('names weekdays', () => {
    expect(weekdayOf('1970-01-01')).toBe('thursday');
    expect(weekdayOf('2025-01-06')).toBe('monday');
    expect(weekdayOf('2024-12-29')).toBe('sunday');
    expect(weekdayOf('1969-12-31')).toBe('wednesday');
  });

  it('validates ISO dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-2-9')).toBe(false);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });

  it('addDays and daysBetween are inverse, and weekdays cycle every 7 days', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        const later = addDays(date, n);
        expect(isValidIsoDate(later)).toBe(true);
        expect(daysBetween(date, later)).toBe(n);
        expect(addDays(later, -n)).toBe(date);
        const shift = ((n % 7) + 7) % 7;
        expect(WEEKDAYS.indexOf(weekdayOf(later))).toBe((WEEKDAYS.indexOf(weekdayOf(date)) + shift) % 7);
      }),
    );
  });
});

describe('time zones', () => {
  it('knows valid IANA zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('gives the local date around midnight', () => {
    // 23:30 in Los Angeles (PDT, UTC-7) is already the next day in UTC.
    const instant = new Date('2025-06-11T06:30:00Z');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2025-06-10');
    expect(localDate(instant, 'UTC')).toBe('2025-06-11');
    expect(localDate(new Date('2025-06-10T22:30:00Z'), 'Europe/Berlin')).toBe('2025-06-11');
  });

  it('follows daylight-saving changes', () => {
    // Berlin: +1 in winter, +2 from 2025-03-30 01:00 UTC until 2025-10-26 01:00 UTC.
    expect(timeZoneOffsetMs(new Date('2025-03-30T00:59:00Z'), 'Europe/Berlin')).toBe(HOUR);
    expect(timeZoneOffsetMs(new Date('2025-03-30T01:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(timeZoneOffsetMs(new Date('2025-10-26T01:00:00Z'), 'Europe/Berlin')).toBe(HOUR);
    // New York: -5 in winter, -4 from 2025-03-09 07:00 UTC.
    expect(timeZoneOffsetMs(new Date('2025-03-09T06:59:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(timeZoneOffsetMs(new Date('2025-03-09T07:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zonedParts(new Date('2025-03-09T07:00:00Z'), 'America/New_York')).toEqual({
      date: '2025-03-09',
      hours: 3,
      minutes: 0,
      seconds: 0,
    });
  });

  it('maps a wall-clock time to its instant, also on DST days', () => {
    expect(zonedWallClockToInstant('2025-01-15', '08:00', 'Europe/Berlin').toISOString()).toBe(
      '2025-01-15T07:00:00.000Z',
    );
    expect(zonedWallClockToInstant('2025-03-30', '12:00', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T10:00:00.000Z',
    );
    // 02:30 does not exist in Berlin on 2025-03-30: it lands at 03:30 CEST.
    expect(zonedWallClockToInstant('2025-03-30', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
    // 01:30 happens twice in New York on 2025-11-02: the first (EDT) one is taken.
    expect(zonedWallClockToInstant('2025-11-02', '01:30', 'America/New_York').toISOString()).toBe(
      '2025-11-02T05:30:00.000Z',
    );
    expect(() => zonedWallClockToInstant('2025-01-15', '8 AM', 'UTC')).toThrow(RangeError);
  });

  it('wall clock -> instant -> wall clock is the identity outside DST gaps', () => {
    fc.assert(
      fc.property(isoDate, clock, zones, (date, time, zone) => {
        const hhmm = formatHHMM(time);
        const instant = zonedWallClockToInstant(date, hhmm, zone);
        const back = zonedParts(instant, zone);
        const gap = back.date !== date || back.hours !== time.hours || back.minutes !== time.minutes;
        if (gap) {
          // Only a skipped time may move, and then forward by the size of the jump: an hour for daylight saving,
          // up to a whole day where a zone crossed the date line (Pacific/Kiritimati skipped 31 December 1994).
          const shown = zonedWallClockToInstant(back.date, formatHHMM(back), zone).getTime();
          expect(shown).toBe(instant.getTime());
          const asked = Date.UTC(
            +date.slice(0, 4),
            +date.slice(5, 7) - 1,
            +date.slice(8),
            time.hours,
            time.minutes,
          );
          const got = Date.UTC(
            +back.date.slice(0, 4),
            +back.date.slice(5, 7) - 1,
            +back.date.slice(8),
            back.hours,
            back.minutes,
          );
          expect(got - asked).toBeGreaterThan(0);
          expect(got - asked).toBeLessThanOrEqual(24 * HOUR);
        }
        expect(localDate(instant, zone)).toBe(back.date);
      }),
    );
  });
});

describe('offset spans (the wall clock by arithmetic)', () => {
  it('finds the daylight-saving changes either side of an instant', () => {
    // New York leaves daylight saving at 2026-11-01 06:00 UTC (02:00 EDT becomes 01:00 EST).
    const span = offsetSpan(new Date('2026-11-01T03:17:42.500Z'), 'America/New_York');
    expect(span.offsetMs).toBe(-4 * HOUR);
    expect(new Date(span.untilMs).toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(span.fromMs).toBe(Date.parse('2026-11-01T03:17:42Z') - OFFSET_SPAN_HORIZON_MS);
    const after = offsetSpan(new Date('2026-11-01T08:00:00Z'), 'America/New_York');
    expect(after.offsetMs).toBe(-5 * HOUR);
    expect(new Date(after.fromMs).toISOString()).toBe('2026-11-01T06:00:00.000Z');
    // Lord Howe moves by half an hour.
    const howe = offsetSpan(new Date('2026-10-04T00:00:00Z'), 'Australia/Lord_Howe');
    expect(new Date(howe.fromMs).toISOString()).toBe('2026-10-03T15:30:00.000Z');
    expect(howe.offsetMs).toBe(11 * HOUR);
  });

  it('reads the same wall clock as Intl inside the span, and asks Intl outside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) }),
        zones,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ms, zone, share) => {
          const span = offsetSpan(new Date(ms), zone);
          expect(span.fromMs).toBeLessThanOrEqual(ms);
          expect(span.untilMs).toBeGreaterThan(ms);
          expect(timeZoneOffsetMs(new Date(span.fromMs), zone)).toBe(span.offsetMs);
          expect(timeZoneOffsetMs(new Date(span.untilMs - 1000), zone)).toBe(span.offsetMs);
          if (span.untilMs < Math.floor(ms / 1000) * 1000 + OFFSET_SPAN_HORIZON_MS) {
            expect(timeZoneOffsetMs(new Date(span.untilMs), zone)).not.toBe(span.offsetMs);
          }
          if (span.fromMs > Math.floor(ms / 1000) * 1000 - OFFSET_SPAN_HORIZON_MS) {
            expect(timeZoneOffsetMs(new Date(span.fromMs - 1000), zone)).not.toBe(span.offsetMs);
          }
          const inside = new Date(Math.floor(span.fromMs + share * (span.untilMs - 1 - span.fromMs)));
          expect(wallClock(inside, span)).toEqual(zonedParts(inside, zone));
          for (const outside of [new Date(span.untilMs), new Date(span.fromMs - 1)]) {
            expect(wallClock(outside, span)).toEqual(zonedParts(outside, zone));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a zone name as Intl does', () => {
    const at = new Date('2026-06-11T06:30:00Z');
    expect(wallClock(at, 'America/Los_Angeles')).toEqual(zonedParts(at, 'America/Los_Angeles'));
  });
});
