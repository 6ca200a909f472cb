import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  StoredDeal,
  StoredFlexPayment,
  StoredTransfer,
} from '../../../src/main/portfolioHistory/records';
import { openHistoryDatabase } from '../../../src/main/portfolioHistory/database';
import { HistoryStore, SNAPSHOT_DEDUPE_MS } from '../../../src/main/portfolioHistory/store';
import { snapshot } from './fixtures';

let store: HistoryStore;
beforeEach(() => {
  store = HistoryStore.open(undefined);
});
afterEach(() => store.close());

const MIN = 60_000;

const deal = (dealId: number, time: number, over: Partial<StoredDeal> = {}): StoredDeal => ({
  dealId,
  orderId: dealId * 10,
  market: 'BTC_USDT',
  side: 'buy',
  role: 'taker',
  price: '50000.5',
  amount: '0.001',
  deal: '50.0005',
  fee: '0.05',
  feeAsset: 'USDT',
  time,
  ...over,
});
const transfer = (key: string, time: number): StoredTransfer => ({
  key,
  kind: 'deposit',
  ticker: 'ETH',
  amount: '1.5',
  fee: '0',
  status: 3,
  time,
});
const payment = (transactionId: string, time: number): StoredFlexPayment => ({
  transactionId,
  ticker: 'USDT',
  amount: '0.0123',
  time,
});

describe('snapshots', () => {
  it('are written and read back by profile and range, oldest first, decimals exact', () => {
    const exact = snapshot(1_000, { BTC: '0.123456789012345678', USDT: '100.10' });
    exact.holdings[0]!.price = null;
    expect(store.addSnapshot('p1', exact)).toBe('written');
    store.addSnapshot('p1', snapshot(20 * MIN, { BTC: '2' }));
    store.addSnapshot('p2', snapshot(5_000, { ETH: '3' }));
    expect(store.snapshots('p1')).toEqual([exact, snapshot(20 * MIN, { BTC: '2' })]);
    expect(store.snapshots('p1', 2_000, 30 * MIN)).toEqual([snapshot(20 * MIN, { BTC: '2' })]);
    expect(store.lastSnapshot('p1')).toEqual(snapshot(20 * MIN, { BTC: '2' }));
    expect(store.lastSnapshot('p3')).toBeUndefined();
    expect(store.firstSnapshotAt('p1')).toBe(1_000);
    expect(store.firstSnapshotAt('p3')).toBeUndefined();
    expect(store.snapshots('p2')).toHaveLength(1);
  });

  it('refuses a ticker holding the field separator (U+001F) and writes nothing of that snapshot', () => {
    store.addSnapshot('p1', snapshot(1_000, { BTC: '1' }));
    expect(() => store.addSnapshot('p1', snapshot(2_000_000, { 'BT\u001fC': '1' }))).toThrow(
      /U\+001F/,
    );
    expect(store.snapshots('p1')).toEqual([snapshot(1_000, { BTC: '1' })]);
  });

  it('keeps a snapshot with no holdings', () => {
    store.addSnapshot('p1', snapshot(1_000, {}));
    expect(store.snapshots('p1')).toEqual([snapshot(1_000, {})]);
  });

  it('skip one with the same quote and amounts as the last, taken less than 15 minutes after it', () => {
    store.addSnapshot('p1', snapshot(0, { BTC: '1', ETH: '2' }));
    // Prices differ, amounts are equal as decimals: a duplicate.
    expect(
      store.addSnapshot(
        'p1',
        snapshot(SNAPSHOT_DEDUPE_MS - 1, { BTC: '1.0', ETH: '2' }, { price: '9' }),
      ),
    ).toBe('deduplicated');
    expect(store.snapshots('p1')).toHaveLength(1);
  });

  it('write one 15 minutes after the last, or in another quote, or with other amounts', () => {
    store.addSnapshot('p1', snapshot(0, { BTC: '1' }));
    expect(store.addSnapshot('p1', snapshot(SNAPSHOT_DEDUPE_MS, { BTC: '1' }))).toBe('written');
    expect(
      store.addSnapshot('p1', snapshot(SNAPSHOT_DEDUPE_MS + 1, { BTC: '1' }, { quote: 'BTC' })),
    ).toBe('written');
    expect(
      store.addSnapshot('p1', snapshot(SNAPSHOT_DEDUPE_MS + 2, { BTC: '1.1' }, { quote: 'BTC' })),
    ).toBe('written');
    expect(
      store.addSnapshot(
        'p1',
        snapshot(SNAPSHOT_DEDUPE_MS + 3, { BTC: '1.1', ETH: '0.5' }, { quote: 'BTC' }),
      ),
    ).toBe('written');
    // Another profile's last snapshot does not count.
    expect(
      store.addSnapshot(
        'p2',
        snapshot(SNAPSHOT_DEDUPE_MS + 4, { BTC: '1.1', ETH: '0.5' }, { quote: 'BTC' }),
      ),
    ).toBe('written');
    expect(store.snapshots('p1')).toHaveLength(5);
  });
});

