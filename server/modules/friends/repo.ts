import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema';
import { blockedBetween } from '../pacts/repo';

/** Friendships are stored in both directions, so "my friends" is one indexed read. */

export async function listFriends(db: Db, me: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      username: users.username,
      profileImageUrl: users.image,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, me), sql`not ${blockedBetween(me, sql`${users.id}`)}`))
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.username}))`), asc(users.id));
}

/** Makes the two users friends at once (both rows); true when they were not friends before. */
export async function addFriendship(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing()
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

/** Ends the friendship in both directions; true when there was one. */
export async function removeFriendship(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}
