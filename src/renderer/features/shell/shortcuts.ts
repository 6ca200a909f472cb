import { useEffect } from 'react';
import { useSettings } from '../../lib/settingsStore';
import { SCREENS, useShellStore } from '../../lib/shellStore';

/**
 * Keyboard shortcuts: Ctrl/⌘+1…7 open the screens in sidebar order, Ctrl/⌘+R or F5 refreshes the
 * screen, Ctrl/⌘+Shift+P toggles privacy mode.
 */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (event.key === 'F5' || (mod && !event.shiftKey && event.key.toLowerCase() === 'r')) {
        event.preventDefault();
        useShellStore.getState().refresh?.();
        return;
      }
      if (mod && event.shiftKey && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        const settings = useSettings.getState();
        settings.setPrivacy(!settings.privacy);
        return;
      }
      if (mod && !event.shiftKey && /^[1-9]$/.test(event.key)) {
        const screen = SCREENS[Number(event.key) - 1];
        if (screen) {
          event.preventDefault();
          useShellStore.getState().go(screen.id);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
