import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { prefetchNavScreens, preloadRoute } from './route-preload';

/** At least this long after the signed-in shell appears before the other screens are fetched. */
export const PREFETCH_AFTER_MS = 1500;
/** While the current screen still has requests out, look again this often, for this long at most. */
const POLL_MS = 500;
const MAX_WAIT_MS = 10_000;

/**
 * Fetches the bottom navigation's other screens ahead (route-preload.ts `prefetchNavScreens`) once the first screen
 * has settled: a moment after the shell mounts, when none of its queries is loading any more (the screen in front
 * keeps the bandwidth) and the phone is idle. Once per app start. And from the finger's touch on a tab of the bar,
 * before its click, that screen's code and first data load together (a tap before the prefetch, or with Save-Data).
 */
export function usePrefetchNavScreens() {
  const client = useQueryClient();
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const tab = (event.target as Element | null)?.closest?.('nav[aria-label="Main"] a[href]');
      const href = tab?.getAttribute('href');
      if (href) preloadRoute(client, href);
    };
    document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, [client]);
  useEffect(() => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const run = () => prefetchNavScreens(client, window.location.pathname);
    const attempt = () => {
      if (client.isFetching() > 0 && performance.now() - started < MAX_WAIT_MS) {
        timer = setTimeout(attempt, POLL_MS);
        return;
      }
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
      else run();
    };
    timer = setTimeout(attempt, PREFETCH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [client]);
}
