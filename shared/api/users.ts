import { z } from 'zod';
import { stringId } from './ids';
import { challenge, participation, userSummary } from './pacts';

/** Contracts of user profiles and friends (docs/PACTS.md "Friends and profiles"). */

export const AI_TRAINER_ID = 'ai-trainer';

/** List sizes of the User page: 3 active, 5 completed, 5 created. Applied by the server. */
export const PROFILE_LIST_LIMITS = { active: 3, completed: 5, created: 5 } as const;

export const friend = userSummary;
export type Friend = z.infer<typeof friend>;

/**
 * Where the caller stands with another user: `none`, `requested` (the caller asked and waits; a quietly declined
 * request reads the same until its cooldown ends), `incoming` (the other asked the caller) or `friends` (both
 * consented).
 */
export const FRIENDSHIP_STATES = ['none', 'requested', 'incoming', 'friends'] as const;
export const friendshipState = z.enum(FRIENDSHIP_STATES);
export type FriendshipState = z.infer<typeof friendshipState>;

/**
 * Friend request rules (docs/RULES.md, Friends): sends per user an hour, requests waiting for an answer a user may
 * have out at once, days a declined request still reads "sent" to its requester, and how many received requests
 * the list shows (newest first; `receivedCount` counts them all).
 */
export const FRIEND_REQUEST_LIMITS = {
  sendMax: 30,
  sendWindowMs: 60 * 60_000,
  pendingMax: 100,
  declineCooldownDays: 30,
  listMax: 100,
} as const;

export const userIdParams = z.strictObject({ id: stringId('user') });

/** GET /api/user/username-availability?username=... : as typed (the answer says what it becomes). */
export const usernameAvailabilityQuery = z.strictObject({ username: z.string().max(100) });
export const usernameAvailability = z.object({
  /** The name as it would be stored: trimmed, without a leading @, lower case. */
  username: z.string(),
  available: z.boolean(),
  problem: z.enum(['too_short', 'too_long', 'characters', 'reserved', 'taken']).nullable(),
  /** What the field says when it is not available. */
  message: z.string().nullable(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailability>;
export const participationsUserParams = z.strictObject({ userId: stringId('user') });
/** /api/friend-requests/:userId/accept|decline: the user who sent the request. */
export const friendRequestParams = z.strictObject({ userId: stringId('user') });

/** GET /api/users/:id: what anyone signed in may see of a user (no email, no date of birth). */
export const userProfile = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isProUser: z.boolean(),
  isAiTrainer: z.boolean(),
  streakCount: z.number().int(),
  totalXP: z.number().int(),
  level: z.number().int(),
  /** 1 + the number of users with more XP; null for the AI trainer. */
  rank: z.number().int().nullable(),
  isFriend: z.boolean(),
  /** Where the caller stands with this user (`none` for oneself and the AI trainer). */
  friendship: friendshipState,
  isSelf: z.boolean(),
  /** Only Pacts the caller may see; already cut to PROFILE_LIST_LIMITS. */
  activeChallenges: z.array(participation),
  completedChallenges: z.array(participation),
  createdChallenges: z.array(challenge),
  /** Full counts over the Pacts the caller may see (the stat cards). */
  counts: z.object({
    active: z.number().int(),
    completed: z.number().int(),
    created: z.number().int(),
    friends: z.number().int(),
  }),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * The answer of every friend action: the other user and where the caller stands with them now. Adding answers
 * `requested` (a request was sent, or was already waiting) or `friends` (they had asked the caller, or already
 * were friends).
 */
export const friendResponse = z.object({ friend, isFriend: z.boolean(), friendship: friendshipState });
export type FriendResponse = z.infer<typeof friendResponse>;

export const friendRequest = z.object({
  user: userSummary,
  /** When it was sent (ISO 8601). */
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequest>;

/** GET /api/user/friend-requests: requests waiting for the caller's answer, and the caller's own, newest first. */
export const friendRequestsResponse = z.object({
  received: z.array(friendRequest),
  /** All received requests waiting, also those beyond the list's cut. */
  receivedCount: z.number().int(),
  sent: z.array(friendRequest),
});
export type FriendRequestsResponse = z.infer<typeof friendRequestsResponse>;
