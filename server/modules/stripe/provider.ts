import { registerStripeProvider } from '../../platform/billing';
import { createStripeProvider } from '../../platform/billing/stripe';
import { stripeConnectAccountOf } from '../auth/payout-account';

/** Makes Stripe the billing provider of apps configured for it, finding coaches' Connect accounts in auth. */
export function registerStripeBilling(): void {
  registerStripeProvider((ctx) => {
    if (!ctx.config.stripe) throw new Error('Stripe billing asked for without its configuration');
    return createStripeProvider(ctx.config.stripe, {
      payoutAccountOf: (coachId) => stripeConnectAccountOf(ctx, coachId),
    });
  });
}
