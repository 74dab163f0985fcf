import { PLATFORM_FEE_PERCENT } from '../../../shared/domain/limits';

/**
 * The one rounding rule of the ledger (docs/TEAMS.md): the platform fee is PLATFORM_FEE_PERCENT of the gross,
 * rounded half away from zero to whole cents; the coach's net is the gross minus that fee. Every row (hence
 * every sum of rows) satisfies fee + net = gross to the cent. Refunds: see `refundSplit`.
 */
export function splitGross(grossCents: number): { platformFeeCents: number; coachNetCents: number } {
  if (!Number.isSafeInteger(grossCents)) throw new Error(`gross must be whole cents, got ${grossCents}`);
  if (grossCents === 0) return { platformFeeCents: 0, coachNetCents: 0 };
  const magnitude = Math.abs(grossCents);
  const fee = Math.floor((magnitude * PLATFORM_FEE_PERCENT + 50) / 100);
  const platformFeeCents = grossCents < 0 ? 0 - fee : fee;
  return { platformFeeCents, coachNetCents: grossCents - platformFeeCents };
}

/**
 * A refund's row: the rule applied to the charge's cumulative refunded amount, minus what earlier refunds of it
 * took. So the refunds of one charge always sum to the rule applied to their total, and a charge refunded in
 * any number of parts nets to exactly zero in gross, fee and net.
 */
export function refundSplit(
  alreadyRefundedCents: number,
  amountCents: number,
): { grossCents: number; platformFeeCents: number; coachNetCents: number } {
  const before = splitGross(alreadyRefundedCents).platformFeeCents;
  const after = splitGross(alreadyRefundedCents + amountCents).platformFeeCents;
  const platformFeeCents = before - after;
  const grossCents = -amountCents;
  return { grossCents, platformFeeCents, coachNetCents: grossCents - platformFeeCents };
}

export interface LedgerRow {
  grossCents: number;
  platformFeeCents: number;
  coachNetCents: number;
}

export interface LedgerTotals {
  grossCents: number;
  platformFeeCents: number;
  coachNetCents: number;
  charges: number;
  refunds: number;
}

/** Totals of some rows (what payouts show): sums of the rows, never recomputed from the gross. */
export function totalsOf(rows: readonly LedgerRow[]): LedgerTotals {
  const totals: LedgerTotals = {
    grossCents: 0,
    platformFeeCents: 0,
    coachNetCents: 0,
    charges: 0,
    refunds: 0,
  };
  for (const row of rows) {
    totals.grossCents += row.grossCents;
    totals.platformFeeCents += row.platformFeeCents;
    totals.coachNetCents += row.coachNetCents;
    if (row.grossCents < 0) totals.refunds += 1;
    else totals.charges += 1;
  }
  return totals;
}