describe('fetched history', () => {
  it('upserts deals by id and reads a range oldest first', () => {
    store.putDeals('p1', [deal(2, 200), deal(1, 100)]);
    store.putDeals('p1', [deal(2, 200, { fee: '0.06' }), deal(3, 300)]);
    store.putDeals('p2', [deal(1, 100)]);
    expect(store.deals('p1').map((d) => [d.dealId, d.fee])).toEqual([
      [1, '0.05'],
      [2, '0.06'],
      [3, '0.05'],
    ]);
    expect(store.deals('p1', 150, 300).map((d) => d.dealId)).toEqual([2, 3]);
    expect(store.deals('p1')[0]).toEqual(deal(1, 100));
    expect(store.deals('p1', 0, 50)).toEqual([]);
    store.putDeals('p1', [deal(4, 400, { orderId: null })]);
    expect(store.deals('p1', 400)[0]!.orderId).toBeNull();
  });

  it('upserts transfers by key and flex payments by transaction id', () => {
    store.putTransfers('p1', [transfer('a', 10), transfer('b', 20)]);
    store.putTransfers('p1', [{ ...transfer('a', 10), status: 7 }]);
    expect(store.transfers('p1')).toEqual([{ ...transfer('a', 10), status: 7 }, transfer('b', 20)]);
    expect(store.transfers('p1', 15)).toEqual([transfer('b', 20)]);
    store.putFlexPayments('p1', [payment('x', 5), payment('x', 5), payment('y', 6)]);
    expect(store.flexPayments('p1')).toEqual([payment('x', 5), payment('y', 6)]);
  });

  it('keeps daily closes per market, for every profile', () => {
    store.putDailyCloses([
      { market: 'BTC_USDT', day: 86_400_000, close: '50000' },
      { market: 'BTC_USDT', day: 0, close: '49000' },
      { market: 'ETH_USDT', day: 0, close: '3000' },
    ]);
    store.putDailyCloses([{ market: 'BTC_USDT', day: 86_400_000, close: '50001.5' }]);
    expect(store.dailyCloses('BTC_USDT', 0, 86_400_000)).toEqual([
      { market: 'BTC_USDT', day: 0, close: '49000' },
      { market: 'BTC_USDT', day: 86_400_000, close: '50001.5' },
    ]);
    expect(store.dailyCloses('ETH_USDT', 1, 2)).toEqual([]);
    // Which days of a range are kept, without reading them.
    expect(store.closesSpan('BTC_USDT', 0, 86_400_000)).toEqual({ first: 0, last: 86_400_000 });
    expect(store.closesSpan('BTC_USDT', 1, 86_400_000)).toEqual({
      first: 86_400_000,
      last: 86_400_000,
    });
    expect(store.closesSpan('ETH_USDT', 0, 86_400_000)).toEqual({ first: 0, last: 0 });
    expect(store.closesSpan('ETH_USDT', 1, 2)).toBeUndefined();
  });

  it('keeps one cursor per profile and source', () => {
    expect(store.cursor('p1', 'deals')).toBeUndefined();
    store.setCursor('p1', { source: 'deals', earliest: 1, through: 2 });
    store.setCursor('p1', { source: 'deals', earliest: 1, through: 5 });
    store.setCursor('p1', { source: 'transfers', earliest: 0, through: 3 });
    expect(store.cursor('p1', 'deals')).toEqual({ source: 'deals', earliest: 1, through: 5 });
    expect(store.cursor('p2', 'deals')).toBeUndefined();
  });

  it('writes a bulk put in one transaction: a bad record writes none of it', () => {
    const bad = { ...deal(6, 600), side: 'hold' } as unknown as StoredDeal;
    expect(() => store.putDeals('p1', [deal(5, 500), bad])).toThrow();
    expect(store.deals('p1')).toEqual([]);
  });
});

