/** What Stripe Checkout's return URL says (`/teams/:id?checkout=done|canceled`), or null on a plain visit. */
export type CheckoutOutcome = 'done' | 'canceled';

export function checkoutOutcome(search: string): CheckoutOutcome | null {
  const value = new URLSearchParams(search).get('checkout');
  return value === 'done' || value === 'canceled' ? value : null;
}

/** The same search without the checkout mark, so a reload does not say it again. */
export function withoutCheckout(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('checkout');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
