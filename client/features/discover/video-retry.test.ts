import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  detectMobile,
  loadTimeoutMs,
  preloadRootMargin,
  retryDelayMs,
  retryLabel,
} from './video-retry';

describe('video loading rules', () => {
  it('waits 10 s on desktop and 15 s on mobile', () => {
    expect(loadTimeoutMs(false)).toBe(10_000);
    expect(loadTimeoutMs(true)).toBe(15_000);
  });

  it('preloads 150 px ahead on desktop and 200 px on mobile', () => {
    expect(preloadRootMargin(false)).toBe('150px 0px 150px 0px');
    expect(preloadRootMargin(true)).toBe('200px 0px 200px 0px');
  });

  it('retries twice, after 1 s and 2 s, then gives up', () => {
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(2)).toBe(2000);
    expect(retryDelayMs(3)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
    expect(afterFailure(0)).toEqual({ next: { kind: 'loading', retry: 1, waiting: true }, delayMs: 1000 });
    expect(afterFailure(1)).toEqual({ next: { kind: 'loading', retry: 2, waiting: true }, delayMs: 2000 });
    expect(afterFailure(2)).toEqual({ next: { kind: 'failed' }, delayMs: null });
  });

  it("labels retries 'Retry n/2'", () => {
    expect(retryLabel(0)).toBeNull();
    expect(retryLabel(1)).toBe('Retry 1/2');
    expect(retryLabel(2)).toBe('Retry 2/2');
  });

  it('treats touch devices and narrow screens as mobile', () => {
    expect(detectMobile({ width: 390, coarsePointer: true })).toBe(true);
    expect(detectMobile({ width: 390, coarsePointer: false })).toBe(true);
    expect(detectMobile({ width: 1280, coarsePointer: true })).toBe(true);
    expect(detectMobile({ width: 1280, coarsePointer: false })).toBe(false);
  });
});
