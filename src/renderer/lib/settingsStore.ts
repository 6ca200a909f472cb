import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemeChoice = 'system' | 'light' | 'dark';

interface Settings {
  /** Hide every amount everywhere (tables, totals, charts, window title). */
  privacy: boolean;
  theme: ThemeChoice;
  /** Seconds between automatic refreshes; 0 turns it off. */
  autoRefreshSeconds: number;
  /** Quote currency of the Overview. */
  quote: string;
  setPrivacy(on: boolean): void;
  setTheme(theme: ThemeChoice): void;
  setAutoRefresh(seconds: number): void;
  setQuote(quote: string): void;
}

/** Display preferences (never secrets, never server data), kept across restarts. */
export const useSettings = create<Settings>()(
  persist(
    (set) => ({
      privacy: false,
      theme: 'system',
      autoRefreshSeconds: 30,
      quote: 'USDT',
      setPrivacy: (privacy) => set({ privacy }),
      setTheme: (theme) => set({ theme }),
      setAutoRefresh: (autoRefreshSeconds) => set({ autoRefreshSeconds }),
      setQuote: (quote) => set({ quote }),
    }),
    { name: 'exchange-desk-settings', version: 1 },
  ),
);
