import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/**
 * Stripe payouts for coaches (docs/BILLING.md): the answer is Stripe's onboarding link, or once payouts work, the
 * coach's Express dashboard; the caller navigates there.
 */
export function useStripePayouts() {
  return useMutation({ mutationFn: () => api.stripe.connect() });
}
