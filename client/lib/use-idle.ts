import { useEffect, useState } from 'react';

/**
 * False until the browser has had an idle moment after the first render: work that is not needed for the first
 * usable screen (asking for optional data, which then loads its answer's validation) waits for it.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
