import type { AppContext } from '../../context';
import type { BillingProvider } from './provider';
import { testModeProvider } from './test-mode';

export type {
  BillingProvider,
  ChargeResult,
  ProviderSubscription,
  StartSubscriptionResult,
} from './provider';

/**
 * The billing provider of an app: Stripe when both Stripe keys are configured (config.stripe), else the
 * built-in test mode. One per app context.
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
    // config.stripe: both Stripe keys are set (config.ts); read loosely so test mode needs nothing of Stripe.
    if ((ctx.config as { stripe?: object | null }).stripe) {
      if (!stripeFactory) throw new Error('Stripe is configured but its billing provider is not registered');
      provider = stripeFactory(ctx);
    } else {
      provider = testModeProvider(ctx.db);
    }
    byContext.set(ctx, provider);
  }
  return provider;
}
