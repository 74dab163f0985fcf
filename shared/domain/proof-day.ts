/**
 * Which day a proof recording counts for (docs/RULES.md "One counted workout a day"), decided on the server clock
 * when its code word is issued, in the member's stored time zone. A Pact with a workout time counts a recording
 * whose code word was issued inside that day's start window (7.5 minutes before the time to 15 minutes after); an
 * all-day Pact counts any time of the day. The day must be a scheduled weekday of the Pact inside the member's
 * participation (its start day to its last day). Whether that day was already counted is the database's answer.
 */
import { PROOF_WINDOW_AFTER_MINUTES, PROOF_WINDOW_BEFORE_MINUTES } from './limits';
import {
  addDays,
  daysBetween,
  type IsoDate,
  localDate,
  parseHHMM,
  type Weekday,
  weekdayOf,
  zonedWallClockToInstant,
} from './time';

export const NOT_COUNTED_REASONS = ['not_scheduled', 'outside_window', 'already_counted'] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

export interface RecordingPact {
  workoutTime: string | null;
  scheduleDays: readonly Weekday[];
  totalDays: number;
  /** The member's first day (their participation's start). */
  startDay: IsoDate;
}

export type RecordingDay =
  | { day: IsoDate; counts: true }
  | { day: IsoDate; counts: false; reason: Exclude<NotCountedReason, 'already_counted'> };

const MINUTE_MS = 60_000;

function isScheduled(pact: RecordingPact, day: IsoDate): boolean {
  const offset = daysBetween(pact.startDay, day);
  return offset >= 0 && offset < pact.totalDays && pact.scheduleDays.includes(weekdayOf(day));
}

/** The day `at` belongs to for this Pact and this member, and whether a proof recorded then may count. */
export function recordingDay(pact: RecordingPact, at: Date, timeZone: string): RecordingDay {
  const today = localDate(at, timeZone);
  const time = pact.workoutTime ? parseHHMM(pact.workoutTime) : null;
  if (!time || !pact.workoutTime) {
    return isScheduled(pact, today)
      ? { day: today, counts: true }
      : { day: today, counts: false, reason: 'not_scheduled' };
  }
  // A window may cross midnight (a 00:05 workout opens at 23:57:30 the day before): look at the neighbours too.
  for (const day of [today, addDays(today, 1), addDays(today, -1)]) {
    const start = zonedWallClockToInstant(day, pact.workoutTime, timeZone).getTime();
    const from = start - PROOF_WINDOW_BEFORE_MINUTES * MINUTE_MS;
    const until = start + PROOF_WINDOW_AFTER_MINUTES * MINUTE_MS;
    if (at.getTime() >= from && at.getTime() <= until) {
      return isScheduled(pact, day) ? { day, counts: true } : { day, counts: false, reason: 'not_scheduled' };
    }
  }
  return isScheduled(pact, today)
    ? { day: today, counts: false, reason: 'outside_window' }
    : { day: today, counts: false, reason: 'not_scheduled' };
}

/** What the recording screen says before recording when the proof will not count. */
export const NOT_COUNTED_TEXT: Record<NotCountedReason, string> = {
  already_counted: "Today's workout is already counted",
  not_scheduled: 'This Pact has no workout scheduled today',
  outside_window: "This is outside today's start window",
};
