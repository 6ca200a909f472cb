import type { DepositWithdraw, Order } from '../../shared/model';
import type { ExchangeApi, TransferQuery } from './api';
import type { CallOptions } from './client';

/** The history endpoint refuses offset + limit beyond this (§5). */
export const HISTORY_CAP = 10_000;
const PAGE = 100;

export interface HistoryFetch {
  records: DepositWithdraw[];
  /** How many the exchange holds for the filters. */
  total: number;
  /** True when `total` is beyond what the exchange lets anyone page to. */
  capped: boolean;
}

/**
 * Every record of a filtered deposit/withdraw history, up to the 10,000 cap: the first page tells the
 * total, the rest are fetched concurrently (the client's pacing keeps them within §7).
 */
export async function fetchAllTransfers(
  api: ExchangeApi,
  filters: Omit<TransferQuery, 'offset' | 'limit'>,
  options: CallOptions & { concurrency?: number; max?: number } = {},
): Promise<HistoryFetch> {
  const call = options.signal ? { signal: options.signal } : {};
  const first = await api.depositWithdrawHistory({ ...filters, offset: 0, limit: PAGE }, call);
  const reachable = Math.min(first.total, options.max ?? HISTORY_CAP, HISTORY_CAP);
  const offsets: number[] = [];
  for (let offset = PAGE; offset < reachable; offset += PAGE) offsets.push(offset);

  const pages = new Map<number, DepositWithdraw[]>([[0, first.records]]);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const offset = offsets[next++]!;
      const limit = Math.min(PAGE, HISTORY_CAP - offset);
      const page = await api.depositWithdrawHistory({ ...filters, offset, limit }, call);
      pages.set(offset, page.records);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
  const records = [0, ...offsets].flatMap((offset) => pages.get(offset) ?? []).slice(0, reachable);
  return { records, total: first.total, capped: first.total > HISTORY_CAP };
}

/** At most this many active orders are loaded (100 pages of 100). */
export const ACTIVE_CAP = 10_000;

export interface ActiveFetch {
  orders: Order[];
  /** The exchange holds more than `max`: only the first `max` it listed are here. */
  capped: boolean;
}

/** Pages of active orders overlap by this many: orders that fill between two requests shift the rest up. */
const ACTIVE_OVERLAP = 10;

/**
 * Every active order, page by page until a page comes back short (the endpoint has no total, §5),
 * up to `max`. Pages overlap, so up to ACTIVE_OVERLAP orders filling between two requests skip
 * none of the others; an order seen twice is kept once. The number of requests is bounded even if
 * the exchange answers full pages forever.
 */
export async function fetchAllActiveOrders(
  api: ExchangeApi,
  options: CallOptions & { max?: number } = {},
): Promise<ActiveFetch> {
  const call = options.signal ? { signal: options.signal } : {};
  const max = options.max ?? ACTIVE_CAP;
  const step = PAGE - ACTIVE_OVERLAP;
  const byId = new Map<number, Order>();
  const collected = () => [...byId.values()].slice(0, max);
  for (let offset = 0; offset <= max; offset += step) {
    const page = await api.activeOrders({ offset, limit: PAGE }, call);
    for (const order of page) if (!byId.has(order.orderId)) byId.set(order.orderId, order);
    if (page.length < PAGE) return { orders: collected(), capped: byId.size > max };
    if (byId.size >= max) {
      const beyond = await api.activeOrders({ offset: offset + PAGE, limit: 1 }, call);
      return { orders: collected(), capped: byId.size > max || beyond.length > 0 };
    }
  }
  return { orders: collected(), capped: true };
}
