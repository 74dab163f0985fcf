import { describe, expect, it } from 'vitest';
import { onlineLabel } from './online-label';

describe('onlineLabel', () => {
  it('counts friends as online', () => {
    expect(onlineLabel(3)).toBe('3 online');
    expect(onlineLabel(0)).toBe('0 online');
  });
});
