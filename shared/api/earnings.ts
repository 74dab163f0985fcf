import { z } from 'zod';
import { idParam } from './ids';
import { billingMode } from './teams';

/**
 * A coach's earnings (docs/EARNINGS.md): the ledger's rows of their teams, as stored (gross, 15% platform fee,
 * 85% coach net, refunds negative), summed per team, per month and in total; in Stripe mode the Connect payouts.
 * Money in integer cents. `teamId` narrows everything to one team, which must be the caller's (404 otherwise).
 */

export const earningsQuery = z.strictObject({ teamId: idParam().optional() });
export type EarningsQuery = z.input<typeof earningsQuery>;

const cents = z.number().int();

export const ledgerTotals = z.object({
  grossCents: cents,
  platformFeeCents: cents,
  coachNetCents: cents,
  /** Rows with a positive (or zero) gross. */
  charges: z.number().int(),
  /** Rows with a negative gross. */
  refunds: z.number().int(),
});
export type LedgerTotalsDto = z.infer<typeof ledgerTotals>;

export const earningsRow = z.object({
  id: z.number().int(),
  /** When it was charged or refunded (ISO instant, on the billing clock). */
  at: z.string(),
  kind: z.enum(['charge', 'refund']),
  teamId: z.number().int().nullable(),
  /** null when the team no longer exists. */
  teamName: z.string().nullable(),
  /** The member's first name; null once they erased their account. */
  member: z.string().nullable(),
  grossCents: cents,
  platformFeeCents: cents,
  coachNetCents: cents,
  currency: z.string(),
});
export type EarningsRow = z.infer<typeof earningsRow>;

export const payout = z.object({
  id: z.string(),
  amountCents: cents,
  currency: z.string(),
  /** Stripe's payout status: paid, pending, in_transit, canceled or failed. */
  status: z.string(),
  /** When it reaches (or reached) the bank, ISO instant. */
  arrivalAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

export const earningsResponse = z.object({
  mode: billingMode,
  teamId: z.number().int().nullable(),
  totals: ledgerTotals,
  /** The coach's teams with their sums (a closed team's rows under teamId null). */
  teams: z.array(ledgerTotals.extend({ teamId: z.number().int().nullable(), name: z.string().nullable() })),
  /** Month totals (UTC calendar months, YYYY-MM), newest first. */
  months: z.array(ledgerTotals.extend({ month: z.string() })),
  /** Every row, newest first (at most EARNINGS_ROWS; `rowsTotal` says how many there are, the CSV has all). */
  rows: z.array(earningsRow),
  rowsTotal: z.number().int(),
  /** Stripe mode: the Connect account's payouts, newest first; null in test mode or before payouts are set up. */
  payouts: z.array(payout).nullable(),
  /** Stripe mode: why the payouts could not be read just now (the rest of the answer stands). */
  payoutsError: z.string().nullable(),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;

/** How many rows the JSON answer carries; the CSV download carries every row. */
export const EARNINGS_ROWS = 500;
