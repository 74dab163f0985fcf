import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so time-dependent labels (the Start button) move on. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
