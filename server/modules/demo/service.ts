import { sampleVideoUrl } from '../../../shared/api/media';
import { addDays, localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Job } from '../../platform/jobs';
import { befriendQuietly } from '../friends/service';
import { mediaOwnedBy, removeMedia } from '../media/service';
import { seedPact } from '../pacts/bookkeeping';
import { createDemoFriend, deleteDemoUsers, expiredDemoUserIds, findUserById } from '../users/service';
import { DEMO_FRIENDS, DEMO_PACTS, type DemoFriendKey } from './sandbox-data';
import { seedDemoTimeline } from './timeline';

/**
 * Seeds a fresh demo user's private sandbox: three demo friends, Pacts among them (visible to friends only, so
 * no other visitor ever sees them), memberships, chat and proofs. The friends expire with the demo user. Every
 * row is written by the module that owns its table.
 */
export async function createDemoSandbox(ctx: AppContext, userId: string) {
  const me = await findUserById(ctx, userId);
  const expiresAt = me?.demoExpiresAt ?? new Date(Date.now() + ctx.config.DEMO_TTL_HOURS * 3600_000);
  const timeZone = me?.timeZone ?? 'UTC';
  const now = Date.now();
  const today = localDate(new Date(now), timeZone);

  const ids = { me: userId } as Record<'me' | DemoFriendKey, string>;
  const pactIds: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const friend of DEMO_FRIENDS) {
      ids[friend.key] = await createDemoFriend(tx, { ...friend, expiresAt, timeZone });
      await befriendQuietly(tx, userId, ids[friend.key]);
    }

    for (const pact of DEMO_PACTS) {
      const members = [pact.creator, ...pact.members].map((who) => ({
        userId: ids[who],
        startDay: addDays(today, -4),
      }));
      const pactId = await seedPact(
        tx,
        {
          title: pact.title,
          description: pact.description,
          creatorId: ids[pact.creator],
          exerciseType: pact.exerciseType,
          targetValue: pact.targetValue,
          difficulty: pact.difficulty,
          workoutTime: pact.workoutTime,
          scheduleDays: pact.scheduleDays,
          totalDays: pact.totalDays,
          visibility: 'friends',
          tutorialVideoUrl: sampleVideoUrl(pact.exerciseType),
          createdAt: new Date(now - 5 * 86400_000),
        },
        members,
      );
      pactIds.push(pactId);
    }
  });
  await seedDemoTimeline(ctx, ids, pactIds, today);
}

/**
 * Purges demo users (and, by cascade, all their data) once they expire. Their files go first: if removing one
 * fails the run stops with the accounts still there, and the next run tries again.
 */
export function demoPurgeJob(ctx: AppContext): Job {
  return {
    name: 'demo-purge',
    everyMs: 10 * 60_000,
    run: async () => {
      const expired = await expiredDemoUserIds(ctx, new Date());
      await removeMedia(ctx, await mediaOwnedBy(ctx, expired));
      const deleted = await deleteDemoUsers(ctx, expired);
      // Their sessions went with them: sockets close, and no instance keeps them in its session cache.
      for (const userId of expired) await ctx.events.emit('session.revoked', { userId });
      return deleted;
    },
  };
}
