import { useEffect, useState } from 'react';
import { toast } from '../../ui/use-toast';
import { type CheckoutOutcome, checkoutOutcome, withoutCheckout } from './checkout-return';

/** How long the team page waits for Stripe's webhook after a completed Checkout. */
const AWAIT_WEBHOOK_MS = 60_000;

/**
 * Back from Stripe Checkout on the team page: says what happened once, takes the mark out of the address, and
 * while the membership has not arrived (Stripe's webhook) tells the page to keep asking, for up to a minute.
 */
export function useCheckoutReturn(): { awaitingSubscription: boolean } {
  const [outcome] = useState<CheckoutOutcome | null>(() => checkoutOutcome(window.location.search));
  const [awaiting, setAwaiting] = useState(outcome === 'done');

  useEffect(() => {
    if (!outcome) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${withoutCheckout(search)}${hash}`);
    toast(
      outcome === 'done'
        ? {
            title: 'Checkout complete',
            description: 'Your membership starts as soon as Stripe confirms the payment.',
          }
        : { title: 'Checkout canceled', description: 'Nothing was charged.' },
    );
    if (outcome !== 'done') return;
    const timer = window.setTimeout(() => setAwaiting(false), AWAIT_WEBHOOK_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  return { awaitingSubscription: awaiting };
}
