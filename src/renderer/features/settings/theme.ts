import { useEffect } from 'react';
import { useSettings } from '../../lib/settingsStore';

/** Puts the effective theme on <html data-theme>: the OS's unless the user chose one. */
export function useApplyTheme(): void {
  const choice = useSettings((s) => s.theme);
  useEffect(() => {
    // matchMedia is absent in some embedders (and jsdom): then the OS theme counts as light.
    const media =
      typeof window.matchMedia === 'function'
        ? window.matchMedia('(prefers-color-scheme: dark)')
        : undefined;
    const apply = () => {
      const dark = choice === 'dark' || (choice === 'system' && Boolean(media?.matches));
      document.documentElement.dataset['theme'] = dark ? 'dark' : 'light';
    };
    apply();
    media?.addEventListener('change', apply);
    return () => media?.removeEventListener('change', apply);
  }, [choice]);
}
