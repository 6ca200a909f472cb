import { create } from 'zustand';
import type { ChannelInput } from '../../../shared/contract';
import {
  ACTIVE_CAP,
  type CsvExport,
  type Market,
  type Order,
  type OrderChange,
  type StreamOrders,
} from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { compareDecimal } from '../../lib/decimal';
import { createRemote, invalidate, mutate } from '../../lib/remote';
import { useNotices } from '../../lib/noticesStore';
import { useSettings } from '../../lib/settingsStore';
import { useMarkets } from '../trade';
import { fillNotice, fillsMessage } from './fills';

/** The active-orders filters as typed: the whole list is loaded and filtered here. */
export interface ActiveFilters {
  /** An exchange market name, "" for every market. */
  market: string;
  orderId: string;
  clientOrderId: string;
}

export const NO_FILTERS: ActiveFilters = { market: '', orderId: '', clientOrderId: '' };

/**
 * Every active order, newest first. Pushed orders come in batches (main sends each order's latest
 * change a few times a second at most) and a batch changes the list once, in one pass: `new` goes
 * first, `update` replaces the order with its id, `finish` takes it out. An order the list does
 * not have yet (placed while it loaded) goes first on `update` too; a `new` it already has is
 * replaced. The list stays within ACTIVE_CAP as REST's does (the newest kept, `capped` said).
 */
export const useActiveOrders = createRemote(
  {
    channel: 'orders.active',
    fetch: () => getDesk().orders.active(),
  },
  (
    get,
    set,
  ): {
    applyOrders(changes: readonly OrderChange[]): void;
    /** A modified order is its replacement now: the row of `orderId` becomes `order` (a new id). */
    replaceOrder(orderId: number, order: Order): void;
  } => ({
    replaceOrder(orderId, order) {
      const { data } = get();
      if (!data) return;
      const orders = data.orders.filter((o) => o.orderId !== order.orderId);
      const at = orders.findIndex((o) => o.orderId === orderId);
      set({
        data: {
          ...data,
          orders: at < 0 ? [order, ...orders] : orders.with(at, order),
        },
      });
    },
    applyOrders(changes) {
      const { data } = get();
      if (!data || changes.length === 0) return;
      const pending = new Map(changes.map((c) => [c.order.orderId, c]));
      const kept: Order[] = [];
      for (const order of data.orders) {
        const change = pending.get(order.orderId);
        if (!change) {
          kept.push(order);
          continue;
        }
        pending.delete(order.orderId);
        if (change.event !== 'finish') kept.push(change.order);
      }
      // Orders the list did not have go first, the latest to arrive first; a finish of one it
      // never showed changes nothing.
      const added = [...pending.values()]
        .filter((c) => c.event !== 'finish')
        .map((c) => c.order)
        .reverse();
      const orders = added.length ? [...added, ...kept] : kept;
      const capped = orders.length > ACTIVE_CAP;
      set({
        data: {
          ...data,
          orders: capped ? orders.slice(0, ACTIVE_CAP) : orders,
          capped: data.capped || capped,
        },
      });
    },
  }),
);

/** Runs `send` with the exchange's markets (their places): at once, or once they are loaded. */
function withMarkets(send: (markets: readonly Market[] | undefined) => void): void {
  const { data, load } = useMarkets.getState();
  if (data) send(data.markets);
  else void load().then(() => send(useMarkets.getState().data?.markets));
}

/**
 * A batch of pushed order changes: the active list follows it (and a finished order makes the
 * history by API key reload); each finished order that dealt (a fill) raises an in-app notice
 * (lib/noticesStore.ts), and the batch's fills one desktop notification when the window is not
 * focused, worded by privacy mode.
 */
