import { useEffect, useState } from 'react';

/** The most the work after the first paint waits for the page's first paint to be reported. */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the page's first contentful paint is on screen: the Paint Timing entry, which the
 * browser records when the frame was presented, not when the main thread handed it over to be
 * rasterised. At once where paints are not timed (tests) or the page is hidden (a window shown only
 * once it has painted may never report one), and after FIRST_PAINT_WAIT_MS at most.
 */
const firstContentfulPaint: Promise<void> = new Promise((resolve) => {
  const timed =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!timed || document.visibilityState === 'hidden') return resolve();
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', done);
    resolve();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) done();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', done);
  const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
});

/**
 * Runs `run` once the browser has painted a frame (and, while the app starts, once its first screen
 * is on screen); answers a cancel. The frame's callbacks run before it is painted; the task after
 * them runs after the paint. A test replaces `schedule` to paint when it says so
 * (test/renderer/paint.ts), so nothing a test checks depends on the machine's frame rate.
 */
export const nextPaint = {
  schedule(run: () => void): () => void {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void firstContentfulPaint.then(() => {
          if (live) run();
        });
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  },
};

/**
 * False until the browser has painted a frame since the component mounted (and, while the app
 * starts, until its first screen is on screen), then true: what can wait (the first screen's
 * lower half, a chart's code, the header's statuses) starts after the first paint instead of
 * competing with it for the main thread, the rasteriser and main's attention.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => nextPaint.schedule(() => setPainted(true)), []);
  return painted;
}

/**
 * Connects a store (`connect` loads it and follows main's pushes, answering the unsubscribe) once
 * the page has painted: what the header shows goes after the first screen's data.
 */
export function useConnectAfterPaint(connect: () => () => void): void {
  const painted = useAfterPaint();
  useEffect(() => (painted ? connect() : undefined), [painted, connect]);
}
