import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardStartState,
  chatHeaderState,
  isExactReminderMinute,
  isWithinReminderWindow,
  parseChatHeaderTime,
} from './start-window';
import { formatHHMM, formatWorkoutTime, timeZoneOffsetMs, zonedParts, zonedWallClockToInstant } from './time';

const MIN = 60_000;
const CARD_WINDOW = 7.5 * MIN;
const CHAT_WINDOW = 15 * MIN;

/** A device-local Date today at h:mm:00, shifted by `offsetMs`. */
function at(hours: number, minutes: number, offsetMs = 0): Date {
  return new Date(new Date(2025, 5, 10, hours, minutes, 0, 0).getTime() + offsetMs);
}

const sameLocalDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const clock = fc.record({ hours: fc.integer({ min: 0, max: 23 }), minutes: fc.integer({ min: 0, max: 59 }) });
/** Offsets in ms, biased towards the window edges so the boundaries are always tried. */
const offsetAround = (...edges: number[]) =>
  fc.oneof(
    fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
    fc.constantFrom(...edges.flatMap((edge) => [edge - 1, edge, edge + 1])),
  );
const localDay = fc.record({
  year: fc.integer({ min: 2000, max: 2060 }),
  month: fc.integer({ min: 0, max: 11 }),
  day: fc.integer({ min: 1, max: 28 }),
});

describe('cardStartState (h:mm AM/PM, 7.5 minutes either side)', () => {
  it('starts all day without a workout time', () => {
    expect(cardStartState(null, at(9, 0))).toEqual({ label: 'Start All Day', canStart: true });
    expect(cardStartState('', at(9, 0))).toEqual({ label: 'Start All Day', canStart: true });
  });

  it('treats an unreadable time as all day', () => {
    expect(cardStartState('whenever', at(9, 0))).toEqual({ label: 'Start All Day', canStart: true });
  });

  it('opens exactly 7.5 minutes before and closes exactly 7.5 minutes after', () => {
    expect(cardStartState('8:00 PM', at(20, 0, -CARD_WINDOW - 1))).toEqual({
      label: 'Wait for time',
      canStart: false,
    });
    expect(cardStartState('8:00 PM', at(20, 0, -CARD_WINDOW)).label).toBe('Start');
    expect(cardStartState('8:00 PM', at(20, 0))).toEqual({ label: 'Start', canStart: true });
    expect(cardStartState('8:00 PM', at(20, 0, CARD_WINDOW)).label).toBe('Start');
    expect(cardStartState('8:00 PM', at(20, 0, CARD_WINDOW + 1))).toEqual({
      label: 'You missed',
      canStart: false,
    });
  });

  it('reads 12 AM as midnight and 12 PM as noon', () => {
    expect(cardStartState('12:00 AM', at(0, 3)).label).toBe('Start');
    expect(cardStartState('12:00 AM', at(12, 3)).label).toBe('You missed');
    expect(cardStartState('12:00 PM', at(12, 3)).label).toBe('Start');
    expect(cardStartState('12:00 PM', at(0, 3)).label).toBe('Wait for time');
    expect(cardStartState('12:30 PM', at(12, 25)).label).toBe('Start');
  });

  it('reads PM as the afternoon: 8:00 PM is not 8:00 in the morning', () => {
    expect(cardStartState('8:00 PM', at(8, 0)).label).toBe('Wait for time');
    expect(cardStartState('8:00 AM', at(8, 0)).label).toBe('Start');
  });

  it('matches the 7.5 minute rule for any time and offset on the same local day', () => {
    fc.assert(
      fc.property(
        localDay,
        clock,
        offsetAround(-CARD_WINDOW, 0, CARD_WINDOW),
        ({ year, month, day }, time, offset) => {
          const scheduled = new Date(year, month, day, time.hours, time.minutes, 0, 0);
          const now = new Date(scheduled.getTime() + offset);
          fc.pre(sameLocalDay(scheduled, now) && scheduled.getHours() === time.hours);
          const state = cardStartState(formatWorkoutTime(formatHHMM(time)), now);
          const expected =
            Math.abs(offset) <= CARD_WINDOW ? 'Start' : offset > 0 ? 'You missed' : 'Wait for time';
          expect(state.label).toBe(expected);
          expect(state.canStart).toBe(expected === 'Start');
        },
      ),
    );
  });
});

