import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FriendshipState } from '../../../shared/api/users';

/**
 * Friendship as an access fact: only a friendship both people consented to counts. Accepted friendships live in
 * `friendships`, stored both ways, so "`other` is a friend of `me`" is one indexed lookup; a request waiting in
 * `friend_requests` (sent, received or declined) grants nothing anywhere. Pacts with friends visibility, a demo
 * sandbox, the friends leaderboard and friends' activity all build on this.
 */
export const isFriendOf = (me: string | Placeholder, other: SQL | string): SQL =>
  sql`exists (select 1 from friendships f where f.user_id = ${me} and f.friend_id = ${other})`;

/** What the rules need to know about one pair: the friendship and a request either way. */
export interface PairFacts {
  friends: boolean;
  /** The request `me` sent, if any. */
  sent: RequestFacts | null;
  /** The request the other user sent `me`, if any. */
  received: RequestFacts | null;
}

/** A request's answer: declined (quietly) and, after that, withdrawn by its requester. */
export interface RequestFacts {
  declinedAt: Date | null;
  withdrawnAt: Date | null;
}

/** A decline whose cooldown still runs: the same person cannot ask again, and is not told why. */
export const coolingDown = (request: RequestFacts, cutoff: Date): boolean =>
  request.declinedAt !== null && request.declinedAt > cutoff;

/**
 * A request still stands while nobody declined it, or, for its requester only, until the cooldown after a decline
 * ends (the decline is quiet: the requester keeps seeing "Request sent" meanwhile), unless they withdrew it.
 * `cutoff` is now minus the cooldown.
 */
export const standsForRequester = (request: RequestFacts, cutoff: Date): boolean =>
  request.withdrawnAt === null && (request.declinedAt === null || coolingDown(request, cutoff));

/** Where `me` stands with the other user. A request `me` declined reads as nothing to `me`. */
export function friendshipStateOf(pair: PairFacts, cutoff: Date): FriendshipState {
  if (pair.friends) return 'friends';
  if (pair.sent && standsForRequester(pair.sent, cutoff)) return 'requested';
  if (pair.received && pair.received.declinedAt === null) return 'incoming';
  return 'none';
}

/**
 * Adding someone who asked `me` (and whose request still stands for them, even declined) makes both friends at
 * once: both have now consented.
 */
export const addingAccepts = (pair: PairFacts, cutoff: Date): boolean =>
  pair.received !== null && standsForRequester(pair.received, cutoff);

/** Who may ask whom, both ways: people only, never oneself, never a demo account (it keeps its sample friends). */
export type RequestRefusal = 'self' | 'system' | 'demo';
export function requestRefusal(
  me: { id: string; isDemo: boolean },
  other: { id: string; role: string; isDemo: boolean },
): RequestRefusal | null {
  if (other.id === me.id) return 'self';
  if (other.role === 'system') return 'system';
  if (me.isDemo || other.isDemo) return 'demo';
  return null;
}

/**
 * SQL: where the friend request `requester` sent `me` stands, for `me`'s notification of it: `pending` while it
 * waits for `me`, `friends` once they are, else `closed` (declined, or the friendship ended since).
 */
export type ReceivedRequestState = 'pending' | 'friends' | 'closed';
export const receivedRequestStateSql = (me: string, requester: SQL): SQL<ReceivedRequestState> =>
  sql<ReceivedRequestState>`case
    when ${isFriendOf(me, requester)} then 'friends'
    when exists (select 1 from friend_requests fr where fr.requester_id = ${requester}
      and fr.addressee_id = ${me} and fr.declined_at is null) then 'pending'
    else 'closed' end`;
