import { describe, expect, it } from 'vitest';
import { checkoutOutcome, withoutCheckout } from './checkout-return';

describe('Stripe Checkout return', () => {
  it('reads the outcome and nothing else', () => {
    expect(checkoutOutcome('?checkout=done')).toBe('done');
    expect(checkoutOutcome('?checkout=canceled&x=1')).toBe('canceled');
    expect(checkoutOutcome('')).toBeNull();
    expect(checkoutOutcome('?checkout=paid')).toBeNull();
  });

  it('drops the mark and keeps the rest', () => {
    expect(withoutCheckout('?checkout=done')).toBe('');
    expect(withoutCheckout('?a=1&checkout=done')).toBe('?a=1');
  });
});