describe('chatHeaderState (24-hour reading, 0 to 15 minutes after)', () => {
  it('starts all day without a workout time', () => {
    expect(chatHeaderState(null, at(9, 0))).toEqual({ label: 'Start All Day', canStart: true });
    expect(chatHeaderState(undefined, at(9, 0)).label).toBe('Start All Day');
  });

  it('ignores AM/PM on purpose: 8:00 PM reads as 08:00', () => {
    expect(parseChatHeaderTime('8:00 PM')).toEqual({ hours: 8, minutes: 0 });
    expect(parseChatHeaderTime('12:00 AM')).toEqual({ hours: 12, minutes: 0 });
    expect(parseChatHeaderTime('20:00')).toEqual({ hours: 20, minutes: 0 });
    expect(chatHeaderState('8:00 PM', at(8, 5)).label).toBe('Start');
    expect(chatHeaderState('8:00 PM', at(20, 5)).label).toBe('You missed');
    // The card reads the same text the other way.
    expect(cardStartState('8:00 PM', at(8, 5)).label).toBe('Wait for time');
  });

  it('has its boundaries at the time itself and 15 minutes after', () => {
    expect(chatHeaderState('20:00', at(20, 0, -1))).toEqual({ label: 'Wait for time', canStart: false });
    expect(chatHeaderState('20:00', at(20, 0))).toEqual({ label: 'Start', canStart: true });
    expect(chatHeaderState('20:00', at(20, 0, CHAT_WINDOW)).label).toBe('Start');
    expect(chatHeaderState('20:00', at(20, 0, CHAT_WINDOW + 1))).toEqual({
      label: 'You missed',
      canStart: false,
    });
  });

  it('matches the 15 minute rule for any presented time on the same local day', () => {
    fc.assert(
      fc.property(localDay, clock, offsetAround(0, CHAT_WINDOW), ({ year, month, day }, time, offset) => {
        const presented = formatWorkoutTime(formatHHMM(time));
        // The chat header reads the 12-hour number as a 24-hour one.
        const readHours = Number(presented.split(':')[0]);
        const scheduled = new Date(year, month, day, readHours, time.minutes, 0, 0);
        const now = new Date(scheduled.getTime() + offset);
        fc.pre(sameLocalDay(scheduled, now) && scheduled.getHours() === readHours);
        const expected = offset < 0 ? 'Wait for time' : offset <= CHAT_WINDOW ? 'Start' : 'You missed';
        expect(chatHeaderState(presented, now).label).toBe(expected);
      }),
    );
  });
});

describe('reminders', () => {
  it('shows the card within 5 minutes either side, in the user time zone', () => {
    const eight = new Date('2025-06-10T18:00:00Z'); // 20:00 in Berlin (CEST)
    expect(isWithinReminderWindow('20:00', eight, 'Europe/Berlin')).toBe(true);
    expect(isWithinReminderWindow('20:00', new Date(eight.getTime() + 5 * MIN), 'Europe/Berlin')).toBe(true);
    expect(isWithinReminderWindow('20:00', new Date(eight.getTime() + 5 * MIN + 1000), 'Europe/Berlin')).toBe(
      false,
    );
    expect(isWithinReminderWindow('20:00', new Date(eight.getTime() - 5 * MIN), 'Europe/Berlin')).toBe(true);
    expect(isWithinReminderWindow('20:00', new Date(eight.getTime() - 6 * MIN), 'Europe/Berlin')).toBe(false);
    expect(isWithinReminderWindow('20:00', eight, 'UTC')).toBe(false);
    expect(isWithinReminderWindow('not a time', eight, 'UTC')).toBe(false);
  });

  it('works across midnight', () => {
    expect(isWithinReminderWindow('23:58', new Date('2025-06-11T00:02:00Z'), 'UTC')).toBe(true);
    expect(isWithinReminderWindow('00:01', new Date('2025-06-10T23:57:00Z'), 'UTC')).toBe(true);
    expect(isWithinReminderWindow('00:01', new Date('2025-06-10T23:55:00Z'), 'UTC')).toBe(false);
  });

  it('fires the toast only in the exact minute', () => {
    expect(isExactReminderMinute('20:00', new Date('2025-06-10T18:00:00Z'), 'Europe/Berlin')).toBe(true);
    expect(isExactReminderMinute('20:00', new Date('2025-06-10T18:00:59Z'), 'Europe/Berlin')).toBe(true);
    expect(isExactReminderMinute('20:00', new Date('2025-06-10T18:01:00Z'), 'Europe/Berlin')).toBe(false);
    expect(isExactReminderMinute('20:00', new Date('2025-06-10T17:59:59Z'), 'Europe/Berlin')).toBe(false);
    expect(isExactReminderMinute('', new Date(), 'UTC')).toBe(false);
  });

  it('agrees with the wall clock for any zone, date and offset away from DST jumps', () => {
    const zones = fc.constantFrom(
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
    );
    const date = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        zones,
        date,
        clock,
        fc.oneof(
          fc.integer({ min: -20 * MIN, max: 20 * MIN }),
          fc.constantFrom(-5 * MIN, 5 * MIN, 5 * MIN + 1, MIN - 1, MIN),
        ),
        (zone, day, time, offset) => {
          const hhmm = formatHHMM(time);
          const scheduled = zonedWallClockToInstant(day, hhmm, zone);
          const now = new Date(scheduled.getTime() + offset);
          const shown = zonedParts(scheduled, zone);
          // The time exists that day (no DST jump skipped it) and no jump lies between it and now.
          fc.pre(
            shown.date === day &&
              formatHHMM(shown) === hhmm &&
              timeZoneOffsetMs(now, zone) === timeZoneOffsetMs(scheduled, zone),
          );
          expect(isWithinReminderWindow(hhmm, now, zone)).toBe(Math.abs(offset) <= 5 * MIN);
          expect(isExactReminderMinute(hhmm, now, zone)).toBe(offset >= 0 && offset < MIN);
        },
      ),
    );
  });
});
