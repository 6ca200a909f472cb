import { useEffect } from 'react';
import { useSettings } from '../../lib/settingsStore';
import { SCREENS, useShellStore } from '../../lib/shellStore';

/** The shortcuts as the sheet (`?`) lists them; `useShortcuts` below is what they do. */
export const SHORTCUTS: readonly { keys: string; does: string }[] = [
  {
    keys: `Ctrl/⌘ + 1 … ${SCREENS.length}`,
    does: `Open ${SCREENS.map((s) => s.label).join(', ')}`,
  },
  { keys: 'Ctrl/⌘ + R or F5', does: 'Refresh the screen' },
  { keys: 'Ctrl/⌘ + Shift + P', does: 'Hide or show every amount (privacy mode)' },
  { keys: '?', does: 'Show this list' },
  { keys: 'Escape', does: 'Close a dialog or a list' },
  { keys: 'Tab, then Enter', does: 'Skip to content, past the navigation' },
];

/** Typing in a field: `?` is a character there, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Keyboard shortcuts: Ctrl/⌘+1…9 open the screens in sidebar order, Ctrl/⌘+R or F5 refreshes the
 * screen, Ctrl/⌘+Shift+P toggles privacy mode, `?` (outside a field) shows the list.
 */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (event.key === '?' && !mod && !typing(event.target)) {
        event.preventDefault();
        useShellStore.getState().showShortcuts(true);
        return;
      }
      if (event.key === 'F5' || (mod && !event.shiftKey && event.key.toLowerCase() === 'r')) {
        event.preventDefault();
        void useShellStore.getState().refresh?.();
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
