import type {
  Friend,
  FriendRequestsResponse,
  FriendResponse,
  FriendshipState,
} from '../../../shared/api/users';
import { AI_TRAINER_ID, FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import '../session/events';
import { findVisibleUser } from '../users/service';
import './events';
import { addingAccepts, coolingDown, friendshipStateOf, requestRefusal, standsForRequester } from './policy';
import * as repo from './repo';

/**
 * Friends by consent (docs/RULES.md, Friends): adding sends a request, and a friendship exists once the other
 * accepts it (or asks back). The AI trainer is a fixed virtual friend, not a row.
 */

export const USER_NOT_FOUND = 'User not found';
export const AI_TRAINER_FRIEND_MESSAGE = 'The AI Trainer cannot be added as a friend';
export const REQUEST_NOT_FOUND = 'Friend request not found';
export const DEMO_FRIENDS_MESSAGE = 'Demo accounts keep their sample friends: sign up to add friends';

const { declineCooldownDays, pendingMax, listMax } = FRIEND_REQUEST_LIMITS;

/** Now minus the decline cooldown: a declined request older than this is gone for its requester too. */
export const cooldownCutoff = (now: Date) => new Date(now.getTime() - declineCooldownDays * 86_400_000);

export async function listFriends(ctx: AppContext, meId: string): Promise<Friend[]> {
  return repo.listFriends(ctx.db, meId);
}

const asFriend = (user: Friend): Friend => ({
  id: user.id,
  firstName: user.firstName,
  username: user.username,
  profileImageUrl: user.profileImageUrl,
});

const answer = (user: Friend, friendship: FriendshipState): FriendResponse => ({
  friend: asFriend(user),
  isFriend: friendship === 'friends',
  friendship,
});

/** Checks the other user exists for `meId` (unknown, banned or blocked either way: 404). */
async function otherUser(ctx: AppContext, meId: string, userId: string) {
  if (userId === meId) throw badRequest('You cannot be your own friend');
  if (userId === AI_TRAINER_ID) throw badRequest(AI_TRAINER_FRIEND_MESSAGE);
  const user = await findVisibleUser(ctx, meId, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** Someone `me` may ask to be friends (friends/policy.ts requestRefusal). */
async function requestTarget(ctx: AppContext, me: SessionUser, userId: string) {
  const user = await otherUser(ctx, me.id, userId);
  const refusal = requestRefusal(
    { id: me.id, isDemo: me.isDemo },
    { id: user.id, role: user.role, isDemo: await repo.isDemoUser(ctx.db, user.id) },
  );
  if (refusal === 'system') throw badRequest(AI_TRAINER_FRIEND_MESSAGE);
  if (refusal === 'demo') throw new AppError(403, DEMO_FRIENDS_MESSAGE, 'forbidden');
  return user;
}

type AddOutcome = 'friends' | 'accepted' | 'requested' | 'sent';

/** At most `pendingMax` requests waiting at once (409: withdraw some first). */
async function checkPendingRoom(db: Db, me: string, cutoff: Date) {
  if ((await repo.countSent(db, me, cutoff)) >= pendingMax) {
    throw conflict(
      `You have ${pendingMax} friend requests waiting for an answer. Withdraw some before sending more.`,
    );
  }
}

/**
 * Sends a request, or, when the other already asked, makes both friends. Idempotent: asking again while a request
 * waits answers `requested` and tells nobody again. A declined request whose cooldown ended is replaced by a
 * fresh one.
 */
export async function addFriend(
  ctx: AppContext,
  me: SessionUser,
  userId: string,
  now = new Date(),
): Promise<FriendResponse> {
  const user = await requestTarget(ctx, me, userId);
  const cutoff = cooldownCutoff(now);
  const outcome = await ctx.db.transaction(async (tx): Promise<AddOutcome> => {
    // Two tries: a request the other sent at the same moment makes the first insert find the pair taken.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const pair = await repo.pairFacts(tx, me.id, userId, true);
      if (pair.friends) return 'friends';
      if (addingAccepts(pair, cutoff)) {
        await repo.deleteRequest(tx, userId, me.id);
        await repo.addFriendship(tx, me.id, userId);
        return 'accepted';
      }
      if (pair.received) await repo.deleteRequest(tx, userId, me.id);
      if (pair.sent) {
        if (standsForRequester(pair.sent, cutoff)) return 'requested';
        // Withdrawn after a decline: asking again within the cooldown brings it back, quietly (no new request).
        if (coolingDown(pair.sent, cutoff)) {
          await checkPendingRoom(tx, me.id, cutoff);
          await repo.unwithdrawRequest(tx, me.id, userId);
          return 'requested';
        }
        await repo.deleteRequest(tx, me.id, userId);
      }
      await checkPendingRoom(tx, me.id, cutoff);
      if (await repo.insertRequest(tx, me.id, userId)) return 'sent';
    }
    throw conflict('Your friend request crossed theirs. Please try again.');
  });
  if (outcome === 'accepted') await ctx.events.emit('friend.added', { userId: me.id, friendId: userId });
  if (outcome === 'sent')
    await ctx.events.emit('friend.requested', { requesterId: me.id, addresseeId: userId });
  return answer(user, outcome === 'friends' || outcome === 'accepted' ? 'friends' : 'requested');
}

/** Accepts the request `userId` sent the caller: both become friends, and the requester is told. */
export async function acceptRequest(ctx: AppContext, meId: string, userId: string): Promise<FriendResponse> {
  const user = await otherUser(ctx, meId, userId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.takePendingRequest(tx, userId, meId))) throw notFound(REQUEST_NOT_FOUND);
    await repo.addFriendship(tx, meId, userId);
  });
  await ctx.events.emit('friend.added', { userId: meId, friendId: userId });
  return answer(user, 'friends');
}

