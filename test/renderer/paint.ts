import { act } from '@testing-library/react';
import { nextPaint } from '../../src/renderer/lib/useAfterPaint';

/**
 * Paints in renderer tests, driven by the test instead of jsdom's frame timer. By default what the
 * app holds back until a paint (useAfterPaint) runs in the task after it asked, as in a browser.
 * A test that checks what comes before the paint calls `holdPaints()` first: nothing then runs until
 * it calls `afterPaint()`, however slow or fast the machine is. setup.ts resets this for every test.
 */
let held = false;
const waiting = new Set<() => void>();

export function resetPaints(): void {
  held = false;
  waiting.clear();
  nextPaint.schedule = (run) => {
    if (held) {
      const entry = () => run();
      waiting.add(entry);
      return () => waiting.delete(entry);
    }
    const timer = setTimeout(run);
    return () => clearTimeout(timer);
  };
}

/** From now on in this test, the page paints only in `afterPaint()` (which ends the hold). */
export function holdPaints(): void {
  held = true;
}

/**
 * Lets the page paint: everything waiting for a paint has run when this resolves, and paints come
 * by themselves again (`holdPaints()` holds them anew).
 */
export async function afterPaint(): Promise<void> {
  await act(async () => {
    held = false;
    const runs = [...waiting];
    waiting.clear();
    for (const run of runs) run();
    // The paints asked for without a hold run in a task of their own: let those run too.
    await new Promise<void>((resolve) => setTimeout(resolve));
  });
}
