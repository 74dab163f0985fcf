import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffCeiling, backoffDelay } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from 0.5 s and stops at 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(backoffCeiling)).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000,
    ]);
  });

  it('jitters between half and all of the ceiling', () => {
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(0, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(10, () => 0.5)).toBe(BACKOFF_MAX_MS * 0.75);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(backoffCeiling(attempt) / 2);
      expect(delay).toBeLessThanOrEqual(backoffCeiling(attempt));
    }
  });

  it('treats a negative attempt as the first', () => {
    expect(backoffCeiling(-3)).toBe(BACKOFF_BASE_MS);
  });
});
