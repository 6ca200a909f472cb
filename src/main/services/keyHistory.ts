import type { ChannelParsed } from '../../shared/contract';
import {
  EXECUTED_LIMIT,
  historyEarliest,
  historyWindows,
  type TimeWindow,
} from '../../shared/executed';
import type {
  ApiDealsPage,
  ApiOrdersPage,
  CsvExport,
  ExecutedOrder,
  HistoryWindowPage,
  MarketDeal,
  Millis,
  OrderDealsView,
} from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';
import { csvFileName, deliverCsv, type SaveFile } from './csv';
import { dealsCsv } from './dealsCsv';
import { executedListCsv } from './executedCsv';

/**
 * The keyHistory group: executed orders and deals by API key. The exchange answers at most 31
 * days per query and keeps six months, so the screen asks one window at a time and an export walks
 * the windows of its range; within a window main pages by offset (500 a request) up to a cap.
 */

/** Most records one window shows (ten requests of 500): the newest are kept. */
export const WINDOW_CAP = 5_000;
/** Most records one export writes. */
export const EXPORT_CAP = 10_000;
/** One order's deals: 100 a request (the endpoint's most), at most ten requests. */
const ORDER_DEALS_PAGE = 100;
const ORDER_DEALS_CAP = 1_000;

type Filters = Omit<ChannelParsed<'keyHistory.orders'>, 'from' | 'to'>;

/**
 * An answer keyed by market; a client order id no order has is refused by the exchange (code 30
 * `orderHistory`): no records.
 */
async function orNone<T>(answer: Promise<Record<string, T[]>>): Promise<Record<string, T[]>> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ExchangeError && error.code === 30 && 'orderHistory' in error.fields) {
      return {};
    }
    throw error;
  }
}

/**
 * The window within what the exchange keeps: from no earlier than six months ago, to no later than
 * the next whole second (windows are whole seconds; what finished earlier in this second is within
 * "now").
 */
export function clampWindow({ from, to }: TimeWindow, nowMs = Date.now()): TimeWindow {
  return {
    from: Math.max(from, historyEarliest(nowMs)),
    to: Math.min(to, Math.ceil(nowMs / 1000)),
  };
}

/**
 * Records of a window, page after page of 500 until a short page or `cap`: `ask` answers one
 * offset keyed by market; `keep` filters what the exchange cannot.
 */
async function collect<R>(
  ask: (offset: number) => Promise<Record<string, R[]>>,
  keep: (record: R & { market: string }) => boolean,
  cap: number,
): Promise<{ records: (R & { market: string })[]; capped: boolean }> {
  const records: (R & { market: string })[] = [];
  for (let offset = 0; ; offset += EXECUTED_LIMIT) {
    const answer = await orNone(ask(offset));
    const all = Object.entries(answer).flatMap(([m, list]) =>
      list.map((r) => ({ ...r, market: (r as { market?: string }).market || m })),
    );
    records.push(...all.filter(keep));
    if (records.length >= cap) return { records: records.slice(0, cap), capped: true };
    if (all.length < EXECUTED_LIMIT) return { records, capped: false };
  }
}

const windowOrders = (
  api: ExchangeApi,
  { market, side, clientOrderId }: Filters,
  { from, to }: TimeWindow,
  cap: number,
) =>
  collect(
    // A client order id looks its order up whatever the dates: the window is applied here.
    (offset) =>
      api.orderHistory(
        clientOrderId
          ? { market, clientOrderId, offset, limit: EXECUTED_LIMIT }
          : { market, startDate: from, endDate: to, offset, limit: EXECUTED_LIMIT },
      ),
    (o) =>
      (!side || o.side === side) &&
      (!clientOrderId || (o.timestamp >= from * 1000 && o.timestamp <= to * 1000)),
    cap,
  );

const windowDeals = (
  api: ExchangeApi,
  { market, side, clientOrderId }: Filters,
  { from, to }: TimeWindow,
  cap: number,
): Promise<{ records: MarketDeal[]; capped: boolean }> =>
  collect(
    (offset) =>
      api.executedDeals({
        market,
        clientOrderId,
        startDate: from,
        endDate: to,
        offset,
        limit: EXECUTED_LIMIT,
      }),
    (d) => !side || d.side === side,
    cap,
  );

