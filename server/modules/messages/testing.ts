import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionStatus } from '../../../shared/domain/enums';
import { charges, subscriptions } from '../../db/schema';
import type { SignedIn } from '../../test/factories';
import { createTeam } from '../teams/service';

/**
 * Test fixtures for direct messages and coach analytics: a coach's team and members' subscriptions in a chosen
 * state, written as rows (the subscribe endpoint and its billing clock are the teams module's own tests).
 */

export async function teamOf(app: FastifyInstance, coach: SignedIn, name = 'Core Crew', priceCents = 2900) {
  return createTeam(app.ctx.db, {
    name,
    description: `${name} coaching`,
    coachId: coach.user.id,
    subscriptionPrice: priceCents,
  });
}

export async function subscribeAs(
  app: FastifyInstance,
  teamId: number,
  member: SignedIn | string,
  status: SubscriptionStatus = 'trialing',
  opts: { createdAt?: Date; periodEnd?: Date; updatedAt?: Date; priceCents?: number } = {},
): Promise<number> {
  const userId = typeof member === 'string' ? member : member.user.id;
  const createdAt = opts.createdAt ?? new Date();
  const [row] = await app.ctx.db
    .insert(subscriptions)
    .values({
      teamId,
      userId,
      status,
      priceCents: opts.priceCents ?? 2900,
      trialEndsAt: new Date(createdAt.getTime() + 7 * 86_400_000),
      currentPeriodEnd: opts.periodEnd ?? new Date(Date.now() + 7 * 86_400_000),
      provider: 'test',
      createdAt,
      updatedAt: opts.updatedAt ?? createdAt,
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

export async function setSubscription(
  app: FastifyInstance,
  id: number,
  change: { status: SubscriptionStatus; periodEnd?: Date; updatedAt?: Date },
) {
  await app.ctx.db
    .update(subscriptions)
    .set({
      status: change.status,
      updatedAt: change.updatedAt ?? new Date(),
      ...(change.periodEnd ? { currentPeriodEnd: change.periodEnd } : {}),
    })
    .where(eq(subscriptions.id, id));
}

/** A ledger row: gross, 15% fee, 85% net (rounded as the billing module does is not needed here: whole dollars). */
export async function chargeOf(
  app: FastifyInstance,
  row: { teamId: number; subscriptionId: number; userId: string; grossCents: number; at: Date },
) {
  const fee = Math.round(row.grossCents * 0.15);
  await app.ctx.db.insert(charges).values({
    teamId: row.teamId,
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    grossCents: row.grossCents,
    platformFeeCents: fee,
    coachNetCents: row.grossCents - fee,
    createdAt: row.at,
  });
}
