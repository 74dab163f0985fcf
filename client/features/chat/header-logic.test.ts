import { describe, expect, it } from 'vitest';
import { headerButton, headerDetails, pactDayLabel, participantsText } from './header-logic';

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const d = new Date(2026, 10, 21);
  d.setHours(h, m, 0, 0);
  return d;
};

describe('chat header', () => {
  it('reads Day {currentDay or 1}/{totalDays or 7}', () => {
    expect(pactDayLabel({ currentDay: 3, totalDays: 21 })).toBe('Day 3/21');
    expect(pactDayLabel({ currentDay: 0, totalDays: 0 })).toBe('Day 1/7');
  });

  it('counts participants and shows the workout time on a 12-hour clock', () => {
    expect(participantsText(1)).toBe('1 participant');
    expect(headerDetails({ participantCount: 2, workoutTime: '18:30', currentDay: 1, totalDays: 21 })).toBe(
      '2 participants · 6:30 PM · Day 1/21',
    );
    expect(headerDetails({ participantCount: 5, workoutTime: null, currentDay: 2, totalDays: 7 })).toBe(
      '5 participants · Day 2/7',
    );
  });

  it('follows the chat-header rule: before, 0 to 15 minutes after, later, all day', () => {
    expect(headerButton('09:30', true, at('09:29'))).toEqual({ label: 'Wait for time', canStart: false });
    expect(headerButton('09:30', true, at('09:30'))).toEqual({ label: 'Start', canStart: true });
    expect(headerButton('09:30', true, at('09:45'))).toEqual({ label: 'Start', canStart: true });
    expect(headerButton('09:30', true, at('09:46'))).toEqual({ label: 'You missed', canStart: false });
    expect(headerButton(null, true, at('03:00'))).toEqual({ label: 'Start All Day', canStart: true });
  });

  it("gets the card's 'h:mm AM/PM' and reads it as 24-hour, ignoring AM/PM (SPEC: the readings differ on purpose)", () => {
    // 18:30 is presented as '6:30 PM', which the chat header reads as 06:30.
    expect(headerButton('18:30', true, at('06:35')).label).toBe('Start');
    expect(headerButton('18:30', true, at('18:35')).label).toBe('You missed');
    expect(headerButton('00:10', true, at('00:15')).label).toBe('Wait for time'); // '12:10 AM' reads as 12:10
  });

  it('lets only active participants start', () => {
    expect(headerButton('09:30', false, at('09:35'))).toEqual({ label: 'Start', canStart: false });
    expect(headerButton(null, false, at('12:00'))).toEqual({ label: 'Start All Day', canStart: false });
  });
});