const newestOrderFirst = (a: ExecutedOrder, b: ExecutedOrder) =>
  b.timestamp - a.timestamp || b.orderId - a.orderId;
const newestDealFirst = (a: MarketDeal, b: MarketDeal) => b.time - a.time || b.dealId - a.dealId;

/** One window within what the exchange keeps at `now`, its records newest first. */
async function oneWindow<T>(
  range: TimeWindow,
  fetchWindow: (window: TimeWindow, cap: number) => Promise<{ records: T[]; capped: boolean }>,
  newestFirst: (a: T, b: T) => number,
  now: Millis = Date.now(),
): Promise<HistoryWindowPage<T>> {
  const window = clampWindow(range, now);
  const { records, capped } =
    window.from > window.to
      ? { records: [], capped: false }
      : await fetchWindow(window, WINDOW_CAP);
  records.sort(newestFirst);
  return { records, ...window, earliest: historyEarliest(now), capped, fetchedAt: now };
}

/** Executed orders of one window (at most 31 days), newest first. */
export const orders = (
  api: ExchangeApi,
  { from, to, ...filters }: ChannelParsed<'keyHistory.orders'>,
): Promise<ApiOrdersPage> =>
  oneWindow({ from, to }, (w, cap) => windowOrders(api, filters, w, cap), newestOrderFirst);

/** Deals of one window (at most 31 days) within what the exchange keeps at `now`, newest first. */
export const deals = (
  api: ExchangeApi,
  { from, to, ...filters }: ChannelParsed<'keyHistory.deals'>,
  now?: Millis,
): Promise<ApiDealsPage> =>
  oneWindow({ from, to }, (w, cap) => windowDeals(api, filters, w, cap), newestDealFirst, now);

/** One order's deals, newest first, page after page of 100 (at most 1,000). */
export async function orderDeals(api: ExchangeApi, orderId: number): Promise<OrderDealsView> {
  const list: OrderDealsView['deals'] = [];
  for (let offset = 0; offset < ORDER_DEALS_CAP; offset += ORDER_DEALS_PAGE) {
    const page = await api.orderDeals(orderId, { offset, limit: ORDER_DEALS_PAGE });
    list.push(...page.records);
    if (page.records.length < ORDER_DEALS_PAGE) {
      return { orderId, deals: list, capped: false, fetchedAt: Date.now() };
    }
  }
  return { orderId, deals: list, capped: true, fetchedAt: Date.now() };
}

/**
 * Every record of a range, window after window (newest first), each once (windows share their
 * boundary second), up to EXPORT_CAP.
 */
async function walkRange<T>(
  range: TimeWindow,
  key: (record: T) => number,
  fetchWindow: (window: TimeWindow, cap: number) => Promise<{ records: T[] }>,
): Promise<T[]> {
  const window = clampWindow(range);
  const all = new Map<number, T>();
  if (window.from > window.to) return [];
  for (const w of historyWindows(window)) {
    // One more than is left: a record already seen may be among them.
    const { records } = await fetchWindow(w, EXPORT_CAP - all.size + 1);
    for (const r of records) if (all.size < EXPORT_CAP) all.set(key(r), r);
    if (all.size >= EXPORT_CAP) break;
  }
  return [...all.values()];
}

/** The executed orders of a range as CSV (units, ISO 8601 times, formula-safe). */
export async function exportOrdersCsv(
  api: ExchangeApi,
  { from, to, ...filters }: ChannelParsed<'keyHistory.exportOrdersCsv'>,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const list = await walkRange(
    { from, to },
    (o: ExecutedOrder) => o.orderId,
    (w, cap) => windowOrders(api, filters, w, cap),
  );
  const filename = csvFileName('executed-orders');
  return deliverCsv(filename, executedListCsv(list), list.length, saveFile);
}

/** The deals of a range as CSV (units, ISO 8601 times, formula-safe). */
export async function exportDealsCsv(
  api: ExchangeApi,
  { from, to, ...filters }: ChannelParsed<'keyHistory.exportDealsCsv'>,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const list = await walkRange(
    { from, to },
    (d: MarketDeal) => d.dealId,
    (w, cap) => windowDeals(api, filters, w, cap),
  );
  const filename = csvFileName('deals');
  return deliverCsv(filename, dealsCsv(list), list.length, saveFile);
}
