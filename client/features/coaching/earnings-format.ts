import { formatCount } from '../../lib/count';

/** Money and dates of the Earnings screen. */

/** Cents as dollars with cents, a refund with its minus: 2465 -> '$24.65', -1001 -> '-$10.01'. */
export function money(cents: number): string {
  const abs = Math.abs(cents);
  const text = `$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** '2026-11' -> 'November 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** An instant as 'Nov 28, 2026' in the viewer's time zone. */
export function dayLabel(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const PAYOUT_STATUS: Record<string, string> = {
  paid: 'Paid',
  pending: 'Pending',
  in_transit: 'On its way',
  canceled: 'Canceled',
  failed: 'Failed',
};

/** Stripe's payout status in words. */
export const payoutStatus = (status: string): string => PAYOUT_STATUS[status] ?? status;
