import { useEffect, useState } from 'react';

export { formatWait } from '../../../shared/duration';

/**
 * Milliseconds left until `until` (0 when none or past), ticking while a wait runs. The time is
 * read in timer callbacks only (never while rendering); a stale value errs on the side of waiting.
 */
export function useTimeLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return until === undefined ? 0 : Math.max(0, until - now);
}
