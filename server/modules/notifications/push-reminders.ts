import { z } from 'zod';
import {
  formatHHMM,
  timeZoneOffsetMs,
  weekdayOf,
  zonedParts,
  zonedWallClockToInstant,
} from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import { defineJob, enqueueOnceMany, type Job } from '../../platform/jobs';
import * as repo from './push-repo';
import { pushToUser } from './push-service';

/**
 * "Workout Time!" pushes (docs/NOTIFICATIONS.md, "Web Push reminders"). A recurring tick, run by one instance at a
 * time, finds the reminders whose instant (the Pact's workout time on a scheduled day, in the participant's time
 * zone) lies in the last REMINDER_LATE_MS and stores one job per person, Pact and local day under a key that can
 * be stored once: the key is the sent log. Each job re-checks the setting and the participation, then pushes.
 */

export const REMINDER_TICK_MS = 30_000;
/** How late a reminder may still go out (a slow tick, a restart); later than this it is dropped. */
export const REMINDER_LATE_MS = 5 * 60_000;

export const REMINDER_TITLE = 'Workout Time!';
export const reminderBody = (title: string) =>
  `Time to start your ${title}. Start streaming now or get busted!`;

const toHHMM = (minutes: number) => formatHHMM({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
const clamp = (minutes: number) => Math.min(23 * 60 + 59, Math.max(0, minutes));

/**
 * For each time zone, the local day(s) the interval (from, to] touches and the wall-clock times it shows, widened
 * by the daylight-saving jump inside it if any: a time skipped or repeated by the jump stays in the SQL range (the
 * exact instant is checked after). Without a jump the range is the interval itself, so the query reads only the
 * participations due in it.
 */
export function zoneWindows(timeZones: string[], from: Date, to: Date): repo.ZoneWindow[] {
  const windows: repo.ZoneWindow[] = [];
  for (const timeZone of timeZones) {
    const a = zonedParts(from, timeZone);
    const b = zonedParts(to, timeZone);
    const jump = Math.abs(timeZoneOffsetMs(to, timeZone) - timeZoneOffsetMs(from, timeZone)) / 60_000;
    const start = a.hours * 60 + a.minutes - jump;
    const end = b.hours * 60 + b.minutes + jump;
    const days =
      a.date === b.date
        ? [{ day: a.date, lo: start, hi: end }]
        : [
            { day: a.date, lo: start, hi: 24 * 60 },
            { day: b.date, lo: 0, hi: end },
          ];
    for (const { day, lo, hi } of days) {
      windows.push({
        timeZone,
        day,
        weekday: weekdayOf(day),
        from: toHHMM(clamp(lo)),
        to: toHHMM(clamp(hi)),
      });
    }
  }
  return windows;
}

export interface DueReminder {
  userId: string;
  pactId: number;
  day: string;
  dueAt: Date;
}

/** The reminders whose instant falls in (now - REMINDER_LATE_MS, now]. */
export async function dueReminders(ctx: AppContext, now: Date): Promise<DueReminder[]> {
  const from = new Date(now.getTime() - REMINDER_LATE_MS);
  const zones = await repo.zonesWithDevices(ctx.db);
  const candidates = await repo.reminderCandidates(ctx.db, zoneWindows(zones, from, now));
  const due: DueReminder[] = [];
  for (const c of candidates) {
    let dueAt: Date;
    try {
      dueAt = zonedWallClockToInstant(c.day, c.workoutTime, c.timeZone);
    } catch {
      continue; // not an 'HH:MM' time: nothing to remind of
    }
    if (dueAt > from && dueAt <= now) due.push({ userId: c.userId, pactId: c.pactId, day: c.day, dueAt });
  }
  return due;
}

const reminderPayload = z.object({
  userId: z.string(),
  pactId: z.number().int(),
  day: z.string(),
  dueAt: z.string(),
});

/** One person's push about one Pact on one day. */
export const workoutReminderJob = defineJob<z.infer<typeof reminderPayload>>({
  name: 'push.workout-reminder',
  parse: (raw) => reminderPayload.parse(raw),
  // A failure here is the database's; the push itself is not retried (see pushToUser).
  maxAttempts: 3,
  backoff: { baseMs: 15_000, capMs: 60_000 },
  handler: async (ctx, { userId, pactId, day, dueAt }, { now, log }) => {
    if (now.getTime() - Date.parse(dueAt) > REMINDER_LATE_MS) return { skipped: 'late' };
    const target = await repo.reminderTarget(ctx.db, userId, pactId);
    if (!target) return { skipped: 'no longer due' };
    return pushToUser(
      ctx,
      userId,
      {
        title: REMINDER_TITLE,
        body: reminderBody(target.title),
        url: `/chat/${pactId}`,
        tag: `workout-${pactId}-${day}`,
      },
      log,
    );
  },
});

/** Stores the job of each due reminder not stored before (one statement); answers how many were new. */
export async function enqueueDueReminders(ctx: AppContext, now: Date): Promise<number> {
  const due = await dueReminders(ctx, now);
  const stored = await enqueueOnceMany(
    ctx.db,
    workoutReminderJob.name,
    due.map((r) => ({
      payload: { userId: r.userId, pactId: r.pactId, day: r.day, dueAt: r.dueAt.toISOString() },
      dedupeKey: `push-reminder:${r.userId}:${r.pactId}:${r.day}`,
    })),
    now,
  );
  return stored.length;
}

/** The tick, a recurring job: the job queue runs it on one instance at a time. */
export function pushRemindersJob(ctx: AppContext): Job {
  return {
    name: 'push-reminders',
    everyMs: REMINDER_TICK_MS,
    run: (now = new Date()) => enqueueDueReminders(ctx, now),
  };
}
