import { eq } from 'drizzle-orm';
import { addDays, localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { Job } from '../../platform/jobs';
import { storageFor } from '../../platform/storage';
import * as repo from './repo';
import { DEMO_FRIENDS, DEMO_PACTS, type DemoFriendKey } from './sandbox-data';
import { seedDemoTimeline } from './timeline';

/**
 * Seeds a fresh demo user's private sandbox: three demo friends, Pacts among them (visible to friends only, so
 * no other visitor ever sees them), memberships, chat and proofs. The friends expire with the demo user.
 */
export async function createDemoSandbox(ctx: AppContext, userId: string) {
  const [me] = await ctx.db
    .select({ demoExpiresAt: users.demoExpiresAt, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  const expiresAt = me?.demoExpiresAt ?? new Date(Date.now() + ctx.config.DEMO_TTL_HOURS * 3600_000);
  const now = Date.now();
  const today = localDate(new Date(now), me?.timeZone ?? 'UTC');

  const ids = { me: userId } as Record<'me' | DemoFriendKey, string>;
  const pactIds: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const friend of DEMO_FRIENDS)
      ids[friend.key] = await repo.insertDemoFriend(tx, userId, friend, expiresAt, me?.timeZone ?? 'UTC');

    for (const pact of DEMO_PACTS) {
      const pactId = await repo.insertPact(tx, {
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
        createdAt: new Date(now - 5 * 86400_000),
      });
      pactIds.push(pactId);
      const members = [pact.creator, ...pact.members].map((who) => ({
        userId: ids[who],
        startDay: addDays(today, -4),
      }));
      await repo.insertParticipations(tx, pactId, members);
    }
  });
  await seedDemoTimeline(ctx, ids, pactIds, today);
}

/** Purges demo users (and, by cascade, all their data) 24 hours after they were created. */
export function demoPurgeJob(ctx: AppContext): Job {
  return {
    name: 'demo-purge',
    everyMs: 10 * 60_000,
    run: async () => {
      const now = new Date();
      const storage = storageFor(ctx);
      // Bytes first: once the rows cascade away nothing would point at the files any more.
      for (const key of await repo.expiredDemoMedia(ctx.db, now)) await storage.delete(key);
      return repo.deleteExpiredDemoUsers(ctx.db, now);
    },
  };
}
