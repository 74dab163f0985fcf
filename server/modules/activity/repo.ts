import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, pacts, participations, proofs, users } from '../../db/schema';
import { isFriendOf } from '../friends/policy';
import { pactVisibleTo } from '../pacts/policy';
import { blockedBetween } from '../users/policy';

/** Activity reads: approved workouts as Home shows them, and the caller's reminder list. */

const itemColumns = (me: string) => ({
  id: proofs.id,
  userId: proofs.userId,
  user: { firstName: users.firstName, username: users.username, profileImageUrl: users.image },
  challengeId: pacts.id,
  challengeTitle: pacts.title,
  value: proofs.value,
  type: pacts.exerciseType,
  at: proofs.createdAt,
  joined: sql<boolean>`exists (select 1 from participations jp
    where jp.pact_id = ${pacts.id} and jp.user_id = ${me} and jp.status not in ('left', 'ended'))`.mapWith(
    Boolean,
  ),
});

/** Whose workouts may show to `me` at all: approved and counted (a chat post that counts for nothing is no workout), not blocked either way, not banned, a Pact `me` may see. */
const shownTo = (me: string): SQL[] => [
  eq(proofs.status, 'approved'),
  eq(proofs.counts, true),
  isNull(users.bannedAt),
  sql`not ${blockedBetween(me, sql`${proofs.userId}`)}`,
  pactVisibleTo(me),
];

/**
 * Friends' approved workouts recorded within [from, to) (the caller's local today), newest first. Starts from the
 * caller's friend list; `days` bounds recorded_day so the (user, status, day) index does the work.
 */
export async function friendsToday(
  db: Db,
  me: string,
  window: { from: Date; to: Date; days: [string, string] },
  limit: number,
) {
  return db
    .select(itemColumns(me))
    .from(friendships)
    .innerJoin(proofs, eq(proofs.userId, friendships.friendId))
    .innerJoin(users, eq(users.id, proofs.userId))
    .innerJoin(pacts, eq(pacts.id, proofs.pactId))
    .where(
      and(
        eq(friendships.userId, me),
        sql`${proofs.recordedDay} between ${window.days[0]} and ${window.days[1]}`,
        gte(proofs.createdAt, window.from),
        lt(proofs.createdAt, window.to),
        ...shownTo(me),
      ),
    )
    .orderBy(desc(proofs.createdAt), desc(proofs.id))
    .limit(limit);
}

/**
 * Recent approved workouts in public, unhidden Pacts by people who are not `me` nor `me`'s friends, and not demo
 * users (a sandbox stays private): from the newest recorded day back.
 */
export async function nearYou(db: Db, me: string, sinceDay: string, limit: number) {
  return (
    db
      .select(itemColumns(me))
      .from(proofs)
      .innerJoin(users, eq(users.id, proofs.userId))
      .innerJoin(pacts, eq(pacts.id, proofs.pactId))
      .where(
        and(
          gte(proofs.recordedDay, sinceDay),
          eq(pacts.visibility, 'public'),
          eq(pacts.isHidden, false),
          ne(proofs.userId, me),
          ne(users.role, 'system'),
          sql`not ${users.isDemo}`,
          sql`not ${isFriendOf(me, sql`${proofs.userId}`)}`,
          ...shownTo(me),
        ),
      )
      // The approved-day index order (recorded_day, user_id) read backwards: stops after `limit` matches instead of
      // sorting a whole day's workouts (thousands at scale). The service orders the few it gets by time.
      .orderBy(desc(proofs.recordedDay), desc(proofs.userId))
      .limit(limit)
  );
}

/** The caller's active Pacts with a workout time, scheduled on `weekday` and running on `today`. */
export async function remindersFor(db: Db, me: string, today: string, weekday: string) {
  return db
    .select({ challengeId: pacts.id, title: pacts.title, workoutTime: pacts.workoutTime })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .where(
      and(
        eq(participations.userId, me),
        eq(participations.status, 'active'),
        isNotNull(pacts.workoutTime),
        sql`${weekday} = any(${pacts.scheduleDays})`,
        sql`${participations.startDay} <= ${today}::date`,
        sql`${participations.startDay} + ${pacts.totalDays} > ${today}::date`,
        pactVisibleTo(me),
      ),
    )
    .orderBy(asc(pacts.workoutTime), asc(pacts.id));
}
