import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { parseConvertHistory, parseSubAccountTransfers } from '../../../src/main/exchange/schemas';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { SYNC_CAP, syncHistory } from '../../../src/main/portfolioHistory/sync';
import { historyEarliest } from '../../../src/shared/executed';
import type { ConvertRecord, SubAccountTransfer } from '../../../src/shared/model';

const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);

let store: HistoryStore;
beforeEach(() => {
  store = HistoryStore.open(undefined);
});
afterEach(() => store.close());

const forbidden = () => new ExchangeError({ kind: 'permission', message: 'no', status: 403 });

/** Sub-account histories (newest first, as the exchange lists them) and converts, served by page. */
function movesApi(histories: Record<string, SubAccountTransfer[]>, converts: ConvertRecord[] = []) {
  const asked = { transfers: [] as { id: string; offset: number }[], converts: [] as unknown[] };
  const api = {
    executedDeals: async () => ({}),
    depositWithdrawHistory: async () => ({ offset: 0, limit: 100, total: 0, records: [] }),
    flexPayments: async () => {
      throw forbidden();
    },
    subAccounts: async ({ offset = 0 }) => ({
      offset,
      limit: 100,
      records: offset === 0 ? Object.keys(histories).map((id) => ({ id, alias: id })) : [],
    }),
    subAccountTransfers: async ({
      id,
      offset = 0,
      limit = 100,
    }: {
      id: string;
      offset?: number;
      limit?: number;
    }) => {
      asked.transfers.push({ id, offset });
      return { offset, limit, records: (histories[id] ?? []).slice(offset, offset + limit) };
    },
    convertHistory: async (q: { from: number; to: number; offset: number; limit: number }) => {
      asked.converts.push(q);
      const inWindow = converts.filter((c) => c.date >= q.from * 1000 && c.date <= q.to * 1000);
      const records = inWindow.slice(q.offset, q.offset + q.limit);
      return { records, total: inWindow.length, limit: q.limit, offset: q.offset };
    },
  } as unknown as ExchangeApi;
  return { api, asked };
}

const transfer = (n: number, time: number, over: Partial<SubAccountTransfer> = {}) => ({
  transactionId: `t${n}`,
  direction: 'main_to_sub' as const,
  ticker: 'USDT',
  amount: '10',
  createdAt: time,
  ...over,
});

const convert = (n: number, date: number): ConvertRecord => ({
  id: `c${n}`,
  date,
  from: 'USDT',
  to: 'BTC',
  give: '100',
  receive: '0.00125',
  rate: '0.0000125',
});

