import { create } from 'zustand';

export const SCREENS = [
  { id: 'overview', label: 'Overview', blurb: 'Every balance valued in one quote currency.' },
  {
    id: 'orders',
    label: 'Orders',
    blurb: 'Active and conditional (OCO/OTO) orders, and order history.',
  },
  {
    id: 'trade',
    label: 'Trade',
    blurb: 'Market and limit orders with a preview before you confirm.',
  },
  { id: 'earn', label: 'Earn', blurb: 'Flex plans and your investments.' },
  { id: 'mining', label: 'Mining', blurb: 'Your pool account’s hashrate over time.' },
  {
    id: 'history',
    label: 'History',
    blurb: 'Deposits and withdrawals, with filters and CSV export.',
  },
  {
    id: 'accounts',
    label: 'Accounts',
    blurb: 'Profiles, API keys in the OS keychain, sub-accounts.',
  },
  {
    id: 'settings',
    label: 'Settings',
    blurb: 'Theme, refresh, quote currency, number format, shortcuts and about.',
  },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

interface ShellState {
  screen: ScreenId;
  /** The visible screen's refresh (header button, shortcut); undefined when it has none. */
  refresh: (() => void) | undefined;
  /** The keyboard shortcuts sheet is open. */
  shortcutsOpen: boolean;
  go(screen: ScreenId): void;
  setRefresh(refresh: (() => void) | undefined): void;
  showShortcuts(open: boolean): void;
}

export const useShellStore = create<ShellState>()((set) => ({
  screen: 'overview',
  refresh: undefined,
  shortcutsOpen: false,
  go: (screen) => set({ screen }),
  setRefresh: (refresh) => set({ refresh }),
  showShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
}));
