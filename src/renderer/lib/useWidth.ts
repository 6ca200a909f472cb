import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of an element in whole px, kept up to date as it resizes: what a chart is drawn at.
 * `fallback` until it can be measured (and in tests, where nothing is laid out). Measured only
 * while `needed` (a chart is drawn): measuring lays the page out at once, and a first paint that
 * draws no chart need not wait for that and the render it causes.
 */
export function useWidth(
  ref: RefObject<HTMLElement | null>,
  fallback: number,
  needed = true,
): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !needed) return;
    const measure = () => {
      const next = Math.floor(element.clientWidth);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, needed]);
  return width;
}
