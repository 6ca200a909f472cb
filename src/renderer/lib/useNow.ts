import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` (for "3 min ago" labels, a quote's countdown).
 * `clock` is where the time is read (tests pass their own and drive the interval).
 */
export function useNow(everyMs = 30_000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, clock]);
  return now;
}
