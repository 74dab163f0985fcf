import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

/** Test helper: the member's subscription to the team ended a month ago (canceled, its period over). */
export async function lapseSubscription(db: Db, userId: string, teamId: number): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      status: 'canceled',
      currentPeriodEnd: new Date(Date.now() - 30 * 86_400_000),
      endedAt: new Date(),
    })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.teamId, teamId)));
}
