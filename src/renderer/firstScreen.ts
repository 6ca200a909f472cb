import { useLockStore, isUnlocked } from './features/lock/lockStore';
import { useOverviewStore } from './features/overview/overviewStore';
import { prefetchSeparators } from './features/settings/separatorsStore';
import { useSettings } from './lib/settingsStore';
import { useShellStore } from './lib/shellStore';

/*
 * The app's first requests, sent while the rest of the renderer's code is still being evaluated
 * (boot.ts, main.tsx's first import, starts them; this module's imports are stores only, no screen),
 * so main works on the answers while the page builds.
 */

/**
 * The longest the first render waits for the first screen's data. An answer within it is drawn in
 * one render (the shell and the screen with its data, one layout); a slower one behind the
 * screen's own placeholders, which then show at once.
 */
export const FIRST_SCREEN_WAIT_MS = 250;

/**
 * Sends the lock state request (the app follows the lock from now on), the first screen's data and
 * the number format's separators side by side; main refuses the data while the app is locked,
 * which is dropped (the screen loads when it opens). Answers when the first render can show what
 * it will show: the lock screen once main says the app is locked, the first screen once its data
 * and the separators settled. Once per page: the app follows the lock from here on (`disconnect`
 * is for tests).
 */
export function startFirstScreen(): { settled: Promise<void>; disconnect: () => void } {
  const disconnect = useLockStore.getState().connect();
  const data =
    useShellStore.getState().screen === 'overview'
      ? useOverviewStore.getState().prefetch(useSettings.getState().quote)
      : Promise.resolve();
  // Every amount is written with the number format's separators: main says them, so the page's
  // first Intl call (the ICU library starts) comes after the first paint.
  const separators = prefetchSeparators();
  const lockKnown = new Promise<void>((resolve) => {
    const check = () => {
      const { state, error } = useLockStore.getState();
      if (state === undefined && error === undefined) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = useLockStore.subscribe(check);
    check();
  });
  const screen = Promise.all([data, separators]).then(() => undefined);
  return { settled: lockKnown.then(() => (isUnlocked() ? screen : undefined)), disconnect };
}

/** `started` (startFirstScreen's `settled`) resolved, or `waitMs` passed: the first render may go. */
export function firstScreenReady(
  started: Promise<void>,
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    void started.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
