import { useEffect, useState } from 'react';

/**
 * False until the browser has painted a frame since the component mounted, then true: what can
 * wait (a chart's code, loaded lazily) starts after the first paint instead of delaying it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callbacks run before it is painted; the task after them runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
