import { create } from 'zustand';
import type { Reload } from './remote';

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
    id: 'transfers',
    label: 'History',
    blurb: 'Deposits and withdrawals, with filters and CSV export.',
  },
  {
    id: 'taxes',
    label: 'Taxes',
    blurb: 'Realized gains by lots, income, open lots, and exports for tax tools.',
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

/** The tabs of Orders (other screens open Orders on one: Trade's "View in Orders"). */
export type OrdersTab = 'active' | 'conditional' | 'executed' | 'deals' | 'partner';

interface ShellState {
  screen: ScreenId;
  /** The tab Orders shows (kept while another screen is open). */
  ordersTab: OrdersTab;
  /** The visible screen's refresh (header button, shortcut); undefined when it has none. */
  refresh: Reload | undefined;
  /** The keyboard shortcuts sheet is open. */
  shortcutsOpen: boolean;
  go(screen: ScreenId): void;
  setOrdersTab(tab: OrdersTab): void;
  setRefresh(refresh: Reload | undefined): void;
  showShortcuts(open: boolean): void;
}

export const useShellStore = create<ShellState>()((set) => ({
  screen: 'overview',
  ordersTab: 'active',
  refresh: undefined,
  shortcutsOpen: false,
  go: (screen) => set({ screen }),
  setOrdersTab: (ordersTab) => set({ ordersTab }),
  setRefresh: (refresh) => set({ refresh }),
  showShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
}));
