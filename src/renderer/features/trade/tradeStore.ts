import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ChannelInput } from '../../../shared/contract';
import type {
  Market,
  PlacementOutcome,
  PublicTrade,
  StreamBalances,
  StreamBook,
  StreamPrices,
  StreamTrades,
} from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate, onProfileReset } from '../../lib/remote';

export const DEFAULT_MARKET = 'BTC_USDT';
/** The Trade screen refreshes the book and balances this often while it is visible. */
export const CONTEXT_REFRESH_MS = 5_000;
/** While the stream is live and pushes them, only this often (a safety net for a lost push). */
export const CONTEXT_SAFETY_MS = 60_000;
/** At most this many pushed trades are kept (newest first). */
export const TRADES_SHOWN = 30;

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

/**
 * Every market's last price and 24 h change, for the market picker (reloaded as it opens); the
 * stream's last prices move the markets it prices in between.
 */
export const useTickers = createRemote(
  {
    channel: 'trade.tickers',
    fetch: () => getDesk().trade.tickers(),
  },
  (get, set): { applyPrices(push: StreamPrices): void } => ({
    applyPrices({ prices }: StreamPrices) {
      const { data } = get();
      if (!data) return;
      let tickers: typeof data.tickers | undefined;
      for (const [market, lastPrice] of Object.entries(prices)) {
        const ticker = data.tickers[market];
        if (!ticker || ticker.lastPrice === lastPrice) continue;
        tickers ??= { ...data.tickers };
        tickers[market] = { ...ticker, lastPrice };
      }
      if (tickers) set({ data: { ...data, tickers } });
    },
  }),
);

interface ContextPushes {
  applyBook(push: StreamBook): void;
  applyBalances(push: StreamBalances): void;
  /** The watched market's last price from the stream (a price push, or its newest trade). */
  applyLastPrice(market: string, lastPrice: string): void;
}

/**
 * Rules, book, last price and the two balances of one market. The stream's book of the watched
 * market replaces the fetched one, and its balances replace the market's two (until the next load).
 */
export const useTradeContext = createRemote(
  {
    channel: 'trade.context',
    fetch: (market: string) => getDesk().trade.context({ market }),
  },
  (get, set): ContextPushes => ({
    applyBook({ market, book }: StreamBook) {
      const { data } = get();
      if (data && data.market.name === market) set({ data: { ...data, book } });
    },
    applyLastPrice(market: string, lastPrice: string) {
      const { data } = get();
      if (data && data.market.name === market && data.lastPrice !== lastPrice)
        set({ data: { ...data, lastPrice } });
    },
    applyBalances({ balances }: StreamBalances) {
      const { data } = get();
      if (!data) return;
      const stock = balances[data.market.stock];
      const money = balances[data.market.money];
      if (stock || money)
        set({ data: { ...data, stock: stock ?? data.stock, money: money ?? data.money } });
    },
  }),
);

interface LiveTrades {
  /** The market the trades are of. */
  market: string | undefined;
  /** Newest first, at most TRADES_SHOWN. */
  trades: PublicTrade[];
}

const NO_TRADES: LiveTrades = { market: undefined, trades: [] };

/** The watched market's last trades as the stream pushed them (nothing before the first push). */
export const useLiveTrades = create<LiveTrades>()(() => NO_TRADES);
onProfileReset(() => useLiveTrades.setState(NO_TRADES, true));

/** Takes pushed trades of the chosen market; others (a market left a moment ago) are dropped. */
export function applyTrades({ market, trades }: StreamTrades): void {
  if (market !== useTradeStore.getState().market) return;
  useLiveTrades.setState({ market, trades: trades.slice(0, TRADES_SHOWN) }, true);
  const newest = trades[0];
  if (newest) useTradeContext.getState().applyLastPrice(market, newest.price);
}

/** The stream's last prices: the picker's rows and the watched market's header follow them. */
export function applyPrices(push: StreamPrices): void {
  useTickers.getState().applyPrices(push);
  for (const [market, price] of Object.entries(push.prices))
    useTradeContext.getState().applyLastPrice(market, price);
}

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
  /** Tells main which market's book and trades to stream (null: none, the screen closed). */
  watch(market: string | null): void;
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
        useLiveTrades.setState(NO_TRADES, true);
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
      watch(market) {
        // Without the stream the screen polls: nothing to report.
        getDesk()
          .stream.watch({ market })
          .catch(() => undefined);
      },
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
