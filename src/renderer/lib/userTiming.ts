import { useLayoutEffect } from 'react';

/**
 * User Timing marks for the bench and anyone timing a screen in the browser's performance panel
 * (`npm run bench` reads them with performance.getEntriesByName). Best effort: never throws.
 */
export function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // User Timing is best effort.
  }
}

/** Marks `name` in the frame after `value` was committed to the DOM: the chart showing it is painted. */
export function usePaintedMark(name: string, value: unknown): void {
  useLayoutEffect(() => {
    const id = requestAnimationFrame(() => mark(name));
    return () => cancelAnimationFrame(id);
  }, [name, value]);
}
