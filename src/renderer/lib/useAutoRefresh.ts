import { useEffect } from 'react';
import { useSettings } from './settingsStore';
import { useShellStore } from './shellStore';
import type { Reload } from './remote';

/** With auto-refresh off, data older than this is still reloaded when its screen opens. */
export const STALE_ON_OPEN_WHEN_OFF_MS = 60 * 1000;

/**
 * Keeps a view's data fresh: loads on mount when there is no data or the data is older than the
 * refresh interval (a minute with auto-refresh off: when DataAge would call it out of date), refreshes every `autoRefreshSeconds` (a
 * setting; 0 is off) while the window is visible, catches up when it becomes visible again, and
 * makes `refresh` the target of the header's Refresh button and the refresh shortcut.
 */
export function useAutoRefresh(refresh: Reload, fetchedAt: number | undefined): void {
  const seconds = useSettings((s) => s.autoRefreshSeconds);
  const setRefresh = useShellStore((s) => s.setRefresh);

  useEffect(() => {
    setRefresh(refresh);
    return () => setRefresh(undefined);
  }, [refresh, setRefresh]);

  useEffect(() => {
    const limit = seconds ? seconds * 1000 : STALE_ON_OPEN_WHEN_OFF_MS;
    if (fetchedAt === undefined || Date.now() - fetchedAt >= limit) void refresh();
    // Only on mount: later loads come from the timer or the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!seconds) return;
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = window.setInterval(tick, seconds * 1000);
    const onVisible = () => {
      const age = fetchedAt === undefined ? Infinity : Date.now() - fetchedAt;
      if (document.visibilityState === 'visible' && age >= seconds * 1000) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [seconds, refresh, fetchedAt]);
}
