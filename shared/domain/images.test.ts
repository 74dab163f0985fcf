import { describe, expect, it } from 'vitest';
import { isAnimatedImage, sniffImage } from './images';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => u32be(n).reverse();
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const chunk = (type: string, length = 0) => [
  ...u32be(length),
  ...bytes(type),
  ...new Array(length + 4).fill(0),
];

describe('image sniffing', () => {
  it('knows JPEG, PNG and WebP by their bytes, and nothing else', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(bytes(PNG_SIG))).toBe('image/png');
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(bytes('GIF89a', [0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeNull();
  });
  it('finds animation in APNG and animated WebP', () => {
    const still = bytes(PNG_SIG, chunk('IHDR', 13), chunk('IDAT', 2), chunk('IEND'));
    const apng = bytes(PNG_SIG, chunk('IHDR', 13), chunk('acTL', 8), chunk('IDAT', 2), chunk('IEND'));
    expect(isAnimatedImage('image/png', still)).toBe(false);
    expect(isAnimatedImage('image/png', apng)).toBe(true);
    const vp8x = (flags: number) =>
      bytes('RIFF', u32le(30), 'WEBP', 'VP8X', u32le(10), [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(isAnimatedImage('image/webp', vp8x(0x02))).toBe(true);
    expect(isAnimatedImage('image/webp', vp8x(0x10))).toBe(false);
    expect(isAnimatedImage('image/jpeg', bytes([0xff, 0xd8, 0xff]))).toBe(false);
  });
});
