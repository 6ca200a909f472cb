import { ACTIVE_CAP, type DepositWithdraw, type FlexPayment, type Order } from '../../shared/model';
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

export interface ActiveFetch {
  orders: Order[];
  /** The exchange holds more than `max`: only the first `max` it listed are here. */
  capped: boolean;
}

/** Pages overlap by this many: records that leave the list between two requests shift the rest up. */
const OVERLAP = 10;

/**
 * Every record of a list that has no total, page by page until a page comes back short, up to
 * `max`. Pages overlap, so up to OVERLAP records leaving the list between two requests skip none of
 * the others; a record seen twice (one listed first since shifts the rest down) is kept once. The
 * number of requests is bounded even if the exchange answers full pages forever.
 */
async function fetchAllPages<T>(
  fetchPage: (query: { offset: number; limit: number }, call: CallOptions) => Promise<T[]>,
  keyOf: (record: T) => string | number,
  max: number,
  signal: AbortSignal | undefined,
): Promise<{ records: T[]; capped: boolean }> {
  const call = signal ? { signal } : {};
  const page = (offset: number, limit: number) => fetchPage({ offset, limit }, call);
  const step = PAGE - OVERLAP;
  const byKey = new Map<string | number, T>();
  const collected = () => [...byKey.values()].slice(0, max);
  for (let offset = 0; offset <= max; offset += step) {
    const records = await page(offset, PAGE);
    for (const record of records) if (!byKey.has(keyOf(record))) byKey.set(keyOf(record), record);
    if (records.length < PAGE) return { records: collected(), capped: byKey.size > max };
    if (byKey.size >= max) {
      const beyond = await page(offset + PAGE, 1);
      return { records: collected(), capped: byKey.size > max || beyond.length > 0 };
    }
  }
  return { records: collected(), capped: true };
}

/** Every active order (the endpoint has no total, §5), up to `max`. */
export async function fetchAllActiveOrders(
  api: ExchangeApi,
  options: CallOptions & { max?: number } = {},
): Promise<ActiveFetch> {
  const { records, capped } = await fetchAllPages(
    (query, call) => api.activeOrders(query, call),
    (order) => order.orderId,
    options.max ?? ACTIVE_CAP,
    options.signal,
  );
  return { orders: records, capped };
}

/** At most this many interest payments are loaded (27 years of daily payments of one investment). */
export const PAYMENTS_CAP = 10_000;

export interface PaymentsFetch {
  /** As the exchange lists them: newest first. */
  payments: FlexPayment[];
  /** The exchange holds more than `max`: only the first `max` it listed are here. */
  capped: boolean;
}

/** Every flex interest payment (payment-history answers no total), up to `max`. */
export async function fetchAllFlexPayments(
  api: ExchangeApi,
  options: CallOptions & { max?: number } = {},
): Promise<PaymentsFetch> {
  const { records, capped } = await fetchAllPages(
    async (query, call) => (await api.flexPayments(query, call)).records,
    (payment) => payment.transactionId,
    options.max ?? PAYMENTS_CAP,
    options.signal,
  );
  return { payments: records, capped };
}

/** Worker names the pool pages to (its offset stops at 10,000). */
export const WORKER_NAMES_CAP = 10_000;

/** The names of every worker of a mining account online now (workers/names has no total). */
export async function fetchAllWorkerNames(
  api: ExchangeApi,
  account: string,
  options: CallOptions = {},
): Promise<string[]> {
  const { records } = await fetchAllPages(
    (query, call) => api.workerNames({ account, ...query }, call),
    (name) => name,
    WORKER_NAMES_CAP,
    options.signal,
  );
  return records;
}
