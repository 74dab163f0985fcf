import { useEffect, useRef } from 'react';

/** Tells the room someone is (no longer) working out live. Keepalive: a 'stopped' sent while leaving still lands. */
export function postLive(challengeId: number, state: 'started' | 'stopped'): void {
  void fetch(`/api/challenges/${challengeId}/live`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
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
