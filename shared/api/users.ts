import { z } from 'zod';
import { challenge, participation, userSummary } from './pacts';

/** Contracts of user profiles and friends (SPEC 2 "User profile", SPEC 3 "Friend", DECISIONS 7). */

export const AI_TRAINER_ID = 'ai-trainer';

/** List sizes of the User page (SPEC 9): 3 active, 5 completed, 5 created. Applied by the server. */
export const PROFILE_LIST_LIMITS = { active: 3, completed: 5, created: 5 } as const;

export const friend = userSummary;
export type Friend = z.infer<typeof friend>;

export const userIdParams = z.strictObject({ id: z.string().min(1).max(200) });
export const participationsUserParams = z.strictObject({ userId: z.string().min(1).max(200) });

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

export const friendResponse = z.object({ friend, isFriend: z.boolean() });
export type FriendResponse = z.infer<typeof friendResponse>;