describe('deleteProfile', () => {
  it('deletes every row of the profile and nothing of the others', () => {
    for (const p of ['p1', 'p2']) {
      store.addSnapshot(p, snapshot(0, { BTC: '1' }));
      store.addSnapshot(p, snapshot(SNAPSHOT_DEDUPE_MS, { BTC: '2' }));
      store.putDeals(p, [deal(1, 1)]);
      store.putTransfers(p, [transfer('a', 1)]);
      store.putFlexPayments(p, [payment('x', 1)]);
      store.setCursor(p, { source: 'deals', earliest: 0, through: 1 });
    }
    store.putDailyCloses([{ market: 'BTC_USDT', day: 0, close: '1' }]);
    store.deleteProfile('p1');
    expect(store.snapshots('p1')).toEqual([]);
    expect(store.lastSnapshot('p1')).toBeUndefined();
    expect(store.deals('p1')).toEqual([]);
    expect(store.transfers('p1')).toEqual([]);
    expect(store.flexPayments('p1')).toEqual([]);
    expect(store.cursor('p1', 'deals')).toBeUndefined();
    expect(store.snapshots('p2')).toHaveLength(2);
    expect(store.deals('p2')).toHaveLength(1);
    expect(store.transfers('p2')).toHaveLength(1);
    expect(store.flexPayments('p2')).toHaveLength(1);
    expect(store.cursor('p2', 'deals')).toBeDefined();
    // Public: not the profile's.
    expect(store.dailyCloses('BTC_USDT')).toHaveLength(1);
  });
});

