import type { BlockResponse } from '../../../shared/api/safety';
import '../session/events';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { endFriendship } from '../friends/service';
import { visiblePact } from '../pacts/access';
import { leaveAcrossBlock } from '../pacts/bookkeeping';
import '../pacts/events';
import { mayReport } from '../pacts/policy';
import '../safety/events';
import { recordBlock, removeBlock } from '../safety/service';
import type { SessionUser } from '../session/guard';
import { findUserById } from '../users/service';
import * as repo from './repo';

/**
 * What a person does about another person or a Pact: block (which also ends a friendship and shared Pacts) and
 * report for the admins' queue. Each acts only for the caller.
 */

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
 * Pacts, in the same transaction; their team subscriptions to each other stop renewing (memberships/listeners.ts).
 */
export async function blockUser(ctx: AppContext, meId: string, userId: string): Promise<BlockResponse> {
  await target(ctx, meId, userId, 'block');
  const left = await ctx.db.transaction(async (tx) => {
    await recordBlock(tx, meId, userId);
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
  await removeBlock(ctx.db, meId, userId);
  // Unblocking restores nothing by itself (no friendship, no membership), so nothing listens for it: no event.
  return { userId, blocked: false };
}

/** Files a report for the moderation queue, once per reporter and user (again: 409). */
export async function reportUser(ctx: AppContext, meId: string, userId: string, reason: string) {
  await target(ctx, meId, userId, 'report');
  if (!(await repo.insertReport(ctx.db, { reporterId: meId, reportedUserId: userId, reason }))) {
    throw conflict('You already reported this user');
  }
  return { ok: true as const };
}

/** Files a report for the moderation queue, once per user and Pact (a Pact one may not see is 404). */
export async function reportPact(ctx: AppContext, me: SessionUser, pactId: number, reason: string) {
  const row = await visiblePact(ctx, me, pactId);
  if (!mayReport(me.id, row.pact)) throw badRequest('You cannot report your own Pact');
  if (!(await repo.insertReport(ctx.db, { reporterId: me.id, pactId, reason }))) {
    throw conflict('You already reported this Pact');
  }
  return { ok: true as const };
}
