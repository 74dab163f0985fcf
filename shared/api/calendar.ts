import { z } from 'zod';

/** GET /api/user/calendar: the caller's approved workouts by day, and frozen days (the profile calendar). */

/** 'YYYY-MM' from year 1970 to 9999 (a calendar has nothing earlier; year 0 does not exist). */
export const MONTH_RE = /^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/;

export const calendarQuery = z.strictObject({
  /** 'YYYY-MM'; defaults to the current month in the caller's time zone. */
  month: z
    .string()
    .regex(MONTH_RE, 'must be a month YYYY-MM from 1970-01')
    .optional()
    .meta({ examples: ['2026-05'] }),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const calendarWorkout = z.object({
  proofId: z.number().int(),
  pactId: z.number().int(),
  pactTitle: z.string(),
  exerciseType: z.string(),
  value: z.number().int(),
  /** When the proof was posted (ISO instant); the client shows it in local time. */
  time: z.string(),
});
export type CalendarWorkout = z.infer<typeof calendarWorkout>;

export const calendarDay = z.object({
  /** The caller's local date (YYYY-MM-DD) on which the workout was recorded. */
  date: z.string(),
  workouts: z.array(calendarWorkout),
  /** A missed scheduled day a streak freeze stood in for (it has no workouts): the streak went on. */
  frozen: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDay>;

export const calendarResponse = z.array(calendarDay);
