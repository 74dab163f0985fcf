import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** The in-app path shown before the current one (null on the first screen of a visit). */
let previous: string | null = null;
let current: string | null = null;

/** Records each in-app navigation; mounted once for the whole app (Providers). */
export function useTrackLocation() {
  const [location] = useLocation();
  useEffect(() => {
    if (location !== current) {
      previous = current;
      current = location;
    }
  }, [location]);
}

/** Where a Back arrow should lead: the screen the user came from in this visit, else `fallback`. */
export function cameFrom(fallback: string): string {
  return previous && previous !== current ? previous : fallback;
}

/** For tests: forget the visit. */
export function resetCameFrom() {
  previous = null;
  current = null;
}
