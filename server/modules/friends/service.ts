import type { Friend, FriendResponse } from '../../../shared/api/users';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { findUserVisibleTo } from '../users/repo';
import * as repo from './repo';

/** Friends (DECISIONS 7): mutual at once, no requests; the AI trainer is a fixed virtual friend, not a row. */

declare module '../../platform/events' {
  interface DomainEvents {
    /** `userId` added `friendId` (a new friendship, after commit); notifies `friendId`. */
    'friend.added': { userId: string; friendId: string };
  }
}

export const USER_NOT_FOUND = 'User not found';
export const AI_TRAINER_FRIEND_MESSAGE = 'The AI Trainer cannot be added as a friend';

export async function listFriends(ctx: AppContext, meId: string): Promise<Friend[]> {
  return repo.listFriends(ctx.db, meId);
}

/** Checks the other user exists for `meId` (unknown, banned or blocked: 404). */
async function otherUser(ctx: AppContext, meId: string, userId: string) {
  if (userId === meId) throw badRequest('You cannot add yourself as a friend');
  if (userId === AI_TRAINER_ID) throw badRequest(AI_TRAINER_FRIEND_MESSAGE);
  const user = await findUserVisibleTo(ctx.db, meId, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** Idempotent: adding a friend twice answers the same. */
export async function addFriend(ctx: AppContext, meId: string, userId: string): Promise<FriendResponse> {
  const user = await otherUser(ctx, meId, userId);
  if (await repo.addFriendship(ctx.db, meId, userId)) {
    await ctx.events.emit('friend.added', { userId: meId, friendId: userId });
  }
  const friend = {
    id: user.id,
    firstName: user.firstName,
    username: user.username,
    profileImageUrl: user.profileImageUrl,
  };
  return { friend, isFriend: true };
}

/** Idempotent: ends the friendship for both sides. */
export async function removeFriend(ctx: AppContext, meId: string, userId: string): Promise<FriendResponse> {
  const user = await otherUser(ctx, meId, userId);
  if (await repo.removeFriendship(ctx.db, meId, userId)) {
    // Friends-only Pacts may be out of reach now: both sides' sockets re-check their rooms.
    await ctx.events.emit('access.changed', { userId: meId });
    await ctx.events.emit('access.changed', { userId });
  }
  const friend = {
    id: user.id,
    firstName: user.firstName,
    username: user.username,
    profileImageUrl: user.profileImageUrl,
  };
  return { friend, isFriend: false };
}
