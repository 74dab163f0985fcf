import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, friendships, users } from '../../db/schema';
import { userNames } from '../users/summary';

/** Blocks and reports. */

/** Records the block (in the caller's transaction, which also ends the friendship). */
export async function block(db: Db, blockerId: string, blockedId: string) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Lifts only the caller's own block (a block the other side made stays). */
export async function unblock(db: Db, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function listBlocked(db: Db, blockerId: string) {
  return db
    .select({ ...userNames(users), blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(users.id));
}

/** Files a report of a Pact or a user, once per reporter and target; false when already reported. */
/** Pairs (a, b) among `userIds` x `otherIds` blocked in either direction, as "a:b" and "b:a". */
export async function blockedPairs(db: Db, userIds: string[], otherIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0 || otherIds.length === 0) return new Set();
  const rows = await db
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(
      sql`(${inArray(blocks.blockerId, userIds)} and ${inArray(blocks.blockedId, otherIds)})
        or (${inArray(blocks.blockerId, otherIds)} and ${inArray(blocks.blockedId, userIds)})`,
    );
  const out = new Set<string>();
  for (const r of rows) {
    out.add(`${r.a}:${r.b}`);
    out.add(`${r.b}:${r.a}`);
  }
  return out;
}

/** Everyone in a block with `userId`, either direction (blocks_pkey and blocks_blocked_idx serve the two sides). */
export async function blockedWith(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return [...new Set(rows.map((r) => (r.a === userId ? r.b : r.a)))];
}

/** Erasure of the social type: blocks the user made or received. Reports stay (moderation records). */
export async function deleteBlocksOf(db: Db, userId: string) {
  await db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}

/**
 * Pairs "viewer:demo" among `userIds` x `otherIds` (both orders) where the demo account lives in another sandbox
 * than the viewer: not the viewer, not one of the viewer's sample friends (users/policy.ts, outsideSandbox).
 */
export async function sandboxPairs(db: Db, userIds: string[], otherIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (userIds.length === 0 || otherIds.length === 0) return out;
  const ids = [...new Set([...userIds, ...otherIds])];
  const demos = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isDemo, true)));
  if (demos.length === 0) return out;
  const demoIds = demos.map((d) => d.id);
  const links = await db
    .select({ a: friendships.userId, b: friendships.friendId })
    .from(friendships)
    .where(and(inArray(friendships.userId, ids), inArray(friendships.friendId, demoIds)));
  const friends = new Set(links.map((l) => `${l.a}:${l.b}`));
  const apart = (viewer: string, demo: string) => {
    if (viewer !== demo && !friends.has(`${viewer}:${demo}`)) out.add(`${viewer}:${demo}`);
  };
  for (const demo of demoIds) {
    if (otherIds.includes(demo)) for (const viewer of userIds) apart(viewer, demo);
    if (userIds.includes(demo)) for (const viewer of otherIds) apart(viewer, demo);
  }
  return out;
}
