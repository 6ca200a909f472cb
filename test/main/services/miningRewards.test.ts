import { describe, expect, it, vi } from 'vitest';
import type { ExchangeApi, MiningRewardsQuery } from '../../../src/main/exchange/api';
import { openHistoryDatabase } from '../../../src/main/portfolioHistory/database';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import {
  MiningRewardsService,
  fetchRewardWindow,
  rewardsCsv,
  syncMiningRewards,
} from '../../../src/main/services/miningRewards';
import type { Candle, Market, MiningReward } from '../../../src/shared/model';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 12);
const TODAY = Date.UTC(2026, 0, 15);
const CREATED = TODAY - 40 * DAY;

function rewardOn(day: number, over: Partial<MiningReward> = {}): MiningReward {
  return {
    account: 'miner1',
    day,
    currency: 'BTC',
    totalReward: '0.0001',
    reward: '0.000098',
    fee: '0.000002',
    fppsRate: '0.00000045',
    hashrate: '222222222222222',
    status: day === TODAY - DAY ? 'pending' : 'successful',
    payoutDestination: 'main_balance',
    payoutAddress: null,
    payoutTransactionHash: null,
    payoutTime: null,
    ...over,
  };
}

/** A pool that answers mining/rewards as the reference says: newest first, paged, windowed. */
function fakePool(records: () => MiningReward[], closes: Record<number, string> = {}) {
  const calls: MiningRewardsQuery[] = [];
  const api = {
    miningAccounts: async () => [{ name: 'miner1', createdAt: CREATED }],
    async miningRewards(q: MiningRewardsQuery) {
      calls.push(q);
      if (q.offset > 10_000) throw new Error('offset beyond 10,000');
      return records()
        .filter((r) => r.account === q.account)
        .filter(
          (r) =>
            (q.from === undefined || r.day >= q.from * 1000) &&
            (q.to === undefined || r.day <= q.to * 1000),
        )
        .sort((a, b) => b.day - a.day)
        .slice(q.offset, q.offset + q.limit);
    },
    markets: async () => [{ name: 'BTC_USDT', tradesEnabled: true } as Market],
    assets: async () => ({
      BTC: { currencyPrecision: 8 },
      USDT: { currencyPrecision: 6 },
    }),
    async kline(market: string, q: { start: number; end: number }): Promise<Candle[]> {
      return Object.entries(closes)
        .map(([day, close]) => ({ day: Number(day), close }))
        .filter(({ day }) => market === 'BTC_USDT' && day >= q.start * 1000 && day <= q.end * 1000)
        .map(({ day, close }) => ({
          time: day,
          open: close,
          close,
          high: close,
          low: close,
          stockVolume: '1',
          moneyVolume: close,
        }));
    },
  };
  return { api: api as unknown as ExchangeApi, calls };
}

const daysBack = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => rewardOn(from - i * DAY));

const newStore = () => new HistoryStore(openHistoryDatabase(':memory:'));

describe('mining rewards sync', () => {
  it('fills the table from the account creation, by windows; a second sync writes nothing', async () => {
    const records = daysBack(TODAY - DAY, 40);
    const { api, calls } = fakePool(() => records);
    const store = newStore();
    const first = await syncMiningRewards(
      api,
      store,
      'p1',
      { name: 'miner1', createdAt: CREATED },
      NOW,
    );
    expect(first.written).toBe(40);
    expect(store.miningRewards.rewards('p1', 'miner1')).toEqual(records);
    expect(calls[0]).toMatchObject({
      account: 'miner1',
      from: CREATED / 1000,
      offset: 0,
      limit: 100,
    });

    calls.length = 0;
    const second = await syncMiningRewards(
      api,
      store,
      'p1',
      { name: 'miner1', createdAt: CREATED },
      NOW,
    );
    expect(second.written).toBe(0);
    // Incremental: only the last days that may still change are asked again.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.from).toBe((TODAY - DAY - 3 * DAY) / 1000);
  });

  it('writes again a day whose record changed (pending -> successful) and the new day', async () => {
    let records = daysBack(TODAY - DAY, 10);
    const { api } = fakePool(() => records);
    const store = newStore();
    await syncMiningRewards(api, store, 'p1', { name: 'miner1', createdAt: CREATED }, NOW);
    records = [
      rewardOn(TODAY, { status: 'pending' }),
      rewardOn(TODAY - DAY, { status: 'successful' }),
      ...records.slice(1),
    ];
    const next = await syncMiningRewards(
      api,
      store,
      'p1',
      { name: 'miner1', createdAt: CREATED },
      NOW + DAY,
    );
    expect(next.written).toBe(2);
    expect(
      store.miningRewards
        .rewards('p1', 'miner1')
        .slice(0, 2)
        .map((r) => r.status),
    ).toEqual(['pending', 'successful']);
  });

  it('never pages past offset 10,000: the window is split instead', async () => {
    // 10,150 records in one window (many accounts' worth under one name, as a hostile pool might).
    const many = Array.from({ length: 10_150 }, (_, i) =>
      rewardOn(TODAY - DAY - Math.floor(i / 100) * DAY, { fppsRate: String(i) }),
    );
    const { api, calls } = fakePool(() => many);
    const got = await fetchRewardWindow(api, 'miner1', (TODAY - 200 * DAY) / 1000, TODAY / 1000);
    expect(Math.max(...calls.map((c) => c.offset))).toBeLessThanOrEqual(10_000);
    expect(got).toHaveLength(10_150);
    expect(new Set(got.map((r) => r.fppsRate)).size).toBe(10_150);
  });
});

