import { CREATOR_SHARE_PERCENT } from '@shared/domain/limits';
import { Landmark } from 'lucide-react';
import { errorMessage } from '../../api/errors';
import { useStripePayouts } from '../../api/stripe';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { toast } from '../../ui/use-toast';

/**
 * The coach's payouts with Stripe (shown only when billing runs on Stripe): members can subscribe once the coach's
 * Stripe account is set up, and each payment sends the coach their share. The button opens Stripe's onboarding, or
 * the Stripe dashboard once payouts work.
 */
export function PayoutsCard() {
  const payouts = useStripePayouts();
  const open = () =>
    payouts.mutateAsync().then(
      (answer) => window.location.assign(answer.url),
      (error: unknown) =>
        toast({ title: 'Could not open Stripe', description: errorMessage(error), variant: 'destructive' }),
    );
  return (
    <Card className="mt-4 grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <Landmark className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-bold">Payouts</p>
          <p className="text-muted-foreground text-sm">
            Members pay by card through Stripe; {CREATOR_SHARE_PERCENT}% of each payment goes to your Stripe
            account. Members can subscribe once your account is set up.
          </p>
        </div>
      </div>
      <Button variant="secondary" disabled={payouts.isPending} onClick={open}>
        {payouts.isPending ? 'Opening Stripe...' : 'Set up or view payouts'}
      </Button>
    </Card>
  );
}
