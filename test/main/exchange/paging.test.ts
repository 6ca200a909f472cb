import { describe, expect, it } from 'vitest';
import type {
  DepositWithdraw,
  FlexPayment,
  FlexPaymentPage,
  TransfersScreen,
  Order,
} from '../../../src/shared/model';
import type { ExchangeApi, FlexPaymentQuery, TransferQuery } from '../../../src/main/exchange/api';
import {
  fetchAllActiveOrders,
  fetchAllFlexPayments,
  fetchAllTransfers,
  HISTORY_CAP,
  PAYMENTS_CAP,
} from '../../../src/main/exchange/paging';
import type { OrderQuery } from '../../../src/main/exchange/api';

/** A stub history endpoint over `total` records, enforcing offset + limit ≤ 10000 like §5. */
function stubApi(total: number, options: { delay?: (offset: number) => number } = {}) {
  const calls: TransferQuery[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const api = {
    async depositWithdrawHistory(query: TransferQuery): Promise<TransfersScreen> {
      calls.push(query);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 50;
      await new Promise((r) => setTimeout(r, options.delay?.(offset) ?? 0));
      inFlight--;
      if (offset + limit > HISTORY_CAP) throw new Error('Offset is too big');
      const count = Math.max(0, Math.min(limit, total - offset));
      const records = Array.from(
        { length: count },
        (_, i) => ({ uniqueId: `r${offset + i}` }) as unknown as DepositWithdraw,
      );
      return { limit, offset, total, records };
    },
  };
  return {
    api: api as unknown as ExchangeApi,
    calls,
    maxInFlight: () => maxInFlight,
  };
}

const ids = (records: DepositWithdraw[]) => records.map((r) => r.uniqueId);
const range = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('fetchAllTransfers', () => {
  it('fetches every page, in order, with the filters on every call', async () => {
    const stub = stubApi(250);
    const result = await fetchAllTransfers(stub.api, { transactionMethod: 1, ticker: 'BTC' });
    expect(result).toMatchObject({ total: 250, capped: false });
    expect(ids(result.records)).toEqual(range(250));
    expect(stub.calls.map((c) => c.offset).sort((a, b) => a! - b!)).toEqual([0, 100, 200]);
    expect(stub.calls.every((c) => c.transactionMethod === 1 && c.ticker === 'BTC')).toBe(true);
  });

  it('one call when the first page holds everything', async () => {
    const stub = stubApi(40);
    const result = await fetchAllTransfers(stub.api, {});
    expect(ids(result.records)).toEqual(range(40));
    expect(stub.calls).toHaveLength(1);
    const empty = await fetchAllTransfers(stubApi(0).api, {});
    expect(empty).toEqual({ records: [], total: 0, capped: false });
  });

  it('stops at the 10,000 cap: never asks beyond it, reports capped', async () => {
    const stub = stubApi(25_000);
    const result = await fetchAllTransfers(stub.api, {}, { concurrency: 8 });
    expect(result.total).toBe(25_000);
    expect(result.capped).toBe(true);
    expect(result.records).toHaveLength(HISTORY_CAP);
    expect(ids(result.records)).toEqual(range(HISTORY_CAP));
    expect(stub.calls).toHaveLength(100);
    for (const call of stub.calls)
      expect(call.offset! + call.limit!).toBeLessThanOrEqual(HISTORY_CAP);
  });

  it('exactly 10,000 is not capped; 10,001 is', async () => {
    expect((await fetchAllTransfers(stubApi(10_000).api, {})).capped).toBe(false);
    const over = await fetchAllTransfers(stubApi(10_001).api, {});
    expect(over.capped).toBe(true);
    expect(over.records).toHaveLength(10_000);
  });

  it('`max` limits how many records are fetched', async () => {
    const stub = stubApi(2_500);
    const result = await fetchAllTransfers(stub.api, {}, { max: 350 });
    expect(ids(result.records)).toEqual(range(350));
    expect(stub.calls).toHaveLength(4);
    expect(result).toMatchObject({ total: 2_500, capped: false });
  });

  it('keeps to the concurrency and assembles pages that finish out of order', async () => {
    // Later pages answer sooner.
    const stub = stubApi(1_000, { delay: (offset) => (offset ? 30 - offset / 50 : 0) });
    const result = await fetchAllTransfers(stub.api, {}, { concurrency: 3 });
    expect(ids(result.records)).toEqual(range(1_000));
    expect(stub.maxInFlight()).toBeLessThanOrEqual(3);
    expect(stub.maxInFlight()).toBeGreaterThan(1);
  });

  it('a failing page fails the whole fetch', async () => {
    const stub = stubApi(500);
    const api = {
      depositWithdrawHistory: async (q: TransferQuery) => {
        if (q.offset === 300) throw new Error('page failed');
        return stub.api.depositWithdrawHistory(q);
      },
    } as unknown as ExchangeApi;
    await expect(fetchAllTransfers(api, {})).rejects.toThrow('page failed');
  });
});

/** A stub of /api/v4/orders over order ids 1..total, listed oldest first; `mutate` runs per call. */
function activeApi(total: number, mutate?: (ids: number[], call: number) => void) {
  const calls: OrderQuery[] = [];
  let ids = Array.from({ length: total }, (_, i) => i + 1);
  const api = {
    async activeOrders(query: OrderQuery): Promise<Order[]> {
      calls.push(query);
      mutate?.(ids, calls.length);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 50;
      if (limit > 100) throw new Error('The limit may not be greater than 100.');
      return ids
        .slice(offset, offset + limit)
        .map((id) => ({ orderId: id, timestamp: id * 1000 }) as Order);
    },
  };
  return {
    api: api as unknown as ExchangeApi,
    calls,
    set: (next: number[]) => (ids = next),
  };
}

describe('fetchAllActiveOrders', () => {
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('reads overlapping pages of 100 until a short page: the order listed last is included', async () => {
    const stub = activeApi(250);
    const result = await fetchAllActiveOrders(stub.api);
    expect(result.capped).toBe(false);
    expect(result.orders.map((o) => o.orderId)).toEqual(oneTo(250));
    expect(stub.calls).toEqual([
      { offset: 0, limit: 100 },
      { offset: 90, limit: 100 },
      { offset: 180, limit: 100 },
    ]);
  });

  it('misses no order when orders fill between two requests (the rest shift up)', async () => {
    const stub = activeApi(150, (ids, call) => {
      if (call === 2) ids.splice(0, 5); // orders 1–5 filled after page one was read
    });
    const result = await fetchAllActiveOrders(stub.api);
    const ids = result.orders.map((o) => o.orderId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(oneTo(150));
  });

  it('keeps an order seen on two pages once (a new order listed first shifts the rest down)', async () => {
    const stub = activeApi(150, (ids, call) => {
      if (call === 2) ids.unshift(1000);
    });
    const ids = (await fetchAllActiveOrders(stub.api)).orders.map((o) => o.orderId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(oneTo(150));
  });

  it('stops at the cap and says whether the exchange holds more', async () => {
    const more = activeApi(350);
    const capped = await fetchAllActiveOrders(more.api, { max: 300 });
    expect(capped).toMatchObject({ capped: true });
    expect(capped.orders.map((o) => o.orderId)).toEqual(oneTo(300));
    const exact = await fetchAllActiveOrders(activeApi(300).api, { max: 300 });
    expect(exact.capped).toBe(false);
    expect(exact.orders).toHaveLength(300);
  });

  it('a hostile exchange answering the same full page forever costs a bounded number of requests', async () => {
    const calls: OrderQuery[] = [];
    const same = Array.from({ length: 100 }, (_, i) => ({ orderId: i + 1, timestamp: 1 }) as Order);
    const api = {
      async activeOrders(query: OrderQuery) {
        calls.push(query);
        return same;
      },
    } as unknown as ExchangeApi;
    const result = await fetchAllActiveOrders(api, { max: 1000 });
    expect(result).toMatchObject({ capped: true });
    expect(result.orders).toHaveLength(100);
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(1000 / 90) + 1);
  });
});

/** A stub of payment-history over payments p1..p<total>, newest (highest) first; `mutate` per call. */
function paymentsApi(total: number, mutate?: (ids: number[], call: number) => void) {
  const calls: FlexPaymentQuery[] = [];
  const ids = Array.from({ length: total }, (_, i) => total - i);
  const api = {
    async flexPayments(query: FlexPaymentQuery): Promise<FlexPaymentPage> {
      calls.push(query);
      mutate?.(ids, calls.length);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 50;
      if (limit > 100) throw new Error('The limit may not be greater than 100.');
      const records = ids
        .slice(offset, offset + limit)
        .map((id) => ({ transactionId: `p${id}`, amount: '0.5' }) as FlexPayment);
      return { limit, offset, records };
    },
  };
  return { api: api as unknown as ExchangeApi, calls };
}

describe('fetchAllFlexPayments', () => {
  const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => `p${n - i}`);
  const txs = (payments: FlexPayment[]) => payments.map((p) => p.transactionId);

  it('reads pages of 100 until a short one, each payment once, newest first', async () => {
    const stub = paymentsApi(250);
    const result = await fetchAllFlexPayments(stub.api);
    expect(result.capped).toBe(false);
    expect(txs(result.payments)).toEqual(newestFirst(250));
    expect(stub.calls.map((c) => [c.offset, c.limit])).toEqual([
      [0, 100],
      [90, 100],
      [180, 100],
    ]);
  });

  it('exactly a page: the next (overlapping) one comes back short and ends it', async () => {
    const stub = paymentsApi(100);
    expect(txs((await fetchAllFlexPayments(stub.api)).payments)).toEqual(newestFirst(100));
    expect(stub.calls).toHaveLength(2);
  });

  it('a payment made between two requests (listed first) loses none and repeats none', async () => {
    const stub = paymentsApi(150, (ids, call) => {
      if (call === 2) ids.unshift(151);
    });
    expect(txs((await fetchAllFlexPayments(stub.api)).payments)).toEqual(newestFirst(150));
  });

  it('stops at the cap and says whether the exchange holds more', async () => {
    const capped = await fetchAllFlexPayments(paymentsApi(350).api, { max: 300 });
    expect(capped.capped).toBe(true);
    expect(capped.payments).toHaveLength(300);
    expect((await fetchAllFlexPayments(paymentsApi(300).api, { max: 300 })).capped).toBe(false);
    expect(PAYMENTS_CAP).toBe(10_000);
  });
});
