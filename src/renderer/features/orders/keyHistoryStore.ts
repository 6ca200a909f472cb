import { create } from 'zustand';
import type { ChannelInput } from '../../../shared/contract';
import type { CsvExport, OrderSide } from '../../../shared/model';
import type { DeskError } from '../../../shared/errors';
import {
  HISTORY_WINDOW_SECONDS,
  historyEarliest,
  historyWindows,
  type TimeWindow,
} from '../../../shared/executed';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/**
 * History by API key (Executed orders, Deals): the filters both tabs share, the 31-day window shown
 * (the exchange answers at most 31 days per query and keeps six months), and the three slots.
 */

export type RangePreset = '1d' | '7d' | '31d' | '90d' | '6m' | 'custom';

export interface KeyHistoryFilters {
  /** An exchange market name, "" for every market. */
  market: string;
  side: '' | OrderSide;
  /** Checked with the contract's rule before it is applied. */
  clientOrderId: string;
  preset: RangePreset;
  /** Custom range: local dates (yyyy-mm-dd), both days included. */
  fromDate: string;
  toDate: string;
}

export const NO_HISTORY_FILTERS: KeyHistoryFilters = {
  market: '',
  side: '',
  clientOrderId: '',
  preset: '31d',
  fromDate: '',
  toDate: '',
};

const DAY = 86_400;
const PRESET_DAYS: Record<Exclude<RangePreset, '6m' | 'custom'>, number> = {
  '1d': 1,
  '7d': 7,
  '31d': 31,
  '90d': 90,
};

/** A local date (yyyy-mm-dd) at 00:00 local time, in Unix seconds; undefined when not a date. */
function localDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/**
 * The range the filters choose, within the six months the exchange keeps and up to now; a custom
 * range that is not one gives its reason under the field that needs changing.
 */
export function rangeOf(
  f: KeyHistoryFilters,
  nowMs: number,
): TimeWindow | { field: 'fromDate' | 'toDate'; message: string } {
  // Up to the next whole second: windows are whole seconds, and what finished earlier in this
  // second (12:00:00.400, asked at 12:00:00.900) is within "now".
  const now = Math.ceil(nowMs / 1000);
  const earliest = historyEarliest(nowMs);
  if (f.preset === '6m') return { from: earliest, to: now };
  if (f.preset !== 'custom')
    return { from: Math.max(earliest, now - PRESET_DAYS[f.preset] * DAY), to: now };
  const from = localDay(f.fromDate);
  const toDay = localDay(f.toDate);
  if (from === undefined) return { field: 'fromDate', message: 'Choose a start date.' };
  if (toDay === undefined) return { field: 'toDate', message: 'Choose an end date.' };
  if (toDay < from) return { field: 'fromDate', message: 'Choose a start on or before the end.' };
  const to = Math.min(now, toDay + DAY - 1);
  if (to < earliest)
    return { field: 'toDate', message: 'The exchange keeps six months: choose a later end.' };
  return { from: Math.max(from, earliest), to };
}

/** The query of one window, as the channel takes it. */
export function windowQuery(
  f: KeyHistoryFilters,
  window: TimeWindow,
): ChannelInput<'keyHistory.orders'> {
  return {
    ...window,
    ...(f.market ? { market: f.market } : {}),
    ...(f.side ? { side: f.side } : {}),
    ...(f.clientOrderId ? { clientOrderId: f.clientOrderId } : {}),
  };
}

/** Executed orders of one window (trade-account/order/history). */
export const useApiOrders = createRemote({
  channel: 'keyHistory.orders',
  fetch: (query: ChannelInput<'keyHistory.orders'>) => getDesk().keyHistory.orders(query),
});

/** Deals of one window (trade-account/executed-history). */
export const useApiDeals = createRemote({
  channel: 'keyHistory.deals',
  fetch: (query: ChannelInput<'keyHistory.deals'>) => getDesk().keyHistory.deals(query),
});

/** One order's deals (trade-account/order), for its detail. */
export const useOrderDeals = createRemote({
  channel: 'keyHistory.orderDeals',
  fetch: (orderId: number) => getDesk().keyHistory.orderDeals({ orderId }),
});

