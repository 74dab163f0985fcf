import { describe, expect, it } from 'vitest';
import { charactersLeftOut, lengthHint } from './length-limit';

describe('charactersLeftOut', () => {
  it('is 0 when the paste fits, counting the selection it replaces', () => {
    expect(charactersLeftOut({ length: 1990, selected: 0 }, 10, 2000)).toBe(0);
    expect(charactersLeftOut({ length: 2000, selected: 500 }, 500, 2000)).toBe(0);
  });

  it('counts what the limit cuts off', () => {
    expect(charactersLeftOut({ length: 0, selected: 0 }, 2500, 2000)).toBe(500);
    expect(charactersLeftOut({ length: 1999, selected: 0 }, 2, 2000)).toBe(1);
    expect(charactersLeftOut({ length: 1500, selected: 100 }, 700, 2000)).toBe(100);
  });
});

describe('lengthHint', () => {
  it('says nothing far from the limit', () => {
    expect(lengthHint(0, 2000, 0)).toBeNull();
    expect(lengthHint(1799, 2000, 0)).toBeNull();
  });

  it('counts from nine tenths of the limit on', () => {
    expect(lengthHint(1800, 2000, 0)).toBe('1,800 / 2,000');
    expect(lengthHint(2000, 2000, 0)).toBe('2,000 / 2,000');
    expect(lengthHint(45, 50, 0)).toBe('45 / 50');
  });

  it('says what a paste lost while the field is full', () => {
    expect(lengthHint(2000, 2000, 1234)).toBe('1,234 pasted characters were left out: 2,000 at most.');
    expect(lengthHint(50, 50, 1)).toBe('1 pasted character was left out: 50 at most.');
  });

  it('goes back to counting once the field has room again', () => {
    expect(lengthHint(1950, 2000, 1234)).toBe('1,950 / 2,000');
  });
});
