import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, friendships, reports, users } from '../../db/schema';

/** Blocks and user reports. */

export async function findUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Blocks `blockedId` and ends any friendship between the two (both rows), in the caller's transaction. */
export async function block(db: Db, blockerId: string, blockedId: string) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, blockerId), eq(friendships.friendId, blockedId)),
        and(eq(friendships.userId, blockedId), eq(friendships.friendId, blockerId)),
      ),
    );
}

/** Lifts only the caller's own block (a block the other side made stays). */
export async function unblock(db: Db, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function listBlocked(db: Db, blockerId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      profileImageUrl: users.image,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(users.id));
}

/** Files a report of a user once per reporter; false when this reporter already reported them. */
export async function insertUserReport(db: Db, reporterId: string, reportedUserId: string, reason: string) {
  const rows = await db
    .insert(reports)
    .values({ reporterId, reportedUserId, reason })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows.length > 0;
}