interface KeyHistoryStore {
  filters: KeyHistoryFilters;
  /** The window shown: 0 the newest of the range, each next one 31 days older. */
  window: number;
  /** The range's windows as of the last load, newest first. */
  windows: TimeWindow[];
  /** Why the range is not one (a custom range), under its field. */
  rangeError: { field: 'fromDate' | 'toDate'; message: string } | undefined;
  /** New filters: back to the newest window; both tabs reload what they show. */
  setFilters(patch: Partial<KeyHistoryFilters>): void;
  older(): void;
  newer(): void;
  loadOrders(): Promise<void>;
  loadDeals(): Promise<void>;
  /** The order whose deals are shown, or undefined. */
  detail: number | undefined;
  showDeals(orderId: number | undefined): void;
  /** The whole range (every window) as CSV, filtered like the tab. */
  exportOrdersCsv(): Promise<CsvExport>;
  exportDealsCsv(): Promise<CsvExport>;
}

/**
 * The window's query, or undefined while the range is not one. The newest window ends now; an
 * older one is taken from the windows of the last load, so paging Older and Newer moves through
 * windows that meet (the clock running between two clicks does not shift them).
 */
function currentQuery(s: Pick<KeyHistoryStore, 'filters' | 'window' | 'windows'>) {
  const paged = s.window > 0 ? s.windows[s.window] : undefined;
  if (paged) return { range: paged, windows: s.windows, query: windowQuery(s.filters, paged) };
  const range = rangeOf(s.filters, Date.now());
  if ('field' in range) return { range, windows: [] };
  const windows = historyWindows(range);
  const window = windows[Math.min(s.window, windows.length - 1)]!;
  return { range, windows, query: windowQuery(s.filters, window) };
}

const NO_RANGE = 'Choose a time range first.';

export const useKeyHistoryStore = create<KeyHistoryStore>()((set, get) => {
  /** Loads `slot` with the shown window's query (and notes the range's windows). */
  const loadInto = async (slot: typeof useApiOrders | typeof useApiDeals) => {
    const { range, windows, query } = currentQuery(get());
    set({ windows, rangeError: 'field' in range ? range : undefined });
    if (query) await slot.getState().load(query);
  };
  const reloadUsed = () => {
    for (const slot of [useApiOrders, useApiDeals]) if (slot.getState().used) void loadInto(slot);
  };
  const exportRange = (
    run: (q: ChannelInput<'keyHistory.exportOrdersCsv'>) => Promise<CsvExport>,
  ) => {
    const range = rangeOf(get().filters, Date.now());
    if ('field' in range)
      return Promise.reject({ code: 'INVALID_INPUT', message: NO_RANGE } satisfies DeskError);
    return run(windowQuery(get().filters, range));
  };
  return {
    filters: NO_HISTORY_FILTERS,
    window: 0,
    windows: [],
    rangeError: undefined,
    detail: undefined,
    setFilters(patch) {
      set((s) => ({ filters: { ...s.filters, ...patch }, window: 0 }));
      reloadUsed();
    },
    older() {
      set((s) => ({ window: Math.min(s.window + 1, Math.max(0, s.windows.length - 1)) }));
      reloadUsed();
    },
    newer() {
      set((s) => ({ window: Math.max(0, s.window - 1) }));
      reloadUsed();
    },
    loadOrders: () => loadInto(useApiOrders),
    loadDeals: () => loadInto(useApiDeals),
    showDeals(orderId) {
      set({ detail: orderId });
      if (orderId !== undefined) void useOrderDeals.getState().load(orderId);
    },
    exportOrdersCsv: () => exportRange((q) => getDesk().keyHistory.exportOrdersCsv(q)),
    exportDealsCsv: () => exportRange((q) => getDesk().keyHistory.exportDealsCsv(q)),
  };
});

/** Longest window, in days (what the pager says). */
export const WINDOW_DAYS = HISTORY_WINDOW_SECONDS / DAY;
