import { describe, expect, it } from 'vitest';
import { recordingDay } from './proof-day';

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const base = { scheduleDays: EVERY_DAY, totalDays: 30, startDay: '2026-03-01' };

describe('recordingDay', () => {
  it('counts any time of a scheduled day for an all-day Pact, in the member zone', () => {
    const pact = { ...base, workoutTime: null };
    // 02:00 UTC on the 10th is still the 9th in New York.
    expect(recordingDay(pact, new Date('2026-03-10T02:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-03-09',
      counts: true,
    });
  });

  it('refuses a weekday the Pact does not schedule, and days outside the participation', () => {
    const pact = { ...base, workoutTime: null, scheduleDays: ['monday'] as const };
    // 2026-03-10 is a Tuesday.
    expect(recordingDay(pact, new Date('2026-03-10T12:00:00Z'), 'UTC')).toMatchObject({
      counts: false,
      reason: 'not_scheduled',
    });
    expect(recordingDay(pact, new Date('2026-03-09T12:00:00Z'), 'UTC')).toMatchObject({ counts: true });
    expect(
      recordingDay({ ...pact, startDay: '2026-03-16' }, new Date('2026-03-09T12:00:00Z'), 'UTC'),
    ).toMatchObject({ counts: false });
    expect(
      recordingDay(
        { ...pact, totalDays: 1, startDay: '2026-03-02' },
        new Date('2026-03-09T12:00:00Z'),
        'UTC',
      ),
    ).toMatchObject({ counts: false });
  });

  it('counts from 7.5 minutes before the workout time to 15 after, inclusive', () => {
    const pact = { ...base, workoutTime: '07:00' };
    const at = (iso: string) => recordingDay(pact, new Date(iso), 'Europe/Paris');
    // 07:00 in Paris (UTC+1 in March before the switch) is 06:00 UTC.
    expect(at('2026-03-10T05:52:30Z')).toEqual({ day: '2026-03-10', counts: true });
    expect(at('2026-03-10T06:15:00Z')).toEqual({ day: '2026-03-10', counts: true });
    expect(at('2026-03-10T05:52:29Z')).toMatchObject({ counts: false, reason: 'outside_window' });
    expect(at('2026-03-10T06:15:01Z')).toMatchObject({ counts: false, reason: 'outside_window' });
  });

  it('gives a window that crosses midnight to the workout day', () => {
    const pact = { ...base, workoutTime: '00:05' };
    expect(recordingDay(pact, new Date('2026-03-09T23:59:00Z'), 'UTC')).toEqual({
      day: '2026-03-10',
      counts: true,
    });
    const late = { ...base, workoutTime: '23:55' };
    expect(recordingDay(late, new Date('2026-03-10T00:05:00Z'), 'UTC')).toEqual({
      day: '2026-03-09',
      counts: true,
    });
  });

  it('reads the workout time on a daylight-saving day in the member zone', () => {
    const pact = { ...base, workoutTime: '09:00' };
    // New York switched to UTC-4 on 2026-03-08: 09:00 is 13:00 UTC.
    expect(recordingDay(pact, new Date('2026-03-08T13:05:00Z'), 'America/New_York')).toEqual({
      day: '2026-03-08',
      counts: true,
    });
    expect(recordingDay(pact, new Date('2026-03-08T14:05:00Z'), 'America/New_York')).toMatchObject({
      counts: false,
    });
  });
});
