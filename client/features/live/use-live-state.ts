import { useEffect, useRef } from 'react';
import { postLive as post } from '../../api/chat';

/** Tells the room; a failure only means the room misses the badge, so it is not shown. */
function postLive(challengeId: number, state: 'started' | 'stopped'): void {
  post(challengeId, state).catch(() => undefined);
}

/** 'started' when recording begins; 'stopped' when it ends, the screen closes or the tab goes away. */
export function useLiveState(challengeId: number, recording: boolean): void {
  const live = useRef(false);
  useEffect(() => {
    if (recording && !live.current) {
      live.current = true;
      postLive(challengeId, 'started');
    } else if (!recording && live.current) {
      live.current = false;
      postLive(challengeId, 'stopped');
    }
  }, [challengeId, recording]);

  useEffect(() => {
    const stop = () => {
      if (!live.current) return;
      live.current = false;
      postLive(challengeId, 'stopped');
    };
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [challengeId]);
}
