import type { AppContext } from '../../context';
import { conflict } from '../errors';
import type { BillingProvider } from './provider';
import { testModeProvider } from './test-mode';

export type {
  BillingProvider,
  ChargeResult,
  ProviderSubscription,
  StartSubscriptionResult,
} from './provider';

import { PAID_TEAMS_OFF_MESSAGE } from '../../../shared/api/teams';

export { PAID_TEAMS_OFF_MESSAGE };

/**
 * Billing mode `off`: nothing can start; the clock is the wall clock. Subscriptions left from an earlier test mode
 * still end at their period's end (memberships/test-billing-end.ts), so cancel and the sweep keep working.
 */
function offProvider(): BillingProvider {
  return {
    mode: 'off',
    now: async () => new Date(),
    start: async () => {
      throw conflict(PAID_TEAMS_OFF_MESSAGE);
    },
    setCancelAtPeriodEnd: async () => {},
    manageUrl: async () => null,
    charge: null,
  };
}

/**
 * The billing provider of an app, by config.billingMode: Stripe (both keys), the built-in test mode (only when
 * BILLING_MODE=test), or off. One per app context.
 */
const byContext = new WeakMap<AppContext, BillingProvider>();

/** Set by the Stripe implementation (stripe.ts) so this file does not import the Stripe package in test mode. */
let stripeFactory: ((ctx: AppContext) => BillingProvider) | null = null;
export function registerStripeProvider(factory: (ctx: AppContext) => BillingProvider) {
  stripeFactory = factory;
}

export function billingProvider(ctx: AppContext): BillingProvider {
  let provider = byContext.get(ctx);
  if (!provider) {
    const mode = ctx.config.billingMode;
    if (mode === 'stripe') {
      if (!stripeFactory) throw new Error('Stripe is configured but its billing provider is not registered');
      provider = stripeFactory(ctx);
    } else if (mode === 'test') {
      provider = testModeProvider(ctx.db);
    } else {
      provider = offProvider();
    }
    byContext.set(ctx, provider);
  }
  return provider;
}
