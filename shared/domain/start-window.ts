/**
 * When a workout may start (docs/PACTS.md, "Start windows"). The card rule and the chat-header rule read the
 * workout time differently ON PURPOSE (the product keeps both): do not merge them.
 */
import { CARD_START_WINDOW_MINUTES, CHAT_HEADER_WINDOW_MINUTES, REMINDER_WINDOW_MINUTES } from './limits';
import { type ClockTime, parse12h, parseHHMM, wallClock, type ZoneRef } from './time';

export type StartLabel = 'Start All Day' | 'Start' | 'You missed' | 'Wait for time';

export interface StartState {
  label: StartLabel;
  canStart: boolean;
}

const MINUTE_MS = 60_000;
const ALL_DAY: StartState = { label: 'Start All Day', canStart: true };
const START: StartState = { label: 'Start', canStart: true };
const MISSED: StartState = { label: 'You missed', canStart: false };
const WAIT: StartState = { label: 'Wait for time', canStart: false };

/** Minutes since midnight on the wall clock of `zone` at `now`, with the fraction of the current minute. */
function wallMinutesOfDay(now: Date, zone: ZoneRef): number {
  const wall = wallClock(now, zone);
  // Zone offsets are whole seconds, so the instant's milliseconds complete the wall clock.
  const millis = ((now.getTime() % 1000) + 1000) % 1000;
  return wall.hours * 60 + wall.minutes + (wall.seconds + millis / 1000) / 60;
}

/**
 * Minutes from today's `time` to `now`; positive once the time has passed. The day and clock are the device's own,
 * or the wall clock of `zone` when one is given (a screen drawn on the server, which has no device clock).
 */
function minutesSinceToday(time: ClockTime, now: Date, zone?: ZoneRef): number {
  if (zone !== undefined) return wallMinutesOfDay(now, zone) - (time.hours * 60 + time.minutes);
  const scheduled = new Date(now);
  scheduled.setHours(time.hours, time.minutes, 0, 0);
  return (now.getTime() - scheduled.getTime()) / MINUTE_MS;
}

/**
 * Start button of a Pact card. `workoutTimePresented` is the card's 'h:mm AM/PM' (12 AM is hour 0,
 * PM adds 12), taken as today in the device's local time (or in `zone`'s). Within 7.5 minutes either side
 * (inclusive): 'Start'; later: 'You missed'; earlier: 'Wait for time'. No time, or one that cannot be read, is
 * an all-day workout.
 */
export function cardStartState(
  workoutTimePresented: string | null | undefined,
  now: Date,
  zone?: ZoneRef,
): StartState {
  const time = workoutTimePresented ? parse12h(workoutTimePresented) : null;
  if (!time) return ALL_DAY;
  const minutes = minutesSinceToday(time, now, zone);
  if (Math.abs(minutes) <= CARD_START_WINDOW_MINUTES) return START;
  return minutes > 0 ? MISSED : WAIT;
}

/**
 * Reads hours and minutes as a 24-hour clock and ignores any AM/PM suffix, as the chat header does:
 * '8:00 PM' reads as 08:00. Null when no 'H:MM' can be read.
 */
export function parseChatHeaderTime(workoutTime: string): ClockTime | null {
  const clock = workoutTime.trim().split(/\s+/)[0] ?? '';
  return parseHHMM(clock);
}

/**
 * Status button of the chat header: 'Start' from the time until 15 minutes after it (inclusive),
 * 'You missed' later, 'Wait for time' before it, 'Start All Day' without a (readable) time.
 */
export function chatHeaderState(workoutTime: string | null | undefined, now: Date): StartState {
  const time = workoutTime ? parseChatHeaderTime(workoutTime) : null;
  if (!time) return ALL_DAY;
  const minutes = minutesSinceToday(time, now);
  if (minutes < 0) return WAIT;
  return minutes <= CHAT_HEADER_WINDOW_MINUTES ? START : MISSED;
}

/**
 * Signed minutes from the workout time to `now` on the wall clock of `zone`, taking the nearest
 * occurrence of the time so a window that crosses midnight still works (23:58 vs 00:01 is +3).
 */
function minutesFromWorkoutTime(workoutTime: string, now: Date, zone: ZoneRef): number | null {
  const time = parseHHMM(workoutTime);
  if (!time) return null;
  const diff = wallMinutesOfDay(now, zone) - (time.hours * 60 + time.minutes);
  const day = 24 * 60;
  return ((((diff + day / 2) % day) + day) % day) - day / 2;
}

/** The reminder card shows while `now` is within 5 minutes (inclusive) of the 'HH:MM' workout time. */
export function isWithinReminderWindow(workoutTime: string, now: Date, zone: ZoneRef): boolean {
  const minutes = minutesFromWorkoutTime(workoutTime, now, zone);
  return minutes !== null && Math.abs(minutes) <= REMINDER_WINDOW_MINUTES;
}

/** The reminder toast fires when the wall clock reads exactly the 'HH:MM' workout time. */
export function isExactReminderMinute(workoutTime: string, now: Date, zone: ZoneRef): boolean {
  const time = parseHHMM(workoutTime);
  if (!time) return false;
  const wall = wallClock(now, zone);
  return wall.hours === time.hours && wall.minutes === time.minutes;
}
