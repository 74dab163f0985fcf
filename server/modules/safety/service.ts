import type { BlockedUser, BlockResponse } from '../../../shared/api/safety';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { endFriendship } from '../friends/service';
import '../pacts/events';
import { leaveAcrossBlock } from '../pacts/bookkeeping';
import { findUserById } from '../users/service';
import './events';
import { type BlockPairs, isBlockedPair } from './policy';
import * as repo from './repo';

/** Blocking and reporting (rules in policy.ts). Each acts only for the caller. */

export const USER_NOT_FOUND = 'User not found';

/**
 * The other user of a block or report. Unknown ids are 404; existing users are found even across a block, so a
 * user who was blocked can still block back, and nothing tells them whether the other side blocked them.
 */
async function target(ctx: AppContext, meId: string, userId: string, verb: 'block' | 'report') {
  if (userId === meId) throw badRequest(`You cannot ${verb} yourself`);
  if (userId === AI_TRAINER_ID) throw badRequest(`The AI Trainer cannot be ${verb}ed`);
  const user = await findUserById(ctx, userId);
  if (!user || user.role === 'system') throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * Idempotent. Ends the friendship and cancels friend requests, both ways, and each one's membership of the other's
 * Pacts, in the same transaction; their team subscriptions to each other stop renewing (teams/listeners.ts).
 */
export async function blockUser(ctx: AppContext, meId: string, userId: string): Promise<BlockResponse> {
  await target(ctx, meId, userId, 'block');
  const left = await ctx.db.transaction(async (tx) => {
    await repo.block(tx, meId, userId);
    await endFriendship(tx, meId, userId);
    return leaveAcrossBlock(tx, meId, userId);
  });
  await ctx.events.emit('user.blocked', { blockerId: meId, blockedId: userId });
  await ctx.events.emit('access.changed', { userId: meId });
  await ctx.events.emit('access.changed', { userId });
  // After the rooms were re-checked (their sockets hear "access lost"): progress and counts follow the leaving.
  for (const membership of left) await ctx.events.emit('pact.member_left', membership);
  return { userId, blocked: true };
}

/** Idempotent. Friendship is not restored: either side may add the other again. */
export async function unblockUser(ctx: AppContext, meId: string, userId: string): Promise<BlockResponse> {
  await target(ctx, meId, userId, 'block');
  await repo.unblock(ctx.db, meId, userId);
  // Unblocking restores nothing by itself (no friendship, no membership), so nothing listens for it: no event.
  return { userId, blocked: false };
}

export async function listBlocks(ctx: AppContext, meId: string): Promise<BlockedUser[]> {
  const rows = await repo.listBlocked(ctx.db, meId);
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}

/** Files a report for the moderation queue, once per reporter and user (again: 409). */
export async function reportUser(ctx: AppContext, meId: string, userId: string, reason: string) {
  await target(ctx, meId, userId, 'report');
  if (!(await fileReport(ctx, { reporterId: meId, reportedUserId: userId, reason }))) {
    throw conflict('You already reported this user');
  }
  return { ok: true as const };
}

/** Files a report for the moderation queue (a Pact's checks are the pacts module's); false when already filed. */
export function fileReport(
  ctx: AppContext,
  report: { reporterId: string; reason: string } & ({ pactId: number } | { reportedUserId: string }),
): Promise<boolean> {
  return repo.insertReport(ctx.db, report);
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
