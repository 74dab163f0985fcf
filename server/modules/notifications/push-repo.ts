import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '../../../shared/api/push';
import type { Db } from '../../db/client';
import { pacts, participations, pushSubscriptions, userSettings, users } from '../../db/schema';
import { pactVisibleTo } from '../pacts/policy';

export type PushDevice = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a device's subscription for `userId`. The endpoint is the device: subscribing it again updates its keys,
 * and when another user had it (they signed out, this person signed in on the same browser) it moves here.
 * Beyond `keep` devices the oldest of the user's go, so a user cannot pile up rows.
 */
export async function upsert(db: Db, userId: string, sub: PushSubscriptionBody, keep: number, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
      .limit(keep);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Removes the caller's own subscription of this endpoint; another user's stays. */
export async function removeOwn(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes subscriptions the push service called gone (404/410). */
export async function removeGone(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export function devicesOf(db: Db, userId: string): Promise<PushDevice[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/**
 * Whether `userId` takes Web Pushes beyond the in-app list: Workout Notifications (Settings, on unless turned off)
 * governs every push the app sends, reminders and proof reviews alike.
 */
export async function pushesWanted(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`coalesce(${userSettings.workoutNotifications}, true)` })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row?.on === true;
}

/** One time zone's slice of a tick: the local day and the range of wall-clock times ('HH:MM') to look at. */
export interface ZoneWindow {
  timeZone: string;
  day: string;
  weekday: string;
  from: string;
  to: string;
}

/** Time zones of users who have a device to push to (the tick looks only at those). */
export async function zonesWithDevices(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ timeZone: users.timeZone })
    .from(users)
    .where(sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`);
  return rows.map((r) => r.timeZone);
}

export interface ReminderCandidate {
  userId: string;
  pactId: number;
  workoutTime: string;
  timeZone: string;
  day: string;
}

/**
 * Active participations scheduled on a window's day with a workout time inside its range, of people with a device
 * and Workout Notifications on. The caller keeps those whose exact instant falls in the tick.
 */
export async function reminderCandidates(db: Db, windows: ZoneWindow[]): Promise<ReminderCandidate[]> {
  if (windows.length === 0) return [];
  const values = sql.join(
    windows.map(
      (w) => sql`(${w.timeZone}::text, ${w.day}::date, ${w.weekday}::text, ${w.from}::text, ${w.to}::text)`,
    ),
    sql`, `,
  );
  return db
    .select({
      userId: participations.userId,
      pactId: participations.pactId,
      workoutTime: sql<string>`${pacts.workoutTime}`,
      timeZone: users.timeZone,
      day: sql<string>`to_char(w.day, 'YYYY-MM-DD')`,
    })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .innerJoin(users, eq(users.id, participations.userId))
    .innerJoin(sql`(values ${values}) as w(tz, day, weekday, lo, hi)`, sql`w.tz = ${users.timeZone}`)
    .leftJoin(userSettings, eq(userSettings.userId, participations.userId))
    .where(
      and(
        eq(participations.status, 'active'),
        sql`${pacts.workoutTime} between w.lo and w.hi`,
        sql`w.weekday = any(${pacts.scheduleDays})`,
        sql`${participations.startDay} <= w.day`,
        sql`${participations.startDay} + ${pacts.totalDays} > w.day`,
        sql`coalesce(${userSettings.workoutNotifications}, true)`,
        inArray(users.role, ['user', 'admin']),
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${participations.userId})`,
      ),
    );
}

/**
 * What a reminder about to be sent needs, checked again at send time: still an active participant of a Pact they
 * may see, with a workout time, and Workout Notifications still on. Null when any of that stopped being true.
 */
export async function reminderTarget(db: Db, userId: string, pactId: number) {
  const [row] = await db
    .select({ title: pacts.title, workoutTime: pacts.workoutTime })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .leftJoin(userSettings, eq(userSettings.userId, participations.userId))
    .where(
      and(
        eq(participations.userId, userId),
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        sql`${pacts.workoutTime} is not null`,
        sql`coalesce(${userSettings.workoutNotifications}, true)`,
        pactVisibleTo(userId),
      ),
    );
  return row ?? null;
}

/** Every push device of a user (a reset that proves a never-verified address: docs/AUTH.md). */
export async function removeAllOf(db: Db, userId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
