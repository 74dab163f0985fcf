import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { afterFailure, loadTimeoutMs, type VideoLoadState } from './video-retry';

/**
 * Loads a video once `near` turns true, with SPEC's timeout and retries: an attempt that errors or does not get a
 * first frame within the timeout is retried after 1 s, then 2 s; then the state is 'failed' until `retry()`.
 */
export function useVideoLoader(videoRef: RefObject<HTMLVideoElement | null>, near: boolean, mobile: boolean) {
  const [state, setState] = useState<VideoLoadState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);

  // The first time the slide comes near, start loading; later visits keep what was loaded.
  useEffect(() => {
    if (near && state.kind === 'idle') setState({ kind: 'loading', retry: 0 });
  }, [near, state.kind]);

  const retryNumber = state.kind === 'loading' ? state.retry : -1;

  // One effect run per attempt: listen for the first frame, an error, or the timeout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts a manual retry
  useEffect(() => {
    const video = videoRef.current;
    if (retryNumber < 0 || !video) return;
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      clearTimers();
      const { next, delayMs } = afterFailure(retryNumber);
      if (delayMs === null) setState(next);
      else timers.current.push(setTimeout(() => setState(next), delayMs));
    };
    const ready = () => {
      if (settled) return;
      settled = true;
      clearTimers();
      setState({ kind: 'ready' });
    };
    video.addEventListener('loadeddata', ready);
    video.addEventListener('error', fail);
    timers.current.push(setTimeout(fail, loadTimeoutMs(mobile)));
    video.load();
    if (video.readyState >= 2) ready();
    return () => {
      settled = true;
      video.removeEventListener('loadeddata', ready);
      video.removeEventListener('error', fail);
      clearTimers();
    };
  }, [retryNumber, attempt, mobile, videoRef, clearTimers]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    setState({ kind: 'loading', retry: 0 });
  }, []);

  return { state, retry, shouldHaveSource: state.kind !== 'idle' };
}