describe('syncHistory: sub-account transfers', () => {
  it('stores each sub-account history with its id, then fetches only what came after the cursor', async () => {
    const histories = {
      a: [transfer(2, NOW - 2 * DAY), transfer(1, NOW - 9 * DAY, { direction: 'sub_to_main' })],
      b: [transfer(3, NOW - 3 * DAY, { ticker: 'BTC', amount: '0.5' })],
    };
    const { api, asked } = movesApi(histories);
    const first = await syncHistory(api, store, 'p', NOW);
    expect(first.subAccountTransfers).toBe(3);
    expect(first.movesUnavailable).toEqual([]);
    expect(store.subAccountTransfers('p')).toEqual([
      {
        transactionId: 't1',
        subAccountId: 'a',
        direction: 'sub_to_main',
        ticker: 'USDT',
        amount: '10',
        time: NOW - 9 * DAY,
      },
      {
        transactionId: 't3',
        subAccountId: 'b',
        direction: 'main_to_sub',
        ticker: 'BTC',
        amount: '0.5',
        time: NOW - 3 * DAY,
      },
      {
        transactionId: 't2',
        subAccountId: 'a',
        direction: 'main_to_sub',
        ticker: 'USDT',
        amount: '10',
        time: NOW - 2 * DAY,
      },
    ]);
    expect(store.cursor('p', 'subAccount:a')).toEqual({
      source: 'subAccount:a',
      earliest: 0,
      through: NOW,
    });

    // A day later: one new transfer on a; the next sync stops at the first record before the cursor.
    histories.a.unshift(transfer(4, NOW + DAY - 5 * MIN));
    asked.transfers.length = 0;
    const second = await syncHistory(api, store, 'p', NOW + DAY);
    expect(second.subAccountTransfers).toBe(1);
    expect(asked.transfers).toEqual([
      { id: 'a', offset: 0 },
      { id: 'b', offset: 0 },
    ]);
    expect(store.subAccountTransfers('p').map((t) => t.transactionId)).toEqual([
      't1',
      't3',
      't2',
      't4',
    ]);
  });

  it('reads no further than the paging bound, and the cursor covers only what was read', async () => {
    const endless = Array.from({ length: 12_000 }, (_, i) => transfer(i, NOW - i * MIN));
    const { api, asked } = movesApi({ a: endless });
    const result = await syncHistory(api, store, 'p', NOW);
    expect(Math.max(...asked.transfers.map((t) => t.offset)) + 100).toBeLessThanOrEqual(10_000);
    expect(result.capped).toEqual(['subAccount:a']);
    expect(result.subAccountTransfers).toBe(SYNC_CAP);
    expect(store.cursor('p', 'subAccount:a')?.earliest).toBe(NOW - (SYNC_CAP - 1) * MIN);
  });

  it('a key that may not read sub-accounts: none stored, no cursor, the rest synced', async () => {
    const { api } = movesApi({}, [convert(1, NOW - DAY)]);
    (api as unknown as { subAccounts: () => Promise<never> }).subAccounts = async () => {
      throw forbidden();
    };
    const result = await syncHistory(api, store, 'p', NOW);
    expect(result.movesUnavailable).toEqual(['subAccounts']);
    expect(result.converts).toBe(1);
    expect(store.subAccountTransfers('p')).toEqual([]);
  });

  it('takes the records the exchange schema validated: a malformed page is refused whole', () => {
    // The client parses every answer with this schema before sync.ts sees it.
    expect(() =>
      parseSubAccountTransfers({
        data: [{ id: 'x', direction: 'sideways', currency: 'USDT', amount: '1', createdAt: 1 }],
      }),
    ).toThrow();
    expect(() => parseConvertHistory({ records: [{ id: 'c', give: 'NaN' }] })).toThrow();
  });
});

describe('syncHistory: converts', () => {
  it('reads 30-day windows from six months ago, then from the cursor only', async () => {
    const records = [convert(1, NOW - 100 * DAY), convert(2, NOW - 2 * DAY)];
    const { api, asked } = movesApi({}, records);
    const first = await syncHistory(api, store, 'p', NOW);
    expect(first.converts).toBe(2);
    expect(store.converts('p')).toEqual([
      { id: 'c1', from: 'USDT', to: 'BTC', give: '100', receive: '0.00125', time: NOW - 100 * DAY },
      { id: 'c2', from: 'USDT', to: 'BTC', give: '100', receive: '0.00125', time: NOW - 2 * DAY },
    ]);
    const windows = asked.converts as { from: number; to: number }[];
    expect(windows[0]!.from).toBe(historyEarliest(NOW));
    for (const w of windows) expect(w.to - w.from).toBeLessThanOrEqual(30 * 86_400);
    expect(store.cursor('p', 'converts')).toEqual({
      source: 'converts',
      earliest: historyEarliest(NOW) * 1000,
      through: Math.ceil(NOW / 1000) * 1000,
    });

    asked.converts.length = 0;
    await syncHistory(api, store, 'p', NOW + DAY);
    // One window, from the cursor less an hour's overlap; the records met again are kept once.
    expect(asked.converts).toHaveLength(1);
    expect((asked.converts[0] as { from: number }).from).toBe((NOW - 60 * MIN) / 1000);
    expect(store.converts('p')).toHaveLength(2);
  });

  it('pages a busy window and stops at SYNC_CAP', async () => {
    const busy = Array.from({ length: SYNC_CAP + 500 }, (_, i) => convert(i, NOW - DAY + i));
    const { api, asked } = movesApi({}, busy);
    const result = await syncHistory(api, store, 'p', NOW);
    expect(result.capped).toEqual(['converts']);
    expect(result.converts).toBe(SYNC_CAP);
    expect(asked.converts.length).toBeGreaterThan(SYNC_CAP / 100 - 1);
    expect(asked.converts.length).toBeLessThanOrEqual(SYNC_CAP / 100 + 7);
  });
});
