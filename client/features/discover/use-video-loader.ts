import { type RefObject, useCallback, useEffect, useState } from 'react';
import { afterFailure, loadTimeoutMs, retryDelayMs, type VideoLoadState } from './video-retry';

/**
 * Loads a video once `near` turns true, with the feed's timeout and retries: an attempt that errors or does not get a
 * first frame within the timeout is retried after 1 s, then 2 s ('Retry n/2' shows from the moment a retry is
 * scheduled); then the state is 'failed' until `retry()`.
 */
export function useVideoLoader(videoRef: RefObject<HTMLVideoElement | null>, near: boolean, mobile: boolean) {
  const [state, setState] = useState<VideoLoadState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // The first time the slide comes near, start loading; later visits keep what was loaded.
  useEffect(() => {
    if (near && state.kind === 'idle') setState({ kind: 'loading', retry: 0, waiting: false });
  }, [near, state.kind]);

  // A scheduled retry starts when its delay is over.
  const waitingRetry = state.kind === 'loading' && state.waiting ? state.retry : -1;
  useEffect(() => {
    if (waitingRetry < 1) return;
    const timer = setTimeout(
      () => setState({ kind: 'loading', retry: waitingRetry, waiting: false }),
      retryDelayMs(waitingRetry) ?? 0,
    );
    return () => clearTimeout(timer);
  }, [waitingRetry]);

  // One run per attempt: wait for the first frame, an error, or the timeout.
  const running = state.kind === 'loading' && !state.waiting ? state.retry : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts after a manual retry
  useEffect(() => {
    const video = videoRef.current;
    if (running < 0 || !video) return;
    let settled = false;
    const settle = (next: VideoLoadState) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      setState(next);
    };
    const ready = () => settle({ kind: 'ready' });
    const fail = () => settle(afterFailure(running).next);
    const timer = setTimeout(fail, loadTimeoutMs(mobile));
    video.addEventListener('loadeddata', ready);
    video.addEventListener('error', fail);
    video.load();
    return () => {
      settled = true;
      clearTimeout(timer);
      video.removeEventListener('loadeddata', ready);
      video.removeEventListener('error', fail);
    };
  }, [running, attempt, mobile, videoRef]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    setState({ kind: 'loading', retry: 0, waiting: false });
  }, []);

  return { state, retry, shouldHaveSource: state.kind !== 'idle' };
}
