import { describe, expect, it } from 'vitest';
import { containerOf, pickRecorderMimeType } from './recorder-format';

describe('pickRecorderMimeType', () => {
  it('prefers webm', () => {
    expect(pickRecorderMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecorderMimeType((t) => t === 'video/webm')).toBe('video/webm');
  });
  it('falls back to mp4 where only mp4 records (iOS Safari)', () => {
    expect(pickRecorderMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a');
  });
  it('lets the browser choose when it answers no to everything or throws', () => {
    expect(pickRecorderMimeType(() => false)).toBe('');
    expect(
      pickRecorderMimeType(() => {
        throw new Error('unsupported');
      }),
    ).toBe('');
  });
  it('names the container of a recorded type', () => {
    expect(containerOf('video/mp4;codecs=avc1')).toBe('video/mp4');
    expect(containerOf('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(containerOf('')).toBe('video/webm');
  });
});
