import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema';
import { blockedBetween } from '../pacts/repo';

/** Reads of users as others see them: no email, no date of birth. */

const publicColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profileImageUrl: users.image,
  isProUser: users.isProUser,
  role: users.role,
  streakCount: users.streakCount,
  totalXP: users.totalXP,
  level: users.level,
};

/** The user unless unknown, banned, or on either side of a block with `me` (then they do not exist for `me`). */
export async function findUserVisibleTo(db: Db, me: string, userId: string) {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .where(
      and(eq(users.id, userId), isNull(users.bannedAt), sql`not ${blockedBetween(me, sql`${users.id}`)}`),
    );
  return row;
}

/** 1 + the number of (non-system) users with more XP (DECISIONS 6). */
export async function rankByXp(db: Db, xp: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gt(users.totalXP, xp), ne(users.role, 'system')));
  return 1 + (row?.n ?? 0);
}

export async function areFriends(db: Db, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
  return row !== undefined;
}

export async function friendCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return row?.n ?? 0;
}
