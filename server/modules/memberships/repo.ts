import { and, asc, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../../shared/domain/enums';
import type { Db } from '../../db/client';
import { subscriptions, teams } from '../../db/schema';
import { graceStart } from '../teams/policy';

/** Members' subscriptions to teams: their writes and the reads only their lifecycle needs. The only SQL of the
 * memberships module (teams/repo.ts reads a subscription for the team page and access). */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Live subscriptions that would still renew: to one coach's teams, of one member, or both. */
export function renewingSubscriptions(
  db: Db,
  live: readonly SubscriptionStatus[],
  who: { coachId?: string; memberId?: string },
) {
  return db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .where(
      and(
        who.coachId === undefined ? undefined : eq(teams.coachId, who.coachId),
        who.memberId === undefined ? undefined : eq(subscriptions.userId, who.memberId),
        inArray(subscriptions.status, [...live]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .orderBy(asc(subscriptions.id));
}

export async function findSubscriptionById(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findSubscriptionByRef(
  db: Db,
  providerRef: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerRef, providerRef));
  return row;
}

export type NewSubscription = typeof subscriptions.$inferInsert;

/** A first subscription: inserted, or nothing when one exists already (the unique pair; the caller re-reads). */
export async function insertSubscription(db: Db, row: NewSubscription): Promise<SubscriptionRow | undefined> {
  const [inserted] = await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoNothing({ target: [subscriptions.teamId, subscriptions.userId] })
    .returning();
  return inserted;
}

/**
 * Changes a subscription only if it is still as the caller read it (`expect`: status and period end), so two
 * instances applying the same transition change it once. Answers the new row, or undefined when it had moved.
 */
export async function updateSubscriptionIf(
  db: Db,
  id: number,
  expect: { status?: SubscriptionStatus; currentPeriodEnd?: Date; statuses?: readonly SubscriptionStatus[] },
  changes: Partial<NewSubscription>,
): Promise<SubscriptionRow | undefined> {
  const conditions: SQL[] = [eq(subscriptions.id, id)];
  if (expect.status) conditions.push(eq(subscriptions.status, expect.status));
  if (expect.statuses) conditions.push(inArray(subscriptions.status, [...expect.statuses]));
  if (expect.currentPeriodEnd) conditions.push(eq(subscriptions.currentPeriodEnd, expect.currentPeriodEnd));
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row;
}

/** Subscriptions the renewal sweep has something to do with at `now` (memberships/renewals.ts). */
export function dueSubscriptions(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        lte(subscriptions.currentPeriodEnd, now),
        or(
          inArray(subscriptions.status, ['trialing', 'active']),
          // Past due: a test-mode retry (the card works again) or the grace's end; Stripe retries by itself.
          and(
            eq(subscriptions.status, 'past_due'),
            or(
              eq(subscriptions.cancelAtPeriodEnd, true),
              and(
                eq(subscriptions.provider, 'test'),
                or(
                  eq(subscriptions.simulatePaymentFailure, false),
                  lte(subscriptions.currentPeriodEnd, graceStart(now)),
                ),
              ),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
    .limit(limit);
}

/** Trials ending within `until` whose reminder has not gone out. */
export function trialsEndingBy(db: Db, until: Date, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.trialReminderAt),
        lte(subscriptions.currentPeriodEnd, until),
      ),
    )
    .limit(limit);
}

/** Marks the trial reminder sent; false when another run did already. */
export async function claimTrialReminder(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ trialReminderAt: at })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.trialReminderAt)))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/** Live test-mode subscriptions still set to renew (a server that left test billing ends them, test-billing-end.ts). */
export function renewingTestSubscriptions(db: Db, live: readonly SubscriptionStatus[], limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        inArray(subscriptions.status, [...live]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}
