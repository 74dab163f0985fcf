import { useEffect, useState } from 'react';
import { detectMobile } from './video-retry';

function read(): boolean {
  if (typeof window === 'undefined') return false;
  const coarsePointer = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return detectMobile({ width: window.innerWidth, coarsePointer });
}

/** Mobile or desktop for the video rules (timeouts, preload margin, Retry button); follows resizes. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(read);
  useEffect(() => {
    const update = () => setMobile(read());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
