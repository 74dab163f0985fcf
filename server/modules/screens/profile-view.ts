import { AI_TRAINER_ID, PROFILE_LIST_LIMITS, type UserProfile } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { friendCount, friendshipState } from '../friends/service';
import { rankOf } from '../leaderboard/service';
import { profilePacts } from '../pacts/access';
import type { SessionUser } from '../session/guard';
import { findVisibleUser } from '../users/service';

/*
 * A screen's composition (server/modules/layers.ts): the profile page reads from friends, the leaderboard and
 * Pacts, which sit above the users module; the users service stays the leaf they call.
 */

/**
 * A user's page: public fields, stats and the Pacts the caller may see of them. Lists are cut to 3 active,
 * 5 completed and 5 created; counts cover everything the caller may see.
 */
export async function getUserProfile(
  ctx: AppContext,
  me: SessionUser,
  userId: string,
  now = new Date(),
): Promise<UserProfile> {
  const user = await findVisibleUser(ctx, me.id, userId);
  if (!user) throw notFound('User not found');
  const [pacts, friendship, friends] = await Promise.all([
    profilePacts(ctx, me, userId, PROFILE_LIST_LIMITS, now),
    friendshipState(ctx, me.id, userId, now),
    friendCount(ctx, userId),
  ]);
  const isSystem = user.role === 'system';
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    isProUser: user.isProUser,
    isAiTrainer: user.id === AI_TRAINER_ID,
    streakCount: user.streakCount,
    totalXP: user.totalXP,
    level: user.level,
    rank: isSystem ? null : await rankOf(ctx, me, user.id),
    isFriend: friendship === 'friends',
    friendship,
    isSelf: userId === me.id,
    activeChallenges: pacts.active,
    completedChallenges: pacts.completed,
    createdChallenges: pacts.created,
    counts: { ...pacts.counts, friends },
  };
}
