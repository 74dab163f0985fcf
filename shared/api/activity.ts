import { z } from 'zod';
import { HOME_ACTIVITY_LIMIT } from '../domain/limits';
import { userSummary } from './pacts';

/**
 * GET /api/user/activity?tab=friends|near: Home's Activity section (docs/RULES.md).
 * friends: friends' approved workouts recorded today in the caller's time zone, newest first.
 * near: recent approved workouts in public Pacts by people who are not the caller's friends.
 * At most 5 items (HOME_ACTIVITY_LIMIT); blocked users and Pacts the caller may not see never appear.
 */
export const ACTIVITY_TABS = ['friends', 'near'] as const;
export { HOME_ACTIVITY_LIMIT };

export const activityQuery = z.strictObject({ tab: z.enum(ACTIVITY_TABS).default('friends') });
export type ActivityQuery = z.input<typeof activityQuery>;

export const activityItem = z.object({
  /** The approved proof this item shows (a stable key). */
  id: z.number().int(),
  userId: z.string(),
  user: userSummary.omit({ id: true }),
  challengeId: z.number().int(),
  challengeTitle: z.string(),
  /** Reps or seconds of the workout. */
  value: z.number().int(),
  /** The Pact's exercise type ('push-ups'...). */
  type: z.string(),
  /** When the workout was recorded (ISO instant). */
  at: z.string(),
  /** True when the caller already takes part in the Pact (the Join button then opens its chat). */
  joined: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityResponse = z.array(activityItem);

/**
 * GET /api/user/reminders: the caller's active Pacts scheduled today (their time zone) that have a workout time,
 * for the reminder card and toast (checked every 60 s in the browser with shared/domain/start-window.ts).
 */
export const reminderItem = z.object({
  challengeId: z.number().int(),
  title: z.string(),
  /** 'HH:MM' local wall-clock time. */
  workoutTime: z.string(),
});
export type ReminderItem = z.infer<typeof reminderItem>;

export const remindersResponse = z.object({
  /** The caller's local date the list is for; refetch when the local date changes. */
  date: z.string(),
  timeZone: z.string(),
  /**
   * The zone's offset from UTC around the answer (shared/domain/time.ts `offsetSpan`): from `from` until `until` the
   * wall clock is UTC plus `offsetSeconds`. The browser reads the wall clock by arithmetic inside it (no Intl date
   * formatter on a phone's first screen) and through Intl outside it.
   */
  offset: z.object({ offsetSeconds: z.number().int(), from: z.iso.datetime(), until: z.iso.datetime() }),
  /** The Settings toggle "Workout Notifications": when false the client shows no reminder. */
  workoutNotifications: z.boolean(),
  items: z.array(reminderItem),
});
export type RemindersResponse = z.infer<typeof remindersResponse>;
