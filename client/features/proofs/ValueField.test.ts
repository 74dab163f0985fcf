import { describe, expect, it } from 'vitest';
import { parseProofValue } from './ValueField';

describe('proof value', () => {
  it('accepts whole numbers from 0 to 10000', () => {
    expect(parseProofValue('30')).toBe(30);
    expect(parseProofValue(' 0 ')).toBe(0);
    expect(parseProofValue('10000')).toBe(10_000);
  });

  it('refuses anything else', () => {
    for (const raw of ['', '-1', '2.5', '1e3', 'abc', '10001']) expect(parseProofValue(raw)).toBeNull();
  });
});
