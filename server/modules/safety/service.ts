import type { BlockedUser } from '../../../shared/api/safety';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type BlockPairs, isBlockedPair } from './policy';
import * as repo from './repo';

/**
 * Blocks: who blocked whom, and the pairs other modules' reads leave apart (rules in users/policy.ts and policy.ts).
 * The block itself, which also ends a friendship and shared Pacts, is moderation's (moderation/people-service.ts).
 */

/** Records that `blockerId` blocks `blockedId` (idempotent); `tx` is the block's transaction (moderation/people-service.ts). */
export function recordBlock(tx: Db, blockerId: string, blockedId: string) {
  return repo.block(tx, blockerId, blockedId);
}

/** Takes the block back (idempotent). */
export function removeBlock(db: Db, blockerId: string, blockedId: string) {
  return repo.unblock(db, blockerId, blockedId);
}

export async function listBlocks(ctx: AppContext, meId: string): Promise<BlockedUser[]> {
  const rows = await repo.listBlocked(ctx.db, meId);
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}

/** The block pairs between `userIds` and `otherIds` (safety/policy.ts isBlockedPair reads them). */
export function blockedPairs(ctx: AppContext, userIds: string[], otherIds: string[]): Promise<BlockPairs> {
  return repo.blockedPairs(ctx.db, userIds, otherIds);
}

/** Whether the two users are blocked either way. */
export async function areBlocked(ctx: AppContext, a: string, b: string): Promise<boolean> {
  return isBlockedPair(await repo.blockedPairs(ctx.db, [a], [b]), a, b);
}

/**
 * Who must not see whom between `userIds` and `otherIds`: the block pairs (both ways) plus "viewer:demo" for a
 * demo account of another sandbox (DECISIONS 3: visitors never see each other; real people never see demo
 * accounts, a demo visitor sees real people). `isBlockedPair(pairs, viewer, other)` reads them.
 */
export async function hiddenPairs(
  ctx: AppContext,
  userIds: string[],
  otherIds: string[],
): Promise<BlockPairs> {
  const [blocked, apart] = await Promise.all([
    repo.blockedPairs(ctx.db, userIds, otherIds),
    repo.sandboxPairs(ctx.db, userIds, otherIds),
  ]);
  for (const pair of apart) blocked.add(pair);
  return blocked;
}

/** Only the sandbox rule's pairs (a demo account of another sandbox), as "viewer:demo" (see hiddenPairs). */
export function sandboxPairs(ctx: AppContext, userIds: string[], otherIds: string[]): Promise<BlockPairs> {
  return repo.sandboxPairs(ctx.db, userIds, otherIds);
}

/** Whether `viewer` must not see `other`: a block either way, or `other` is a demo account of another sandbox. */
export async function isHiddenFrom(ctx: AppContext, viewer: string, other: string): Promise<boolean> {
  return isBlockedPair(await hiddenPairs(ctx, [viewer], [other]), viewer, other);
}

/** Everyone in a block with `userId`, either direction. */
export function blockedUserIds(ctx: AppContext, userId: string): Promise<string[]> {
  return repo.blockedWith(ctx.db, userId);
}

/** Erasure of the social type (privacy module), inside its transaction. */
export function eraseBlocksOf(tx: Db, userId: string) {
  return repo.deleteBlocksOf(tx, userId);
}
