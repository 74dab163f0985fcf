import { describe, expect, it } from 'vitest';
import { axisDollars, latestRate, percent } from './analytics-format';

describe('analytics format', () => {
  it('formats rates, dollars and the latest rate', () => {
    expect(percent(null)).toBe('-');
    expect(percent(0.4286)).toBe('43%');
    expect(axisDollars(2900)).toBe('$29');
    expect(axisDollars(123_456)).toBe('$1.2k');
    const bucket = { churnRate: null, proofCompletionRate: 0.5 };
    const series = [bucket, { ...bucket, churnRate: 0.25 }, bucket] as never;
    expect(latestRate(series, 'churnRate')).toBe(0.25);
    expect(latestRate(series, 'proofCompletionRate')).toBe(0.5);
  });
});
