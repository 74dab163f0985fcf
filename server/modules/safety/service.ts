import type { BlockedUser, BlockResponse } from '../../../shared/api/safety';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import * as repo from './repo';

/** Blocking and reporting users (DECISIONS 7). Each acts only for the caller. */

declare module '../../platform/events' {
  interface DomainEvents {
    /** After commit. The pair no longer sees each other anywhere; their sockets re-check rooms ('access.changed'). */
    'user.blocked': { blockerId: string; blockedId: string };
    'user.unblocked': { blockerId: string; blockedId: string };
  }
}

export const USER_NOT_FOUND = 'User not found';

/**
 * The other user of a block or report. Unknown ids are 404; existing users are found even across a block, so a
 * user who was blocked can still block back, and nothing tells them whether the other side blocked them.
 */
async function target(ctx: AppContext, meId: string, userId: string, verb: 'block' | 'report') {
  if (userId === meId) throw badRequest(`You cannot ${verb} yourself`);
  if (userId === AI_TRAINER_ID) throw badRequest(`The AI Trainer cannot be ${verb}ed`);
  const user = await repo.findUser(ctx.db, userId);
  if (!user || user.role === 'system') throw notFound(USER_NOT_FOUND);
  return user;
}

/** Idempotent. Ends the friendship both ways in the same transaction. */
export async function blockUser(ctx: AppContext, meId: string, userId: string): Promise<BlockResponse> {
  await target(ctx, meId, userId, 'block');
  await ctx.db.transaction((tx) => repo.block(tx as unknown as Db, meId, userId));
  await ctx.events.emit('user.blocked', { blockerId: meId, blockedId: userId });
  await ctx.events.emit('access.changed', { userId: meId });
  await ctx.events.emit('access.changed', { userId });
  return { userId, blocked: true };
}

/** Idempotent. Friendship is not restored: either side may add the other again. */
export async function unblockUser(ctx: AppContext, meId: string, userId: string): Promise<BlockResponse> {
  await target(ctx, meId, userId, 'block');
  await repo.unblock(ctx.db, meId, userId);
  await ctx.events.emit('user.unblocked', { blockerId: meId, blockedId: userId });
  return { userId, blocked: false };
}

export async function listBlocks(ctx: AppContext, meId: string): Promise<BlockedUser[]> {
  const rows = await repo.listBlocked(ctx.db, meId);
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}

/** Files a report for the moderation queue, once per reporter and user (again: 409). */
export async function reportUser(ctx: AppContext, meId: string, userId: string, reason: string) {
  await target(ctx, meId, userId, 'report');
  if (!(await repo.insertUserReport(ctx.db, meId, userId, reason))) {
    throw conflict('You already reported this user');
  }
  return { ok: true as const };
}