/**
 * Declines the request `userId` sent the caller, quietly: the requester is not told, and keeps seeing it as sent
 * until the cooldown ends, so declining is not a signal and the same person cannot ask again at once.
 */
export async function declineRequest(
  ctx: AppContext,
  meId: string,
  userId: string,
  now = new Date(),
): Promise<FriendResponse> {
  const user = await otherUser(ctx, meId, userId);
  if (!(await repo.declineRequest(ctx.db, userId, meId, now))) throw notFound(REQUEST_NOT_FOUND);
  return answer(user, 'none');
}

/** Ends the friendship for both sides and withdraws the caller's request. Idempotent. */
export async function removeFriend(
  ctx: AppContext,
  meId: string,
  userId: string,
  now = new Date(),
): Promise<FriendResponse> {
  const user = await otherUser(ctx, meId, userId);
  const { ended, withdrawn } = await ctx.db.transaction(async (tx) => ({
    ended: await repo.removeFriendship(tx, meId, userId),
    withdrawn: await repo.withdrawRequest(tx, meId, userId, now),
  }));
  if (ended) {
    // Friends-only Pacts may be out of reach now: both sides' sockets re-check their rooms.
    await ctx.events.emit('access.changed', { userId: meId });
    await ctx.events.emit('access.changed', { userId });
  }
  if (withdrawn) {
    await ctx.events.emit('friend.request_withdrawn', { requesterId: meId, addresseeId: userId });
  }
  return answer(user, await friendshipState(ctx, meId, userId, now));
}

/** The requests waiting for the caller's answer and the ones the caller sent, newest first. */
export async function listRequests(
  ctx: AppContext,
  meId: string,
  now = new Date(),
): Promise<FriendRequestsResponse> {
  const cutoff = cooldownCutoff(now);
  const [received, receivedCount, sent] = await Promise.all([
    repo.listReceived(ctx.db, meId, listMax),
    repo.countReceived(ctx.db, meId),
    repo.listSent(ctx.db, meId, cutoff, pendingMax),
  ]);
  const present = (r: { user: Friend; createdAt: Date }) => ({
    user: r.user,
    createdAt: r.createdAt.toISOString(),
  });
  return { received: received.map(present), receivedCount, sent: sent.map(present) };
}

/** Where `meId` stands with `userId` (`none` for oneself). */
export async function friendshipState(
  ctx: AppContext,
  meId: string,
  userId: string,
  now = new Date(),
): Promise<FriendshipState> {
  if (meId === userId) return 'none';
  return friendshipStateOf(await repo.pairFacts(ctx.db, meId, userId), cooldownCutoff(now));
}

export function areFriends(ctx: AppContext, userId: string, otherId: string): Promise<boolean> {
  return repo.areFriends(ctx.db, userId, otherId);
}

export function friendCount(ctx: AppContext, userId: string): Promise<number> {
  return repo.friendCount(ctx.db, userId);
}

/** Makes two users friends directly, with no request and no event (a demo sandbox); `db` may be a transaction. */
export function befriendQuietly(db: Db, a: string, b: string): Promise<boolean> {
  return repo.addFriendship(db, a, b);
}

/**
 * Ends a friendship both ways and cancels any request still waiting between the two, with no event (a block does,
 * and tells access itself); `db` is its transaction. A declined request stays with its cooldown, so blocking and
 * unblocking cannot get around a decline. True when there was a friendship.
 */
export async function endFriendship(db: Db, a: string, b: string): Promise<boolean> {
  await repo.deletePendingRequestsBetween(db, a, b);
  return repo.removeFriendship(db, a, b);
}

/** Deletes declined requests whose cooldown ended (their requesters see "Add Friend" again). */
export function purgeDeclinedRequests(ctx: AppContext, now = new Date()): Promise<number> {
  return repo.purgeDeclined(ctx.db, cooldownCutoff(now));
}

/** Erasure of the social type (privacy module), inside its transaction. */
export function eraseFriendsOf(tx: Db, userId: string) {
  return repo.deleteAllOf(tx, userId);
}

/**
 * Cuts every friendship and request of an account whose address was never proven (auth: a password reset that
 * proves it), inside the caller's transaction; answers the former friends, whose sockets must re-check rooms.
 */
export async function cutTiesOfUnproven(tx: Db, userId: string): Promise<string[]> {
  const friends = (await repo.listFriends(tx, userId)).map((f) => f.id);
  await repo.deleteAllOf(tx, userId);
  return friends;
}
