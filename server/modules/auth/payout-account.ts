import type { AppContext } from '../../context';
import * as repo from './payout-repo';

/**
 * A coach's Stripe Connect account (where 85% of each payment goes), kept as one of the user's linked accounts
 * (`accounts`, provider `stripe-connect`): that table already holds "this user's account at an outside
 * provider", goes with the user on erasure, and is in their export. It is no sign-in method: no sign-in looks
 * up this provider. Removing a user's sign-in methods after an account takeover (provider-service.ts) removes it
 * too, so payouts never keep flowing to an account the rightful owner did not set up.
 */
export const STRIPE_CONNECT_PROVIDER = 'stripe-connect';

export function stripeConnectAccountOf(ctx: AppContext, userId: string): Promise<string | null> {
  return repo.findPayoutAccount(ctx.db, userId, STRIPE_CONNECT_PROVIDER);
}

export async function saveStripeConnectAccount(ctx: AppContext, userId: string, ref: string): Promise<void> {
  await repo.insertPayoutAccount(ctx.db, userId, STRIPE_CONNECT_PROVIDER, ref);
}
