import { AI_TRAINER_ID, PROFILE_LIST_LIMITS, type UserProfile } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { rankOf } from '../leaderboard/service';
import * as parts from '../pacts/participations-repo';
import type { Viewer } from '../pacts/present';
import { toChallenge } from '../pacts/present';
import { presentParticipations } from '../pacts/read-service';
import * as pactsRepo from '../pacts/repo';
import * as repo from './repo';

/**
 * A user's page (SPEC 2 "User profile"): public fields, stats and the Pacts the caller may see of them. Lists are
 * cut to 3 active, 5 completed and 5 created; counts cover everything the caller may see.
 */
export async function getUserProfile(
  ctx: AppContext,
  me: Viewer,
  userId: string,
  now = new Date(),
): Promise<UserProfile> {
  const { db } = ctx;
  const user = await repo.findUserVisibleTo(db, me.id, userId);
  if (!user) throw notFound('User not found');
  await parts.completeFinished(db, now, { userId });
  const [active, completed, created, isFriend, friends] = await Promise.all([
    parts.listParticipationsVisible(db, me.id, userId, {
      statuses: ['active'],
      limit: PROFILE_LIST_LIMITS.active,
    }),
    parts.listParticipationsVisible(db, me.id, userId, {
      statuses: ['completed'],
      limit: PROFILE_LIST_LIMITS.completed,
    }),
    pactsRepo.listCreatedVisible(db, me.id, userId, PROFILE_LIST_LIMITS.created),
    userId === me.id ? false : repo.areFriends(db, me.id, userId),
    repo.friendCount(db, userId),
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
    rank: isSystem ? null : await rankOf(ctx, user.id),
    isFriend,
    isSelf: userId === me.id,
    activeChallenges: await presentParticipations(db, me, active.rows, now),
    completedChallenges: await presentParticipations(db, me, completed.rows, now),
    createdChallenges: created.rows.map((row) => toChallenge(row, me, now)),
    counts: { active: active.total, completed: completed.total, created: created.total, friends },
  };
}
