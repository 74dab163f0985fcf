import { PLATFORM_FEE_PERCENT } from '../../../shared/domain/limits';

/**
 * The one rounding rule of the ledger (docs/TEAMS.md): the platform fee is PLATFORM_FEE_PERCENT of the gross,
 * rounded half away from zero to whole cents; the coach's net is the gross minus that fee. A refund is the same
 * split of a negative gross, so a full refund is the exact negative of its charge, and every row (hence every
 * sum of rows) satisfies fee + net = gross to the cent.
 */
export function splitGross(grossCents: number): { platformFeeCents: number; coachNetCents: number } {
  if (!Number.isSafeInteger(grossCents)) throw new Error(`gross must be whole cents, got ${grossCents}`);
  const magnitude = Math.abs(grossCents);
  const fee = Math.floor((magnitude * PLATFORM_FEE_PERCENT + 50) / 100);
  const platformFeeCents = grossCents < 0 ? -fee : fee;
  return { platformFeeCents, coachNetCents: grossCents - platformFeeCents };
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
