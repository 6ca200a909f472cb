import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import {
  AHEAD_MAX_AGE_MS,
  SNAPSHOT_INTERVAL_MS,
  SnapshotRecorder,
  snapshotOf,
} from '../../../src/main/portfolioHistory/recorder';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import type { PortfolioOverview, PortfolioRow } from '../../../src/shared/model';

const row = (ticker: string, over: Partial<PortfolioRow> = {}): PortfolioRow => ({
  ticker,
  name: ticker,
  main: '1',
  tradeAvailable: '0.1',
  tradeFrozen: '0.2',
  flex: '0',
  total: '1.3',
  price: '2',
  value: '2.6',
  change24h: null,
  precision: 8,
  ...over,
});

const overviewOf = (quote: string, fetchedAt: number, rows: PortfolioRow[]): PortfolioOverview => ({
  quote,
  quotes: ['USDT', 'BTC'],
  rows,
  total: '2.6',
  unpriced: [],
  flexUnavailable: false,
  quotePrecision: 6,
  fetchedAt,
});

const api = {} as ExchangeApi;

describe('snapshotOf', () => {
  it('maps each held asset: trade is available plus frozen, as decimals; nothing held is left out', () => {
    const overview = overviewOf('USDT', 1_000, [
      row('BTC', { tradeAvailable: '0.1', tradeFrozen: '0.2' }),
      row('DUST', { main: '0', tradeAvailable: '0', tradeFrozen: '0', total: '0' }),
      row('XYZ', { price: null, value: null, flex: '5', total: '6.3' }),
    ]);
    expect(snapshotOf(overview)).toEqual({
      takenAt: 1_000,
      quote: 'USDT',
      total: '2.6',
      holdings: [
        // 0.1 + 0.2 is 0.3 exactly (not 0.30000000000000004).
        { ticker: 'BTC', main: '1', trade: '0.3', flex: '0', price: '2' },
        { ticker: 'XYZ', main: '1', trade: '0.3', flex: '5', price: null },
      ],
    });
  });
});