describe('reading history at scale', () => {
  /** A store that counts its pauses (where other work runs), reading in small statements. */
  function counting(options: { sliceRows?: number; pageRows?: number } = {}) {
    const pauses = { count: 0 };
    const counted = new HistoryStore(openHistoryDatabase(':memory:'), undefined, {
      pause: async () => {
        pauses.count++;
      },
      ...options,
    });
    return { store: counted, pauses };
  }

  /** `n` snapshots of p1 a minute apart from `start`, the total of each `totalOf(i)`. */
  function fill(target: HistoryStore, n: number, totalOf = (i: number) => String(i), start = 0) {
    for (let i = 0; i < n; i++) {
      target.addSnapshot('p1', {
        ...snapshot(start + i * MIN, { BTC: String(i) }),
        total: totalOf(i),
      });
    }
  }

  it('the series: every snapshot of the range, oldest first, when there are at most `max`', async () => {
    const { store: few } = counting();
    fill(few, 30);
    const read = await few.seriesSnapshots('p1', 10 * MIN, 19 * MIN, { max: 10 });
    // The range's ten, and the newest before it (the walk's anchor at the range's start).
    expect(read.snapshots.map((s) => s.takenAt / MIN)).toEqual([
      9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(read.snapshots[3]).toEqual(few.snapshots('p1', 12 * MIN, 12 * MIN)[0]);
    // Every snapshot is there: the days need no list of their own.
    expect(read.lastOfDays).toBeUndefined();
    few.close();
  });

  it('the series over many: the first and the last, per bucket its lowest and highest total; a spike is kept', async () => {
    const { store: many } = counting({ sliceRows: 300 });
    // 2,000 snapshots whose totals go up and down in a saw, and one spike.
    const totalOf = (i: number) => (i === 1234 ? '999999.5' : String((i * 37) % 500));
    fill(many, 2_000, totalOf);
    // The range is 2,000 minutes to the ms: buckets of exactly 100 snapshots.
    const { snapshots: read, lastOfDays } = await many.seriesSnapshots('p1', 0, 2_000 * MIN - 1, {
      max: 40,
    });
    const minutes = read.map((s) => s.takenAt / MIN);
    // 2,000 minutes are two days: when the last snapshot of each was taken.
    expect([...lastOfDays!].sort((a, b) => a - b)).toEqual([1_439 * MIN, 1_999 * MIN]);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    // Twenty buckets of 100: two each, two more where a slice of 300 rows cuts one, and the ends.
    expect(read.length).toBeGreaterThanOrEqual(40);
    expect(read.length).toBeLessThanOrEqual(40 + 2 * 6 + 2);
    expect(minutes).toContain(0);
    expect(minutes).toContain(1_999);
    expect(minutes).toContain(1_234);
    for (let bucket = 0; bucket < 20; bucket++) {
      const inBucket = Array.from({ length: 100 }, (_, k) => bucket * 100 + k);
      const totals = inBucket.map((i) => Number(totalOf(i)));
      const lowest = inBucket[totals.indexOf(Math.min(...totals))]!;
      const highest = inBucket[totals.indexOf(Math.max(...totals))]!;
      expect(minutes).toEqual(expect.arrayContaining([lowest, highest]));
    }
    // Each is the snapshot as recorded, holdings and all.
    expect(read.find((s) => s.takenAt === 1_234 * MIN)).toEqual(
      many.snapshots('p1', 1_234 * MIN, 1_234 * MIN)[0],
    );
    many.close();
  });

  it('the series is read in statements of bounded size, with a pause between them', async () => {
    const { store: many, pauses } = counting({ sliceRows: 250, pageRows: 50 });
    fill(many, 2_000);
    const { snapshots: read } = await many.seriesSnapshots('p1', 0, 2_000 * MIN, { max: 400 });
    // Eight slices of the index (three statements each), then the snapshots chosen, pages of 50.
    expect(read.length).toBeLessThanOrEqual(400 + 2 * 7 + 2);
    expect(pauses.count).toBeGreaterThanOrEqual(3 * 8 + Math.ceil(read.length / 50));
    many.close();
  });

  it('snapshot pages: one quote’s snapshots in order, a page at a time, each page bounded', async () => {
    const { store: paged, pauses } = counting();
    for (let i = 0; i < 25; i++) {
      const mains = Object.fromEntries(Array.from({ length: 4 }, (_, k) => [`T${k}`, String(i)]));
      paged.addSnapshot(
        'p1',
        snapshot(i * 20 * MIN, mains, { quote: i % 5 === 0 ? 'EUR' : 'USDT' }),
      );
    }
    const pages: number[][] = [];
    for await (const page of paged.snapshotPages('p1', 'USDT', 10)) {
      pages.push(page.map((s) => s.takenAt / (20 * MIN)));
      // At most 10 holdings a page: two snapshots of four (the first page learns the size from one).
      expect(page.reduce((n, s) => n + s.holdings.length, 0)).toBeLessThanOrEqual(10);
    }
    const usdt = Array.from({ length: 25 }, (_, i) => i).filter((i) => i % 5 !== 0);
    expect(pages.flat()).toEqual(usdt);
    expect(pages.length).toBeGreaterThan(5);
    expect(pauses.count).toBeGreaterThanOrEqual(pages.length - 1);
    paged.close();
  });
});
