import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Market, TradeContext } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { shared } from '../../lib/remote';
import { useProfilesStore } from '../accounts/profilesStore';

export const DEFAULT_MARKET = 'BTC_USDT';
/** The Trade screen refreshes the book and balances this often while it is visible. */
export const CONTEXT_REFRESH_MS = 5_000;

export interface MarketsData {
  markets: Market[];
  fetchedAt: number;
}

interface Slot<T> {
  data: T | undefined;
  loading: boolean;
  error: string | undefined;
}

const emptySlot = <T>(): Slot<T> => ({ data: undefined, loading: false, error: undefined });

interface TradeStore {
  /** Every market of the exchange, loaded once per session (with its fetch time). */
  markets: Slot<MarketsData>;
  /** The chosen market; the last choice is kept across restarts. */
  market: string;
  /** Rules, book, last price and balances of the chosen market. */
  context: Slot<TradeContext>;
  loadMarkets(): Promise<void>;
  selectMarket(name: string): void;
  loadContext(): Promise<void>;
  /** Forgets server data (another profile became active). */
  reset(): void;
}

let contextSeq = 0;

export const useTradeStore = create<TradeStore>()(
  persist(
    (set, get) => ({
      markets: emptySlot(),
      market: DEFAULT_MARKET,
      context: emptySlot(),
      async loadMarkets() {
        if (get().markets.data) return;
        set((s) => ({ markets: { ...s.markets, loading: true, error: undefined } }));
        try {
          const data = await shared('trade.markets', async () => ({
            markets: await getDesk().trade.markets(),
            fetchedAt: Date.now(),
          }));
          set({ markets: { data, loading: false, error: undefined } });
        } catch (error) {
          set((s) => ({
            markets: { ...s.markets, loading: false, error: asDeskError(error).message },
          }));
        }
      },
      selectMarket(name) {
        if (name === get().market) return;
        contextSeq++;
        set({ market: name, context: emptySlot() });
        void get().loadContext();
      },
      async loadContext() {
        const market = get().market;
        const mine = ++contextSeq;
        set((s) => ({ context: { ...s.context, loading: true, error: undefined } }));
        try {
          const data = await shared(`trade.context:${market}`, () =>
            getDesk().trade.context({ market }),
          );
          if (mine === contextSeq) set({ context: { data, loading: false, error: undefined } });
        } catch (error) {
          if (mine === contextSeq)
            set((s) => ({
              context: { ...s.context, loading: false, error: asDeskError(error).message },
            }));
        }
      },
      reset() {
        contextSeq++;
        const wasUsed = get().context.data !== undefined || get().context.loading;
        set({ markets: emptySlot(), context: emptySlot() });
        if (wasUsed) {
          void get().loadMarkets();
          void get().loadContext();
        }
      },
    }),
    {
      name: 'exchange-desk-trade',
      version: 1,
      // Only the choice is kept: server data is never persisted.
      partialize: (s) => ({ market: s.market }),
    },
  ),
);

// Balances belong to the active profile: another profile's answers must never show under this one.
useProfilesStore.subscribe((state, previous) => {
  const now = state.state?.activeId;
  const before = previous.state?.activeId;
  if (now && before && now !== before) useTradeStore.getState().reset();
});
