import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, charges, subscriptions, teams, users } from '../../db/schema';

/**
 * Reads the Stripe webhook needs to decide whether an event is ours (it writes nothing itself: subscriptions
 * through memberships/lifecycle.ts, the ledger through billing/service.ts). The only SQL of the stripe module.
 */

/** Our subscription holding this Stripe subscription id, with what a ledger row names. */
export async function subscriptionOfRef(db: Db, providerRef: string) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      teamId: subscriptions.teamId,
      userId: subscriptions.userId,
      coachId: teams.coachId,
    })
    .from(subscriptions)
    .innerJoin(teams, eq(teams.id, subscriptions.teamId))
    .where(eq(subscriptions.providerRef, providerRef));
  return row;
}

/** The team and member named by a subscription's metadata both exist (else the event is not ours). */
export async function teamAndUserExist(db: Db, teamId: number, userId: string): Promise<boolean> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) return false;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(user);
}

export async function ledgerHas(db: Db, providerRef: string): Promise<boolean> {
  const [row] = await db.select({ id: charges.id }).from(charges).where(eq(charges.providerRef, providerRef));
  return Boolean(row);
}

export async function coachesATeam(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.coachId, userId)).limit(1);
  return Boolean(row);
}

export async function eventSeen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
  return Boolean(row);
}

/** The member's subscription row to the team: which Stripe subscription it holds now, and its state. */
export async function subscriptionOfMember(db: Db, teamId: number, userId: string) {
  const [row] = await db
    .select({ providerRef: subscriptions.providerRef, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.userId, userId)));
  return row;
}
