import { useEffect } from 'react';
import { useSettings } from '../../lib/settingsStore';
import { sendKeepWatching } from './trayStore';

/**
 * Main is told the tray setting when the app shows and on each change (the page's settings hold
 * it; main keeps no copy across starts).
 */
export function useKeepWatching(): void {
  const on = useSettings((s) => s.keepWatching);
  useEffect(() => {
    void sendKeepWatching(on);
  }, [on]);
}
