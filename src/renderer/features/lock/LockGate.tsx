import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazyNamed';
import { useLockStore } from './lockStore';

/** Loaded when the app is first shown locked: an open app's first screen carries none of it. */
const LockScreen = lazyNamed(() => import('./LockScreen'), 'LockScreen');
const pending = <div className="lock-pending" aria-busy="true" />;

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel'] as const;

/**
 * Wraps the app: while locked it renders only the lock screen (the app is unmounted, so nothing of
 * it stays in the DOM); while a lock is set and open, it locks after the chosen idle time.
 */
export function LockGate({ children }: { children: ReactNode }) {
  const state = useLockStore((s) => s.state);
  const error = useLockStore((s) => s.error);
  const connect = useLockStore((s) => s.connect);
  const lockNow = useLockStore((s) => s.lockNow);
  useEffect(() => connect(), [connect]);

  // Unlocked: the lock screen that held focus is gone, so the screen's content takes it (the
  // skip link's target, #main-content), never the page's <body>.
  const locked = state?.locked === true;
  const wasLocked = useRef(false);
  useEffect(() => {
    if (wasLocked.current && !locked) document.getElementById('main-content')?.focus();
    wasLocked.current = locked;
  }, [locked]);

  const watchIdle = state?.enabled === true && !state.locked ? state.idleMinutes : 0;
  useEffect(() => {
    if (watchIdle <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        lockNow().catch(() => {
          // Main refused: the next activity restarts the timer and it tries again.
        });
      }, watchIdle * 60_000);
    };
    restart();
    for (const name of ACTIVITY) window.addEventListener(name, restart, { passive: true });
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, restart);
    };
  }, [watchIdle, lockNow]);

  if (state?.locked) {
    return (
      <Suspense fallback={pending}>
        <LockScreen />
      </Suspense>
    );
  }
  // Until main says whether a lock is set, show nothing of the app (it may be locked).
  if (!state && !error) return pending;
  return <>{children}</>;
}
