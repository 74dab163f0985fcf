import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it('groups thousands like en-US', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1, -1200, -1234567]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
  it('leaves what is not a whole number to toLocaleString', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-US'));
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