export function applyOrdersPush({ changes, at }: StreamOrders): void {
  useActiveOrders.getState().applyOrders(changes);
  // A finished order is history now: Executed orders and Deals (if shown once) reload.
  if (changes.some((c) => c.event === 'finish'))
    invalidate(['keyHistory.orders', 'keyHistory.deals']);
  const fills = changes
    .filter((c) => c.event === 'finish' && compareDecimal(c.order.dealStock, '0') > 0)
    .map((c) => c.order)
    .reverse();
  if (fills.length === 0) return;
  const focused = document.hasFocus();
  // Written at the markets' places: loaded first when no screen has asked for them yet.
  withMarkets((markets) => {
    const marketOf = (name: string) => markets?.find((m) => m.name === name);
    useNotices.getState().add(fills.map((o) => fillNotice(o, marketOf(o.market), at)).reverse());
    if (focused) return;
    getDesk()
      .app.notify(fillsMessage(fills, marketOf, useSettings.getState().privacy))
      .catch(() => undefined); // the in-app notices are there either way
  });
}

/** OCO and OTO orders, optionally of one market. */
export const useConditionalOrders = createRemote({
  channel: 'orders.conditional',
  fetch: (market: string | undefined) => getDesk().orders.conditional(market ? { market } : {}),
});

/** The armed kill-switch timers, every market. */
export const useKillSwitches = createRemote({
  channel: 'orders.killSwitchStatus',
  fetch: () => getDesk().orders.killSwitchStatus(),
});

interface OrdersStore {
  activeFilters: ActiveFilters;
  conditionalMarket: string | undefined;
  /** Narrows the loaded list (nothing is fetched). */
  filterActive(filters: Partial<ActiveFilters>): void;
  loadActive(): Promise<void>;
  /** Cancels an order; rejects with the DeskError main answered with. Lists and balances reload. */
  cancel(market: string, orderId: number): Promise<void>;
  /** Cancels an OCO or OTO order (both legs); rejects like `cancel`. */
  cancelConditional(market: string, id: number): Promise<void>;
  /**
   * Changes an active order; answers the replacement (a new order id), which takes the old row's
   * place at once. Rejects like `cancel`.
   */
  modify(input: ChannelInput<'orders.modify'>): Promise<Order>;
  /** Cancels every open order of one market, or of every market (undefined); rejects like `cancel`. */
  cancelAll(market: string | undefined): Promise<void>;
  /**
   * Arms a market's kill-switch for `timeout` seconds (kept alive from main with `keepAlive`), or
   * disarms it (null); rejects like `cancel`.
   */
  killSwitch(market: string, timeout: number | null, keepAlive?: boolean): Promise<void>;
  loadKillSwitches(): Promise<void>;
  filterConditional(market: string | undefined): void;
  loadConditional(): Promise<void>;
  /** The executed orders of one market and side (or all) as CSV: saved, or handed back. */
  exportPartnerHistoryCsv(
    filters: ChannelInput<'orders.exportPartnerHistoryCsv'>,
  ): Promise<CsvExport>;
}

/** The Orders screen's queries; the data lives in the slots above. */
export const useOrdersStore = create<OrdersStore>()((set, get) => ({
  activeFilters: NO_FILTERS,
  conditionalMarket: undefined,
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
  async modify(input) {
    const order = await mutate('orders.modify', () => getDesk().orders.modify(input));
    useActiveOrders.getState().replaceOrder(input.orderId, order);
    return order;
  },
  async cancelAll(market) {
    await mutate('orders.cancelAll', () => getDesk().orders.cancelAll(market ? { market } : {}));
  },
  async killSwitch(market, timeout, keepAlive) {
    await mutate('orders.killSwitch', () =>
      getDesk().orders.killSwitch({ market, timeout, ...(keepAlive ? { keepAlive } : {}) }),
    );
  },
  loadKillSwitches: () => useKillSwitches.getState().load(),
  filterConditional(market) {
    set({ conditionalMarket: market });
    useConditionalOrders.getState().reset();
    void get().loadConditional();
  },
  loadConditional: () => useConditionalOrders.getState().load(get().conditionalMarket),
  exportPartnerHistoryCsv: (filters) => getDesk().orders.exportPartnerHistoryCsv(filters),
}));
