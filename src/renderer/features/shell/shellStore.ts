import { create } from 'zustand';
import type { AppInfo } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';

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
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

interface ShellState {
  screen: ScreenId;
  info: AppInfo | undefined;
  infoError: string | undefined;
  go(screen: ScreenId): void;
  loadInfo(): Promise<void>;
}

export const useShellStore = create<ShellState>()((set) => ({
  screen: 'overview',
  info: undefined,
  infoError: undefined,
  go: (screen) => set({ screen }),
  async loadInfo() {
    try {
      set({ info: await getDesk().app.info(), infoError: undefined });
    } catch (error) {
      set({ infoError: asDeskError(error).message });
    }
  },
}));
