import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemeChoice = 'system' | 'light' | 'dark';
/** How numbers are written: the system's locale, or one of these conventions. */
export const NUMBER_FORMATS = ['system', 'en-US', 'de-DE', 'fr-FR', 'de-CH'] as const;
export type NumberFormatChoice = (typeof NUMBER_FORMATS)[number];

interface Settings {
  /** Hide every amount everywhere (tables, totals, charts, window title). */
  privacy: boolean;
  theme: ThemeChoice;
  /** Seconds between automatic refreshes; 0 turns it off. */
  autoRefreshSeconds: number;
  /** Quote currency of the Overview. */
  quote: string;
  /** Separators of numbers shown and typed. */
  numberFormat: NumberFormatChoice;
  /** The confirmation names a limit or stop price more than this % from the last price. */
  priceGuardPercent: number;
  /**
   * Desktop app: closing the window hides it and leaves a tray icon while main keeps polling and
   * notifying (mining alerts, arrivals). Off by default, as desktop conventions expect.
   */
  keepWatching: boolean;
  setPrivacy(on: boolean): void;
  setTheme(theme: ThemeChoice): void;
  setAutoRefresh(seconds: number): void;
  setQuote(quote: string): void;
  setNumberFormat(format: NumberFormatChoice): void;
  setPriceGuard(percent: number): void;
  setKeepWatching(on: boolean): void;
}

/** Display preferences (never secrets, never server data), kept across restarts. */
export const useSettings = create<Settings>()(
  persist(
    (set) => ({
      privacy: false,
      theme: 'system',
      autoRefreshSeconds: 30,
      quote: 'USDT',
      numberFormat: 'system',
      priceGuardPercent: 10,
      keepWatching: false,
      setPrivacy: (privacy) => set({ privacy }),
      setTheme: (theme) => set({ theme }),
      setAutoRefresh: (autoRefreshSeconds) => set({ autoRefreshSeconds }),
      setQuote: (quote) => set({ quote }),
      setNumberFormat: (numberFormat) => set({ numberFormat }),
      setPriceGuard: (priceGuardPercent) => set({ priceGuardPercent }),
      setKeepWatching: (keepWatching) => set({ keepWatching }),
    }),
    { name: 'exchange-desk-settings', version: 1 },
  ),
);
