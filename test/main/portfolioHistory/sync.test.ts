import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import {
  storedDeal,
  storedTransfer,
  SYNC_CAP,
  syncHistory,
} from '../../../src/main/portfolioHistory/sync';
import { historyEarliest } from '../../../src/shared/executed';
import type { DepositWithdraw, MarketDeal } from '../../../src/shared/model';

const transfer = (over: Partial<DepositWithdraw>): DepositWithdraw => ({
  address: 'addr',
  uniqueId: 'u1',
  createdAt: 1_000,
  currency: 'Bitcoin',
  ticker: 'BTC',
  method: 2,
  amount: '1',
  description: '',
  memo: '',
  fee: '0.0005',
  status: 3,
  network: 'BTC',
  transactionHash: 'hash',
  transactionId: 'tx',
  ...over,
});

describe('storedDeal', () => {
  const deal = (over: Partial<MarketDeal>): MarketDeal => ({
    dealId: 7,
    orderId: 70,
    clientOrderId: 'c',
    market: 'ETH_BTC',
    side: 'buy',
    role: 'taker',
    price: '0.05',
    amount: '2',
    deal: '0.1',
    fee: '0.002',
    time: 1_000,
    ...over,
  });

  it('keeps the fee asset the exchange names', () => {
    expect(storedDeal(deal({ feeAsset: 'ETH' }))?.feeAsset).toBe('ETH');
  });

  it('without one: a buy paid in the stock it bought, a sell in the money, as the server charges', () => {
    expect(storedDeal(deal({}))?.feeAsset).toBe('ETH');
    expect(storedDeal(deal({ side: 'sell', fee: '0.0001' }))?.feeAsset).toBe('BTC');
  });
});

describe('storedTransfer', () => {
  it('keeps successful deposits and withdrawals as listed', () => {
    expect(storedTransfer(transfer({ status: 7 }))).toEqual({
      key: 'unique:u1',
      kind: 'withdraw',
      ticker: 'BTC',
      amount: '1',
      fee: '0.0005',
      status: 7,
      time: 1_000,
    });
    expect(storedTransfer(transfer({ method: 1, fee: '0', uniqueId: null }))).toMatchObject({
      key: 'tx:1:tx:1000',
      kind: 'deposit',
    });
  });

  it('keeps a partially successful withdrawal by its processed part', () => {
    const partial = {
      requestAmount: '1',
      processedAmount: '0.4',
      processedFee: '0.0002',
      normalizeTransaction: '',
    };
    expect(storedTransfer(transfer({ status: 18, details: { partial } }))).toMatchObject({
      amount: '0.4',
      fee: '0.0002',
      status: 18,
    });
  });

  it('leaves out what changed no balance: pending, canceled, frozen, unconfirmed', () => {
    for (const status of [1, 4, 5, 15, 21])
      expect(storedTransfer(transfer({ status }))).toBeUndefined();
    for (const status of [4, 9, 15, 22, 27]) {
      expect(storedTransfer(transfer({ method: 1, status }))).toBeUndefined();
    }
    // 18 is not a deposit status.
    expect(storedTransfer(transfer({ method: 1, status: 18 }))).toBeUndefined();
  });
});

describe('syncHistory bounds', () => {
  let store: HistoryStore;
  beforeEach(() => {
    store = HistoryStore.open(undefined);
  });
  afterEach(() => store.close());

  /** An exchange with no deals, endless successful transfers (one a minute back from now), no flex. */
  function endlessApi(now: number) {
    const offsets: number[] = [];
    const api = {
      executedDeals: async () => ({}),
      depositWithdrawHistory: async ({ offset = 0, limit = 50 }) => {
        offsets.push(offset);
        const records = Array.from({ length: limit }, (_, i) =>
          transfer({ uniqueId: `u${offset + i}`, createdAt: now - (offset + i) * 60_000 }),
        );
        return { offset, limit, total: 1_000_000, records };
      },
      flexPayments: async () => {
        throw new ExchangeError({ kind: 'permission', message: 'no', status: 403 });
      },
      subAccounts: async () => ({ offset: 0, limit: 100, records: [] }),
      convertHistory: async () => ({ records: [], total: 0, limit: 100, offset: 0 }),
    } as unknown as ExchangeApi;
    return { api, offsets };
  }

  it('stores at most SYNC_CAP records of a source, and the cursor covers only those', async () => {
    const now = Date.UTC(2026, 10, 24);
    const { api, offsets } = endlessApi(now);
    const result = await syncHistory(api, store, 'p', now);
    expect(result.transfers).toBe(SYNC_CAP);
    expect(result.capped).toEqual(['transfers']);
    expect(store.transfers('p')).toHaveLength(SYNC_CAP);
    expect(Math.max(...offsets) + 100).toBeLessThanOrEqual(10_000);
    expect(store.cursor('p', 'transfers')).toEqual({
      source: 'transfers',
      earliest: now - (SYNC_CAP - 1) * 60_000,
      through: now,
    });
  });
});

describe('syncHistory deal windows', () => {
  it('starts again at six months ago when the cursor is older than that, and moves it per window', async () => {
    const store = HistoryStore.open(undefined);
    const now = Date.UTC(2026, 10, 24, 12);
    store.setCursor('p', { source: 'deals', earliest: 0, through: now - 300 * 86_400_000 });
    const asked: { startDate?: number; endDate?: number }[] = [];
    let calls = 0;
    const api = {
      executedDeals: async (q: { startDate?: number; endDate?: number }) => {
        asked.push(q);
        calls += 1;
        if (calls === 3) throw new Error('offline');
        return {};
      },
    } as unknown as ExchangeApi;
    await expect(syncHistory(api, store, 'p', now)).rejects.toThrow('offline');
    const kept = historyEarliest(now);
    expect(asked[0]!.startDate).toBe(kept);
    // Two windows done before the failure: the cursor says so, from the earliest kept.
    expect(store.cursor('p', 'deals')).toEqual({
      source: 'deals',
      earliest: kept * 1000,
      through: asked[1]!.endDate! * 1000,
    });
    store.close();
  });
});
