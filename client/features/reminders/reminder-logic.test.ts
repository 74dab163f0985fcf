import type { ReminderItem } from '@shared/api/activity';
import { describe, expect, it } from 'vitest';
import {
  dueReminder,
  keysOfDate,
  msToNextMinute,
  reminderKey,
  reminderToastText,
  reminderZone,
  scheduledLabel,
  toastsDue,
} from './reminder-logic';

const items: ReminderItem[] = [
  { challengeId: 1, title: 'Morning Squats', workoutTime: '07:30' },
  { challengeId: 2, title: 'Evening Burpees', workoutTime: '20:05' },
];
const DATE = '2026-03-02';
// 20:05 in New York (EST, UTC-5) is 01:05 UTC the next day.
const at = (iso: string) => new Date(iso);

describe('dueReminder', () => {
  it('shows the Pact within 5 minutes of its time in the user zone', () => {
    const none = new Set<string>();
    expect(dueReminder(items, at('2026-03-03T01:05:00Z'), 'America/New_York', DATE, none)?.challengeId).toBe(
      2,
    );
    expect(dueReminder(items, at('2026-03-03T01:00:00Z'), 'America/New_York', DATE, none)?.challengeId).toBe(
      2,
    );
    expect(dueReminder(items, at('2026-03-03T01:10:00Z'), 'America/New_York', DATE, none)?.challengeId).toBe(
      2,
    );
    expect(dueReminder(items, at('2026-03-03T01:10:01Z'), 'America/New_York', DATE, none)).toBeNull();
    expect(dueReminder(items, at('2026-03-03T00:59:59Z'), 'America/New_York', DATE, none)).toBeNull();
    // The same instant read in UTC is 01:05: no Pact then.
    expect(dueReminder(items, at('2026-03-03T01:05:00Z'), 'UTC', DATE, none)).toBeNull();
  });
  it('skips a dismissed Pact and picks the earliest of several due', () => {
    const both: ReminderItem[] = [
      { challengeId: 3, title: 'B', workoutTime: '07:33' },
      { challengeId: 1, title: 'A', workoutTime: '07:30' },
    ];
    const now = at('2026-03-02T07:31:00Z');
    expect(dueReminder(both, now, 'UTC', DATE, new Set())?.challengeId).toBe(1);
    expect(dueReminder(both, now, 'UTC', DATE, new Set([reminderKey(DATE, 1)]))?.challengeId).toBe(3);
  });
});

describe('reminderZone', () => {
  const zone = (offsetSeconds: number) =>
    reminderZone({
      timeZone: 'America/New_York',
      offset: { offsetSeconds, from: '2026-03-01T00:00:00.000Z', until: '2026-03-08T07:00:00.000Z' },
    });
  it("reads the wall clock from the answer's offset inside its span", () => {
    const none = new Set<string>();
    const now = at('2026-03-03T01:05:00Z');
    expect(dueReminder(items, now, zone(-5 * 3600), DATE, none)?.challengeId).toBe(2);
    expect(toastsDue(items, now, zone(-5 * 3600), DATE, none).map((i) => i.challengeId)).toEqual([2]);
    // Inside the span the offset given is the one used (a wrong one would move the wall clock)...
    expect(dueReminder(items, now, zone(0), DATE, none)).toBeNull();
    // ...and outside it the zone's name is read through Intl (New York is on EDT, UTC-4, from 8 March).
    const later = at('2026-03-10T00:05:00Z');
    expect(dueReminder(items, later, zone(0), '2026-03-09', none)?.challengeId).toBe(2);
  });
});

describe('toastsDue', () => {
  it('fires on the exact minute only, once per Pact per day', () => {
    const fired = new Set<string>();
    const exact = at('2026-03-02T07:30:40Z');
    expect(toastsDue(items, exact, 'UTC', DATE, fired).map((i) => i.challengeId)).toEqual([1]);
    expect(toastsDue(items, at('2026-03-02T07:31:00Z'), 'UTC', DATE, fired)).toEqual([]);
    expect(toastsDue(items, at('2026-03-02T07:29:59Z'), 'UTC', DATE, fired)).toEqual([]);
    fired.add(reminderKey(DATE, 1));
    expect(toastsDue(items, exact, 'UTC', DATE, fired)).toEqual([]);
    // The next day is a new key.
    expect(toastsDue(items, at('2026-03-03T07:30:00Z'), 'UTC', '2026-03-03', fired)).toHaveLength(1);
  });
});

describe('texts and timing', () => {
  it('reads the toast and the scheduled time', () => {
    expect(reminderToastText('Evening Burpees')).toBe(
      'Time to start your Evening Burpees. Start streaming now or get busted!',
    );
    expect(scheduledLabel('20:05')).toBe('Scheduled: 8:05 PM');
    expect(scheduledLabel('00:30')).toBe('Scheduled: 12:30 AM');
  });
  it('waits until just after the next minute begins', () => {
    expect(msToNextMinute(at('2026-03-02T07:30:59.000Z'))).toBe(1250);
    expect(msToNextMinute(at('2026-03-02T07:30:00.000Z'))).toBe(60_250);
  });
  it('keeps only the keys of the given date', () => {
    expect(keysOfDate(['2026-03-01:1', '2026-03-02:1', '2026-03-02:7'], DATE)).toEqual([
      '2026-03-02:1',
      '2026-03-02:7',
    ]);
  });
});