describe('SnapshotRecorder', () => {
  let store: HistoryStore;
  let locked: boolean;
  let fail: boolean;
  let now: number;
  let profile: string;
  let recorder: SnapshotRecorder;
  const asked: string[] = [];

  beforeEach(() => {
    store = HistoryStore.open(undefined);
    locked = false;
    fail = false;
    now = 1_000_000;
    profile = 'p1';
    asked.length = 0;
    recorder = new SnapshotRecorder({
      store,
      active: () => ({ id: profile, api }),
      isLocked: () => locked,
      fetchOverview: async (_api, quote) => {
        asked.push(quote);
        if (fail) throw new Error('offline');
        // Each answer a new balance: none is a duplicate of the last.
        now += 1;
        return overviewOf(quote, now, [row('BTC', { main: String(now) })]);
      },
    });
  });
  afterEach(() => {
    recorder.stop();
    store.close();
    vi.useRealTimers();
  });

  it('writes one snapshot for a successful Overview and answers it', async () => {
    const overview = await recorder.overview('BTC');
    expect(overview.quote).toBe('BTC');
    expect(store.snapshots('p1')).toEqual([snapshotOf(overview)]);
  });

  describe('an Overview of several accounts (issue 34 item 4)', () => {
    const SUB = '11111111-1111-4111-8111-111111111111';

    it("answers it but never records it as the main account's balance", async () => {
      const scopes: unknown[] = [];
      const scoped = new SnapshotRecorder({
        store,
        active: () => ({ id: 'p1', api }),
        isLocked: () => false,
        fetchOverview: async (_api, quote, scope) => {
          scopes.push(scope);
          return overviewOf(quote, 5, [row('BTC', { main: '7' })]);
        },
      });
      const answer = await scoped.overview('BTC', ['main', SUB]);
      expect(answer.rows[0]?.main).toBe('7');
      expect(scopes).toEqual([['main', SUB]]);
      expect(store.snapshots('p1')).toEqual([]);
      // Nor does it set the quote of the timer's snapshots: those stay the main account's own.
      await scoped.tick();
      expect(scopes).toEqual([['main', SUB], undefined]);
      expect(store.snapshots('p1')).toHaveLength(1);
      expect(store.snapshots('p1')[0]?.quote).toBe('USDT');
    });

    it('records the main account alone chosen as a set, as its own view', async () => {
      await recorder.overview('BTC', ['main']);
      expect(store.snapshots('p1')).toHaveLength(1);
    });
  });

  it('writes nothing for a failed Overview (the failure goes to the caller)', async () => {
    fail = true;
    await expect(recorder.overview('USDT')).rejects.toThrow('offline');
    expect(store.snapshots('p1')).toEqual([]);
  });

  it('writes nothing for a refresh that ends while the app is locked', () => {
    locked = true;
    expect(recorder.record('p1', overviewOf('USDT', 1, [row('BTC')]))).toBe('skipped');
    expect(store.snapshots('p1')).toEqual([]);
  });

  it('skips a duplicate of the last snapshot', () => {
    const overview = overviewOf('USDT', 1, [row('BTC')]);
    expect(recorder.record('p1', overview)).toBe('written');
    expect(recorder.record('p1', { ...overview, fetchedAt: 2 })).toBe('deduplicated');
  });

  describe('the Overview fetched ahead of the page (while its code loads)', () => {
    it("is the answer to the page's first Overview in that quote: asked once, recorded once", async () => {
      recorder.fetchAhead();
      const overview = await recorder.overview('USDT');
      expect(asked).toEqual(['USDT']);
      expect(store.snapshots('p1')).toEqual([snapshotOf(overview)]);
      // Only once: a refresh asks the exchange again.
      await recorder.overview('USDT');
      expect(asked).toEqual(['USDT', 'USDT']);
    });

    it('is in the quote of the last snapshot (the one the page shows), USDT with none', async () => {
      await recorder.overview('BTC');
      // A new run of the app on the same database, for this profile and for one without snapshots.
      const restarted = (profileId: string) =>
        new SnapshotRecorder({
          store,
          active: () => ({ id: profileId, api }),
          isLocked: () => false,
          fetchOverview: async (_api, quote) => {
            asked.push(quote);
            return overviewOf(quote, 5, [row('BTC')]);
          },
        });
      const fresh = restarted('p1');
      fresh.fetchAhead();
      await fresh.overview('BTC');
      expect(asked).toEqual(['BTC', 'BTC']);
      restarted('p2').fetchAhead();
      expect(asked.at(-1)).toBe('USDT');
    });

    it('is not taken for another quote, another profile, or once too old', async () => {
      vi.useFakeTimers();
      recorder.fetchAhead();
      await recorder.overview('BTC');
      expect(asked).toEqual(['USDT', 'BTC']);
      recorder.fetchAhead();
      await vi.advanceTimersByTimeAsync(AHEAD_MAX_AGE_MS + 1);
      await recorder.overview('BTC');
      expect(asked).toEqual(['USDT', 'BTC', 'BTC', 'BTC']);
      recorder.fetchAhead();
      await vi.advanceTimersByTimeAsync(0);
      profile = 'p2';
      await recorder.overview('BTC');
      expect(asked).toEqual(['USDT', 'BTC', 'BTC', 'BTC', 'BTC', 'BTC']);
    });

    it('is fetched once however often the page is asked for while one waits to be taken', async () => {
      vi.useFakeTimers();
      recorder.fetchAhead();
      await vi.advanceTimersByTimeAsync(0);
      recorder.fetchAhead();
      recorder.fetchAhead();
      expect(asked).toEqual(['USDT']);
      await vi.advanceTimersByTimeAsync(AHEAD_MAX_AGE_MS + 1);
      recorder.fetchAhead();
      expect(asked).toEqual(['USDT', 'USDT']);
    });

    it('is not fetched while locked, nor while the page has asked already', async () => {
      locked = true;
      recorder.fetchAhead();
      expect(asked).toEqual([]);
      locked = false;
      const pending = recorder.overview('USDT');
      recorder.fetchAhead();
      await pending;
      expect(asked).toEqual(['USDT']);
    });

    it("failing, leaves the page's own request to ask again and see the failure", async () => {
      fail = true;
      recorder.fetchAhead();
      await expect(recorder.overview('USDT')).rejects.toThrow('offline');
      expect(asked).toEqual(['USDT', 'USDT']);
    });
  });

  it('on its timer, records the active profile in the quote last used (USDT before any)', async () => {
    vi.useFakeTimers();
    recorder.start();
    await vi.advanceTimersByTimeAsync(SNAPSHOT_INTERVAL_MS);
    expect(asked).toEqual(['USDT']);
    await recorder.overview('BTC');
    await vi.advanceTimersByTimeAsync(SNAPSHOT_INTERVAL_MS);
    expect(asked).toEqual(['USDT', 'BTC', 'BTC']);
    expect(store.snapshots('p1').map((s) => s.quote)).toEqual(['USDT', 'BTC', 'BTC']);
  });

  it('on its timer, fetches nothing while locked, writes nothing on failure, and stops when told', async () => {
    vi.useFakeTimers();
    recorder.start();
    locked = true;
    await vi.advanceTimersByTimeAsync(SNAPSHOT_INTERVAL_MS);
    expect(asked).toEqual([]);
    locked = false;
    fail = true;
    await vi.advanceTimersByTimeAsync(SNAPSHOT_INTERVAL_MS);
    expect(asked).toEqual(['USDT']);
    expect(store.snapshots('p1')).toEqual([]);
    fail = false;
    recorder.stop();
    await vi.advanceTimersByTimeAsync(3 * SNAPSHOT_INTERVAL_MS);
    expect(asked).toEqual(['USDT']);
    recorder.start();
    await vi.advanceTimersByTimeAsync(SNAPSHOT_INTERVAL_MS);
    expect(store.snapshots('p1')).toHaveLength(1);
  });
});
