import { and, asc, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { LeaderboardMetric, LeaderboardScope } from '../../../shared/api/leaderboard';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { SessionUser } from '../session/guard';
import { userNames } from '../users/summary';
import { eligibleFor } from './policy';

/** Leaderboard reads. Each metric orders by its users_*_idx index (metric desc, id), so the top 100 is a short scan. */

const METRIC_COLUMN = {
  streak: users.streakCount,
  points: users.streakPoints,
  workouts: users.totalWorkouts,
  xp: users.totalXP,
} as const;

export type RankMetric = keyof typeof METRIC_COLUMN;

/** Real users: what every ranking counts (no system users, nobody banned, no demo visitors). */
const realUser = (): SQL => and(ne(users.role, 'system'), isNull(users.bannedAt), sql`not ${users.isDemo}`)!;

/** Rows of a raw query on either driver (both answer `{ rows }`). */
async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const { id: userId, ...names } = userNames(users);
const entryColumns = {
  userId,
  ...names,
  currentStreak: users.streakCount,
  streakPoints: users.streakPoints,
  level: users.level,
  totalWorkouts: users.totalWorkouts,
  totalXP: users.totalXP,
};

export type EntryRow = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  username: string;
  profileImageUrl: string | null;
  currentStreak: number;
  streakPoints: number;
  level: number;
  totalWorkouts: number;
  totalXP: number;
};

/** The best `limit` users with more than 0 of `metric`, best first (ties by id, a stable order). */
export async function topEntries(
  db: Db,
  me: SessionUser,
  scope: LeaderboardScope,
  metric: LeaderboardMetric,
  limit: number,
): Promise<EntryRow[]> {
  const column = METRIC_COLUMN[metric];
  return (
    db
      .select(entryColumns)
      .from(users)
      .where(and(gt(column, 0), eligibleFor(me, scope)))
      // NULLS LAST as in the users_*_idx indexes, or PostgreSQL cannot read the top 100 off the index.
      .orderBy(sql`${column} desc nulls last`, asc(users.id))
      .limit(limit)
  );
}

export async function entryOf(db: Db, userId: string): Promise<EntryRow | undefined> {
  const [row] = await db.select(entryColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** How many users `me` may see in `scope` have more than `value` of `metric`. */
export async function countAbove(
  db: Db,
  me: SessionUser,
  scope: LeaderboardScope,
  metric: LeaderboardMetric,
  value: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gt(METRIC_COLUMN[metric], value), eligibleFor(me, scope)));
  return row?.n ?? 0;
}

/** How many real users have each value (above 0) of `metric`, highest value first: one scan, then cached. */
export async function histogram(db: Db, metric: RankMetric): Promise<{ value: number; n: number }[]> {
  const column = METRIC_COLUMN[metric];
  return db
    .select({ value: column, n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gt(column, 0), realUser()))
    .groupBy(column)
    .orderBy(desc(column));
}

/** Real users blocked either way with `me` who have more than `value`: taken off `me`'s rank. */
export async function countBlockedAbove(db: Db, me: string, metric: RankMetric, value: number) {
  const column = METRIC_COLUMN[metric];
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${users}
        where ${users.id} in (select blocked_id from blocks where blocker_id = ${me}
                              union select blocker_id from blocks where blocked_id = ${me})
          and ${column} > ${value} and ${realUser()}`,
  );
  return row?.n ?? 0;
}

/** A demo visitor's own sandbox friends with more than `value`: added to the visitor's rank. */
export async function countDemoFriendsAbove(db: Db, me: string, metric: RankMetric, value: number) {
  const column = METRIC_COLUMN[metric];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        sql`${users.id} in (select f.friend_id from friendships f where f.user_id = ${me})`,
        sql`${users.isDemo}`,
        isNull(users.bannedAt),
        gt(column, value),
      ),
    );
  return row?.n ?? 0;
}

export async function metricOf(db: Db, userId: string, metric: RankMetric): Promise<number | undefined> {
  const [row] = await db.select({ v: METRIC_COLUMN[metric] }).from(users).where(eq(users.id, userId));
  return row?.v;
}
