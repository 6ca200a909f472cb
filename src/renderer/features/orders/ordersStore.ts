import { create } from 'zustand';
import type { ChannelInput } from '../../../shared/contract';
import type { CsvExport, ExecutedOrders } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';
import { EXECUTED_LIMIT } from '../../../shared/executed';

export type OrdersTab = 'active' | 'conditional' | 'history';

/** The active-orders filters as typed: the whole list is loaded and filtered here. */
export interface ActiveFilters {
  /** An exchange market name, "" for every market. */
  market: string;
  orderId: string;
  clientOrderId: string;
}

export const NO_FILTERS: ActiveFilters = { market: '', orderId: '', clientOrderId: '' };

/** Executed orders as received, with the time they were fetched (the channel answers without it). */
export interface ExecutedOrdersData {
  orders: ExecutedOrders;
  fetchedAt: number;
}

/** Every active order, newest first. */
export const useActiveOrders = createRemote({
  channel: 'orders.active',
  fetch: () => getDesk().orders.active(),
});

/** OCO and OTO orders, optionally of one market. */
export const useConditionalOrders = createRemote({
  channel: 'orders.conditional',
  fetch: (market: string | undefined) => getDesk().orders.conditional(market ? { market } : {}),
});

/** Executed orders through the OAuth partner connection (the query: a page size, a market). */
export const useOrderHistory = createRemote({
  channel: 'orders.history',
  fetch: async (query: ChannelInput<'orders.history'>): Promise<ExecutedOrdersData> => ({
    orders: await getDesk().orders.history(query),
    fetchedAt: Date.now(),
  }),
});

interface OrdersStore {
  tab: OrdersTab;
  activeFilters: ActiveFilters;
  conditionalMarket: string | undefined;
  setTab(tab: OrdersTab): void;
  /** Narrows the loaded list (nothing is fetched). */
  filterActive(filters: Partial<ActiveFilters>): void;
  loadActive(): Promise<void>;
  /** Cancels an order; rejects with the DeskError main answered with. Lists and balances reload. */
  cancel(market: string, orderId: number): Promise<void>;
  /** Cancels an OCO or OTO order (both legs); rejects like `cancel`. */
  cancelConditional(market: string, id: number): Promise<void>;
  filterConditional(market: string | undefined): void;
  loadConditional(): Promise<void>;
  /** The executed orders of one market and side (or all) as CSV: saved, or handed back. */
  exportHistoryCsv(filters: ChannelInput<'orders.exportHistoryCsv'>): Promise<CsvExport>;
  /** The most recent executed orders (EXECUTED_LIMIT), every market. */
  loadHistory(): Promise<void>;
}

/** The Orders screen: its tab and queries; the data lives in the three slots above. */
export const useOrdersStore = create<OrdersStore>()((set, get) => ({
  tab: 'active',
  activeFilters: NO_FILTERS,
  conditionalMarket: undefined,
  setTab: (tab) => set({ tab }),
  filterActive: (filters) => set((s) => ({ activeFilters: { ...s.activeFilters, ...filters } })),
  loadActive: () => useActiveOrders.getState().load(),
  async cancel(market, orderId) {
    await mutate('orders.cancel', () => getDesk().orders.cancel({ market, orderId }));
  },
  async cancelConditional(market, id) {
    await mutate('orders.cancelConditional', () =>
      getDesk().orders.cancelConditional({ market, id }),
    );
  },
  filterConditional(market) {
    set({ conditionalMarket: market });
    useConditionalOrders.getState().reset();
    void get().loadConditional();
  },
  loadConditional: () => useConditionalOrders.getState().load(get().conditionalMarket),
  exportHistoryCsv: (filters) => getDesk().orders.exportHistoryCsv(filters),
  loadHistory: () => useOrderHistory.getState().load({ limit: EXECUTED_LIMIT }),
}));
