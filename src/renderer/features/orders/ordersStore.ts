import { create } from 'zustand';
import type { ChannelInput, ChannelParsed } from '../../../shared/contract';
import type { ExecutedOrders } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

export type OrdersTab = 'active' | 'conditional' | 'history';

/** The filters and page of the active-orders query, as the contract parses them. */
export type ActiveQuery = ChannelParsed<'orders.active'>;
export type ActiveFilters = Pick<ActiveQuery, 'market' | 'orderId' | 'clientOrderId'>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_QUERY: ActiveQuery = { offset: 0, limit: 50 };

/** Executed orders as received, with the time they were fetched (the channel answers without it). */
export interface ExecutedOrdersData {
  orders: ExecutedOrders;
  fetchedAt: number;
}

/** A page of active orders. */
export const useActiveOrders = createRemote({
  channel: 'orders.active',
  fetch: (query: ActiveQuery) => getDesk().orders.active(query),
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
  activeQuery: ActiveQuery;
  conditionalMarket: string | undefined;
  setTab(tab: OrdersTab): void;
  /** New filters: back to the first page, then load. */
  filterActive(filters: ActiveFilters): void;
  /** Another page or page size with the same filters. */
  pageActive(offset: number, limit: number): void;
  loadActive(): Promise<void>;
  /** Cancels an order; rejects with the DeskError main answered with. Lists and balances reload. */
  cancel(market: string, orderId: number): Promise<void>;
  filterConditional(market: string | undefined): void;
  loadConditional(): Promise<void>;
  loadHistory(query?: ChannelInput<'orders.history'>): Promise<void>;
}

/** The Orders screen: its tab and queries; the data lives in the three slots above. */
export const useOrdersStore = create<OrdersStore>()((set, get) => ({
  tab: 'active',
  activeQuery: DEFAULT_QUERY,
  conditionalMarket: undefined,
  setTab: (tab) => set({ tab }),
  filterActive(filters) {
    const { limit } = get().activeQuery;
    set({ activeQuery: { ...filters, offset: 0, limit } });
    useActiveOrders.getState().reset();
    void get().loadActive();
  },
  pageActive(offset, limit) {
    set((s) => ({ activeQuery: { ...s.activeQuery, offset, limit } }));
    useActiveOrders.getState().reset();
    void get().loadActive();
  },
  loadActive: () => useActiveOrders.getState().load(get().activeQuery),
  async cancel(market, orderId) {
    await mutate('orders.cancel', () => getDesk().orders.cancel({ market, orderId }));
  },
  filterConditional(market) {
    set({ conditionalMarket: market });
    useConditionalOrders.getState().reset();
    void get().loadConditional();
  },
  loadConditional: () => useConditionalOrders.getState().load(get().conditionalMarket),
  loadHistory: (query) => useOrderHistory.getState().load(query),
}));
