import { describe, expect, it } from 'vitest';
import { money, monthLabel, payoutStatus } from './earnings-format';

describe('earnings format', () => {
  it('shows cents as dollars with a minus for refunds', () => {
    expect(money(2465)).toBe('$24.65');
    expect(money(-1001)).toBe('-$10.01');
    expect(money(5)).toBe('$0.05');
    expect(money(123456789)).toBe('$1,234,567.89');
    expect(money(0)).toBe('$0.00');
  });
  it('names months and payout states', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(payoutStatus('in_transit')).toBe('On its way');
    expect(payoutStatus('weird')).toBe('weird');
  });
});
