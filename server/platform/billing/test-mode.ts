import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/domain/limits';
import type { Db } from '../../db/client';
import { billingClock } from '../../db/schema';
import type { BillingProvider, ChargeResult, ProviderSubscription, StartSubscriptionInput } from './provider';

/**
 * The built-in test mode (docs/TEAMS.md): no card and no money. Its billing clock is the wall clock plus an
 * offset stored in the database (one row), so every instance agrees and tests or an admin can move time forward
 * to make renewals, failed payments and grace ends happen. Charges succeed unless the member switched on
 * "simulate payment failure" for that subscription (Manage, test mode only).
 */

const CLOCK_ROW = 1;

export async function clockOffsetMs(db: Db): Promise<number> {
  const [row] = await db.select({ offsetMs: billingClock.offsetMs }).from(billingClock);
  return row?.offsetMs ?? 0;
}

/** Moves the clock forward by `ms` (never back: a period that ended stays ended); answers the new offset. */
export async function advanceClockBy(db: Db, ms: number): Promise<number> {
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new Error('the billing clock only moves forward');
  const [row] = await db
    .insert(billingClock)
    .values({ id: CLOCK_ROW, offsetMs: ms })
    .onConflictDoUpdate({
      target: billingClock.id,
      set: { offsetMs: sql`${billingClock.offsetMs} + ${ms}`, updatedAt: new Date() },
    })
    .returning({ offsetMs: billingClock.offsetMs });
  return row!.offsetMs;
}

/** One month after `from`, the same day of the month where it exists (Jan 31 -> Feb 28/29), in UTC. */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function testModeProvider(db: Db, wallClock: () => Date = () => new Date()): BillingProvider {
  const now = async () => new Date(wallClock().getTime() + (await clockOffsetMs(db)));
  const charge = async (sub: ProviderSubscription, periodKey: string): Promise<ChargeResult> =>
    sub.simulatePaymentFailure
      ? { ok: false, reason: 'Simulated card declined (test mode)' }
      : { ok: true, providerRef: `test_ch_${sub.id}_${periodKey}`, grossCents: sub.priceCents };

  return {
    mode: 'test',
    now,
    async start(input: StartSubscriptionInput) {
      if (input.trialDays > 0) {
        const trialEndsAt = new Date(input.now.getTime() + input.trialDays * DAY_MS);
        return {
          kind: 'started',
          status: 'trialing',
          trialEndsAt,
          currentPeriodEnd: trialEndsAt,
          providerRef: null,
          firstCharge: null,
        };
      }
      // A returning member pays the first month at once (their card in test mode always works at sign-up).
      const firstCharge: ChargeResult = {
        ok: true,
        providerRef: `test_ch_start_${input.team.id}_${input.member.id}_${input.now.getTime()}`,
        grossCents: input.team.subscriptionPrice,
      };
      return {
        kind: 'started',
        status: 'active',
        trialEndsAt: null,
        currentPeriodEnd: addMonth(input.now),
        providerRef: null,
        firstCharge,
      };
    },
    setCancelAtPeriodEnd: async () => {},
    manageUrl: async () => null,
    charge,
  };
}
