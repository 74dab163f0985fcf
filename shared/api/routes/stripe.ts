import { z } from 'zod';
import { defineRoutes } from '../route';

const NOT_STRIPE = 'Billing runs in the built-in test mode here: Stripe is not configured.';

/** Stripe's side of billing (docs/BILLING.md, "Stripe"): its webhook, and payouts onboarding for coaches. */
export const stripeRoutes = defineRoutes('stripe', {
  webhook: {
    summary: "Stripe's signed event deliveries (checkout, subscriptions, invoices, refunds)",
    description:
      'The raw body is verified against the Stripe-Signature header with a 300-second timestamp tolerance. Each ' +
      'event is applied once (by its id), in any order; an event about a subscription that is not ours answers ' +
      '200 and changes nothing.',
    auth: 'none',
    errors: {
      400: 'No signature, a wrong one, a timestamp older than the tolerance, or a body that is not an event.',
      404: NOT_STRIPE,
    },
    hidden: true,
  },
  connect: {
    summary: "A coach's Stripe Connect onboarding link, where they set up payouts (85% of each payment)",
    description: 'Only for someone who coaches a team. The account is created on the first call and kept.',
    auth: 'user',
    answers: {
      200: z.object({
        url: z.string(),
        /** Whether the coach's account can already receive payments. */
        payoutsReady: z.boolean(),
      }),
    },
    errors: { 403: 'The caller coaches no team.', 409: NOT_STRIPE },
  },
});
