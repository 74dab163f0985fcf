import {
  VIDEO_MAX_RETRIES,
  VIDEO_PRELOAD_MARGIN_MOBILE_PX,
  VIDEO_PRELOAD_MARGIN_PX,
  VIDEO_RETRY_DELAYS_MS,
  VIDEO_TIMEOUT_DESKTOP_MS,
  VIDEO_TIMEOUT_MOBILE_MS,
} from '@shared/domain/limits';

/** The video loading rules: timeouts, retries and the preload margin, desktop or mobile. */

/** A touch device or a phone-sized screen counts as mobile. */
export function detectMobile(env: { width: number; coarsePointer: boolean }): boolean {
  return env.coarsePointer || env.width < 768;
}

export function loadTimeoutMs(mobile: boolean): number {
  return mobile ? VIDEO_TIMEOUT_MOBILE_MS : VIDEO_TIMEOUT_DESKTOP_MS;
}

/** IntersectionObserver rootMargin that starts loading a video just before it scrolls into view. */
export function preloadRootMargin(mobile: boolean): string {
  const px = mobile ? VIDEO_PRELOAD_MARGIN_MOBILE_PX : VIDEO_PRELOAD_MARGIN_PX;
  return `${px}px 0px ${px}px 0px`;
}

/** Delay before retry number `retry` (1-based), or null when no retry is left: 1 s, then 2 s, then give up. */
export function retryDelayMs(retry: number): number | null {
  if (retry < 1 || retry > VIDEO_MAX_RETRIES) return null;
  return VIDEO_RETRY_DELAYS_MS[retry - 1] ?? null;
}

/** While `waiting`, a retry is scheduled (its delay runs) and its label already shows. */
export type VideoLoadState =
  | { kind: 'idle' }
  | { kind: 'loading'; retry: number; waiting: boolean }
  | { kind: 'ready' }
  | { kind: 'failed' };

/** After a failed attempt: the next retry, waiting for its delay, or the final failure. */
export function afterFailure(retry: number): { next: VideoLoadState; delayMs: number | null } {
  const delayMs = retryDelayMs(retry + 1);
  return delayMs === null
    ? { next: { kind: 'failed' }, delayMs: null }
    : { next: { kind: 'loading', retry: retry + 1, waiting: true }, delayMs };
}

/** 'Retry 1/2' while a retry runs; nothing on the first attempt. */
export function retryLabel(retry: number): string | null {
  return retry > 0 ? `Retry ${retry}/${VIDEO_MAX_RETRIES}` : null;
}
