import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../platform/errors';
import { type LedgerTotals, refundSplit, splitGross, totalsOf } from './ledger';
import * as repo from './repo';

/**
 * The billing ledger (docs/TEAMS.md): every charge and refund as one row of gross, platform fee and coach net
 * (ledger.ts states the rounding), keyed by the provider's reference so recording the same payment twice (a
 * retried job, a replayed webhook) writes one row. The renewal job (memberships/renewals.ts) and the Stripe webhook
 * call these; coach payouts are sums of the rows. Each row written is added to its team's daily summary in the
 * same transaction (coaching/ledger-days.ts), so the analytics' money is the ledger's.
 */

/** Writes a ledger row once, and its day's summary with it; true when written. */
/** A ledger row as written, for those who follow the ledger in its transaction. */
export type LedgerRowWritten = repo.NewLedgerRow & { id: number };

/** Keeps something in step with each ledger row, in the row's own transaction (its failure undoes the row). */
export type LedgerRowFollower = (tx: Db, row: LedgerRowWritten) => Promise<void>;

/**
 * Who follows the ledger: the coach's daily summary (coaching/ledger-days.ts), set once at start by the
 * composition root (modules/index.ts), so billing, a leaf, imports nothing above it.
 */
const followers = new Set<LedgerRowFollower>();

export function followLedgerRows(follower: LedgerRowFollower) {
  followers.add(follower);
}

function writeRow(db: Db, row: repo.NewLedgerRow): Promise<boolean> {
  // A savepoint inside the caller's transaction; a transaction of its own when called outside one.
  return db.transaction(async (tx) => {
    const id = await repo.insertOnce(tx, row);
    if (id === null) return false;
    for (const follow of followers) await follow(tx, { id, ...row });
    return true;
  });
}

export interface ChargeInput {
  /** The provider's id of the payment (Stripe invoice or charge id; test mode's own): the idempotency key. */
  providerRef: string;
  grossCents: number;
  subscriptionId: number | null;
  teamId: number | null;
  userId: string | null;
  coachId: string | null;
  /** When it happened, on the billing clock. */
  at: Date;
  currency?: string;
}

/** Records a charge once; false when that providerRef was already recorded (nothing written). */
export async function recordCharge(db: Db, input: ChargeInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.grossCents) || input.grossCents <= 0) {
    throw badRequest('A charge is a positive number of cents');
  }
  return writeRow(db, {
    providerRef: input.providerRef,
    refundOf: null,
    subscriptionId: input.subscriptionId,
    teamId: input.teamId,
    userId: input.userId,
    coachId: input.coachId,
    ...splitGross(input.grossCents),
    grossCents: input.grossCents,
    currency: input.currency ?? 'usd',
    createdAt: input.at,
  });
}

export interface RefundInput {
  /** The provider's id of the refund: the idempotency key. */
  providerRef: string;
  /** The charge it gives money back for (must be recorded). */
  chargeRef: string;
  /** Cents given back, positive; at most what is left of the charge. */
  amountCents: number;
  at: Date;
}

/**
 * Records a refund once, as a negative row with the charge's team, member and coach (split by `refundSplit`, so
 * a charge refunded in parts nets to zero); false when already recorded. Refunding more than is left of the charge is refused (409), and nothing is written.
 */
export async function recordRefund(db: Db, input: RefundInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw badRequest('A refund is a positive number of cents');
  }
  if (await repo.findByRef(db, input.providerRef)) return false;
  const charge = await repo.findByRef(db, input.chargeRef);
  if (!charge || charge.grossCents <= 0) throw conflict('No such charge to refund');
  const already = await repo.refundedOf(db, input.chargeRef);
  const left = charge.grossCents - already;
  if (input.amountCents > left) throw conflict(`Only ${left} cents of this charge are left to refund`);
  return writeRow(db, {
    providerRef: input.providerRef,
    refundOf: input.chargeRef,
    subscriptionId: charge.subscriptionId,
    teamId: charge.teamId,
    userId: charge.userId,
    coachId: charge.coachId,
    ...refundSplit(already, input.amountCents),
    currency: charge.currency,
    createdAt: input.at,
  });
}

/** A coach's payout figures: sums of their ledger rows (charges minus refunds). */
export function coachTotals(ctx: AppContext, coachId: string): Promise<LedgerTotals> {
  return repo.totalsOfCoach(ctx.db, coachId);
}

/** The same totals computed in JS from the rows (tests reconcile the two). */
export async function coachTotalsFromRows(ctx: AppContext, coachId: string): Promise<LedgerTotals> {
  return totalsOf(await repo.rowsOfCoach(ctx.db, coachId));
}

/**
 * Applies a provider event once: `apply` runs in a transaction that also records the event id, so a replayed
 * event (same id) applies nothing and answers false. For the Stripe webhook (billing_events).
 */
export async function applyEventOnce(
  ctx: AppContext,
  event: { id: string; type: string },
  apply: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.markEventOnce(tx, event.id, event.type))) return false;
    await apply(tx);
    return true;
  });
}