describe('mining rewards valued', () => {
  it('values each day at its close in the quote, decimals only, and sums the months', async () => {
    const days = [Date.UTC(2026, 0, 2), Date.UTC(2026, 0, 1), Date.UTC(2025, 11, 31)];
    const records = days.map((day) => rewardOn(day));
    const closes = { [days[0]!]: '100000.5', [days[1]!]: '90000', [days[2]!]: '80000.1' };
    const { api } = fakePool(() => records, closes);
    const store = newStore();
    const service = new MiningRewardsService({
      store,
      active: () => ({ id: 'p1', api }),
      now: () => NOW,
    });
    const table = await service.rewards('miner1', 'USDT');
    expect(table.rows.map((r) => r.value)).toEqual(['9.800049', '8.82', '7.8400098']);
    expect(table.rows[0]!.feePercent).toBe('2');
    expect(table.months).toEqual([
      {
        month: '2026-01',
        currency: 'BTC',
        reward: '0.000196',
        fee: '0.000004',
        value: '18.620049',
        days: 2,
      },
      {
        month: '2025-12',
        currency: 'BTC',
        reward: '0.000098',
        fee: '0.000002',
        value: '7.8400098',
        days: 1,
      },
    ]);
    expect(table.precisions).toEqual({ BTC: 8 });

    const csv = rewardsCsv(table).split('\r\n').filter(Boolean);
    expect(csv[1]).toBe(
      '2026-01-02,miner1,BTC,0.0001,0.000002,0.000098,2,0.00000045,222222222222222,successful,main_balance,,,,9.800049',
    );
  });

  it('leaves a day without a close unvalued, and its month too', async () => {
    const records = [rewardOn(Date.UTC(2026, 0, 2)), rewardOn(Date.UTC(2026, 0, 1))];
    const { api } = fakePool(() => records, { [Date.UTC(2026, 0, 2)]: '100000' });
    const service = new MiningRewardsService({
      store: newStore(),
      active: () => ({ id: 'p1', api }),
      now: () => NOW,
    });
    const table = await service.rewards('miner1', 'USDT');
    expect(table.rows.map((r) => r.value)).toEqual(['9.8', null]);
    expect(table.months[0]!.value).toBeNull();
  });
});

describe('mining rewards in the background', () => {
  it("syncs every mining account on main's timer, again after each interval; nothing while locked", async () => {
    const records = daysBack(TODAY - DAY, 5);
    const { api, calls } = fakePool(() => records);
    const store = newStore();
    const timers: { run: () => void; ms: number }[] = [];
    let locked = true;
    const service = new MiningRewardsService({
      store,
      active: () => ({ id: 'p1', api }),
      isLocked: () => locked,
      now: () => NOW,
      setTimer: (run, ms) => {
        timers.push({ run, ms });
        return { stop: () => undefined };
      },
    });
    service.start();
    expect(timers.map((t) => t.ms)).toEqual([60_000]);
    const fire = async () => {
      timers.at(-1)!.run();
      await vi.waitFor(() => expect(timers.length).toBeGreaterThan(fired), { timeout: 10_000 });
      fired = timers.length;
    };
    let fired = 1;
    await fire();
    expect(calls).toEqual([]);
    locked = false;
    await fire();
    expect(store.miningRewards.rewards('p1', 'miner1')).toHaveLength(5);
    expect(timers.map((t) => t.ms)).toEqual([60_000, 3_600_000, 3_600_000]);
    // A second sync with nothing new writes nothing.
    await expect(service.syncAll()).resolves.toBe(0);
    service.stop();
  });
});
