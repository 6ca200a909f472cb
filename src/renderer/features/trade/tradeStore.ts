import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ChannelInput } from '../../../shared/contract';
import type { Market, PlacementOutcome } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

export const DEFAULT_MARKET = 'BTC_USDT';
/** The Trade screen refreshes the book and balances this often while it is visible. */
export const CONTEXT_REFRESH_MS = 5_000;

export interface MarketsData {
  markets: Market[];
  fetchedAt: number;
}

/** Every market of the exchange (with the time it was fetched). */
export const useMarkets = createRemote({
  channel: 'trade.markets',
  fetch: async (): Promise<MarketsData> => ({
    markets: await getDesk().trade.markets(),
    fetchedAt: Date.now(),
  }),
});

/** Every market's last price and 24 h change, for the market picker (reloaded as it opens). */
export const useTickers = createRemote({
  channel: 'trade.tickers',
  fetch: () => getDesk().trade.tickers(),
});

/** Rules, book, last price and the two balances of one market. */
export const useTradeContext = createRemote({
  channel: 'trade.context',
  fetch: (market: string) => getDesk().trade.context({ market }),
});

interface TradeStore {
  /** The chosen market; the last choice is kept across restarts. */
  market: string;
  /** Markets the user starred: listed first in the picker, kept across restarts. */
  favourites: string[];
  /** Markets are loaded once per profile (they change rarely). */
  loadMarkets(): Promise<void>;
  /** Prices move: loaded again each time the picker opens. */
  loadTickers(): Promise<void>;
  selectMarket(name: string): void;
  /** Stars the market, or takes its star away. */
  toggleFavourite(name: string): void;
  loadContext(): Promise<void>;
  /**
   * Places an order on the active profile; the outcome, or a rejection with main's DeskError.
   * Balances, the book and the order lists reload after it (lib/remote.ts INVALIDATES).
   */
  place(input: ChannelInput<'orders.place'>): Promise<PlacementOutcome>;
}

export const useTradeStore = create<TradeStore>()(
  persist(
    (set, get) => ({
      market: DEFAULT_MARKET,
      favourites: [],
      async loadMarkets() {
        if (!useMarkets.getState().data) await useMarkets.getState().load();
      },
      loadTickers: () => useTickers.getState().load(),
      selectMarket(name) {
        if (name === get().market) return;
        set({ market: name });
        useTradeContext.getState().reset();
        void get().loadContext();
      },
      toggleFavourite(name) {
        const { favourites } = get();
        set({
          favourites: favourites.includes(name)
            ? favourites.filter((f) => f !== name)
            : [...favourites, name],
        });
      },
      loadContext: () => useTradeContext.getState().load(get().market),
      place: (input) => mutate('orders.place', () => getDesk().orders.place(input)),
    }),
    {
      name: 'exchange-desk-trade',
      version: 1,
      // Only the user's choices are kept: server data is never persisted.
      partialize: (s) => ({ market: s.market, favourites: s.favourites }),
    },
  ),
);
