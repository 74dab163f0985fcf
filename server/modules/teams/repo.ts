import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, teams, waitlistEntries } from '../../db/schema';

/** Teams of Pro Pacts and their members' subscriptions. The only SQL of the teams module. */

export async function insertTeam(
  db: Db,
  team: { name: string; description: string; coachId: string; subscriptionPrice: number },
): Promise<number> {
  const [row] = await db.insert(teams).values(team).returning({ id: teams.id });
  return row!.id;
}

/** The user's subscription to the team, whatever its state. */
export async function findSubscription(db: Db, userId: string, teamId: number) {
  const [row] = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.teamId, teamId)));
  return row;
}

/** Erasure of an account: its waitlist entries, by account or by its email. */
export async function deleteWaitlistOf(db: Db, userId: string, email: string) {
  await db
    .delete(waitlistEntries)
    .where(or(eq(waitlistEntries.userId, userId), sql`lower(${waitlistEntries.email}) = lower(${email})`));
}
