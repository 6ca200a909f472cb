import { useCallback, useRef, useState } from 'react';

/**
 * One action at a time (sending a form, confirming a dialog): a call while one runs is dropped, so a
 * double click or Enter pressed twice sends once. `busy` is for the UI; the guard itself does not
 * wait for a render.
 */
export function useAction(): {
  busy: boolean;
  running(): boolean;
  run(action: () => Promise<void>): Promise<void>;
} {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const running = useCallback(() => inFlight.current, []);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, running, run };
}
