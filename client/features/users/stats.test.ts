import type { Participation } from '@shared/api/pacts';
import { describe, expect, it } from 'vitest';
import { displayName } from '../../lib/display-name';
import { completedInLabel, dayOfLabel, rankLabel, statNumber, streakLabel } from './stats';

const part = (currentDay: number, totalDays: number, status: Participation['status'] = 'completed') =>
  ({ currentDay, status, challenge: { totalDays } }) as Pick<
    Participation,
    'currentDay' | 'challenge' | 'status'
  >;

describe('user page texts', () => {
  it("shows the rank as '#n' or 'N/A'", () => {
    expect(rankLabel(1)).toBe('#1');
    expect(rankLabel(42)).toBe('#42');
    expect(rankLabel(null)).toBe('N/A');
    expect(rankLabel(0)).toBe('N/A');
  });

  it('groups thousands', () => {
    expect(statNumber(12345)).toBe('12,345');
    expect(statNumber(undefined)).toBe('0');
  });

  it('shows a streak badge only for a positive streak', () => {
    expect(streakLabel(5)).toBe('5 day streak');
    expect(streakLabel(0)).toBeNull();
    expect(streakLabel(null)).toBeNull();
  });

  it("reads 'Day x of y', clamped to the Pact's days, 7 when unknown", () => {
    expect(dayOfLabel(part(3, 21))).toBe('Day 3 of 21');
    expect(dayOfLabel(part(40, 30))).toBe('Day 30 of 30');
    expect(dayOfLabel(part(0, 0))).toBe('Day 1 of 7');
    expect(completedInLabel(part(1, 14))).toBe('Completed in 14 days');
    expect(completedInLabel(part(1, 0))).toBe('Completed in 7 days');
    expect(completedInLabel(part(1, 14, 'ended'))).toBe('Ended: team access ended');
  });

  it('names a user by first name, else username', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Lee', username: 'ana' })).toBe('Ana');
    expect(displayName({ firstName: 'Ana', lastName: 'Lee', username: 'ana' }, true)).toBe('Ana Lee');
    expect(displayName({ firstName: null, username: 'ana' })).toBe('ana');
    expect(displayName(null)).toBe('Unknown');
  });
});
