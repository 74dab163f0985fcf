import { describe, expect, it } from 'vitest';
import { ACCENTS } from './accents';

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

describe('accent palette', () => {
  it('every accent carries white text at 4.5:1 or more', () => {
    for (const [name, hex] of Object.entries(ACCENTS)) {
      const ratio = 1.05 / (luminance(hex) + 0.05);
      expect(ratio, name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
