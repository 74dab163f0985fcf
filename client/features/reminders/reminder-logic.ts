import type { ReminderItem, RemindersResponse } from '@shared/api/activity';
import { isExactReminderMinute, isWithinReminderWindow } from '@shared/domain/start-window';
import { formatWorkoutTime, type OffsetSpan, type ZoneRef } from '@shared/domain/time';

/** Which reminder the card shows and which toasts fire. */

/** A Pact's reminder of one local date: the card's dismissal and the toast are remembered per key. */
export function reminderKey(date: string, challengeId: number): string {
  return `${date}:${challengeId}`;
}

/**
 * The reminder the card shows: the first Pact (earliest workout time) whose time is within 5 minutes of now in
 * the user's zone and which the user has not dismissed today.
 */
export function dueReminder(
  items: readonly ReminderItem[],
  now: Date,
  zone: ZoneRef,
  date: string,
  dismissed: ReadonlySet<string>,
): ReminderItem | null {
  const due = items
    .filter((i) => isWithinReminderWindow(i.workoutTime, now, zone))
    .filter((i) => !dismissed.has(reminderKey(date, i.challengeId)))
    .sort((a, b) => a.workoutTime.localeCompare(b.workoutTime));
  return due[0] ?? null;
}

/** The Pacts whose toast fires now: the wall clock reads exactly their HH:MM and it has not fired today. */
export function toastsDue(
  items: readonly ReminderItem[],
  now: Date,
  zone: ZoneRef,
  date: string,
  fired: ReadonlySet<string>,
): ReminderItem[] {
  return items.filter(
    (i) => isExactReminderMinute(i.workoutTime, now, zone) && !fired.has(reminderKey(date, i.challengeId)),
  );
}

/**
 * The user's zone as the reminder list gives it: its name and its offset around the answer, so the minute checks
 * read the wall clock by arithmetic (no Intl date formatter, whose first use is a long task on a slow phone).
 */
export function reminderZone(data: Pick<RemindersResponse, 'timeZone' | 'offset'>): OffsetSpan {
  return {
    timeZone: data.timeZone,
    offsetMs: data.offset.offsetSeconds * 1000,
    fromMs: Date.parse(data.offset.from),
    untilMs: Date.parse(data.offset.until),
  };
}

export const REMINDER_TOAST_TITLE = 'Workout Time!';

export function reminderToastText(title: string): string {
  return `Time to start your ${title}. Start streaming now or get busted!`;
}

/** 'Scheduled: 8:05 PM' */
export function scheduledLabel(workoutTime: string): string {
  return `Scheduled: ${formatWorkoutTime(workoutTime)}`;
}

/** Milliseconds until just after the next minute starts, so each check lands inside its minute. */
export function msToNextMinute(now: Date): number {
  return 60_000 - (now.getTime() % 60_000) + 250;
}

/** Keeps only today's keys of a remembered set (dismissals, fired toasts), so storage never grows. */
export function keysOfDate(keys: readonly string[], date: string): string[] {
  return keys.filter((k) => k.startsWith(`${date}:`));
}
