import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientOrderId } from '../../../src/main/exchange/api';
import { backfill, type BackfillInput } from '../../../src/main/portfolioHistory/backfill';
import { movementsOf, type Movement } from '../../../src/main/portfolioHistory/movements';
import { indexCloses, marketsFor } from '../../../src/main/portfolioHistory/prices';
import { snapshotOf } from '../../../src/main/portfolioHistory/recorder';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import {
  storedDeal,
  storedTransfer,
  syncDailyCloses,
  syncHistory,
} from '../../../src/main/portfolioHistory/sync';
import { portfolioOverview } from '../../../src/main/services/portfolio';
import { historyEarliest, historyWindows } from '../../../src/shared/executed';
import type { DepositWithdraw, MarketDeal } from '../../../src/shared/model';
import { setup, teardown, unlimitedPacer, type Setup } from '../exchange/helpers';

/** The history sync against the real demo exchange over HTTP: what it stores, what it asks. */

const DAY = 86_400_000;
const PATHS = {
  deals: '/api/v4/trade-account/executed-history',
  transfers: '/api/v4/main-account/history',
  payments: '/api/v4/main-account/smart-flex/investments/payment-history',
  kline: '/api/v1/public/kline',
};

let s: Setup;
let store: HistoryStore;
beforeAll(async () => {
  s = await setup({ control: true }, { pacer: unlimitedPacer() });
  store = HistoryStore.open(undefined);
});
afterAll(async () => {
  store.close();
  await teardown(s);
});

/** The requests made since log entry `since` to `path`, with their bodies. */
function asked(path: string, since: number) {
  return s.ex
    .requestLog(since)
    .filter((e) => e.path === path)
    .map((e) => e.body as Record<string, unknown>);
}
const lastLogId = () => s.ex.requestLog().at(-1)?.id ?? 0;

/** Every deal executed-history lists over six months, read here window by window, by id. */
async function executedHistory(now: number): Promise<MarketDeal[]> {
  const all = new Map<number, MarketDeal>();
  for (const w of historyWindows({ from: historyEarliest(now), to: Math.floor(now / 1000) })) {
    for (let offset = 0; ; offset += 500) {
      const page = await s.api.executedDeals({
        startDate: w.from,
        endDate: w.to,
        offset,
        limit: 500,
      });
      const deals = Object.entries(page).flatMap(([market, list]) =>
        list.map((d) => ({ ...d, market })),
      );
      for (const d of deals) all.set(d.dealId, d);
      if (deals.length < 500) break;
    }
  }
  return [...all.values()].sort((a, b) => a.time - b.time || a.dealId - b.dealId);
}

/** Every deposit and withdrawal the history lists. */
async function allTransfers(): Promise<DepositWithdraw[]> {
  const records: DepositWithdraw[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await s.api.depositWithdrawHistory({ offset, limit: 100 });
    records.push(...page.records);
    if (page.records.length < 100) return records;
  }
}

describe('syncHistory on the demo exchange', () => {
  let firstNow: number;

  it('first reaches six months back: the stored deals are executed-history’s', async () => {
    const since = lastLogId();
    firstNow = Date.now();
    const result = await syncHistory(s.api, store, 'demo', firstNow);
    const windows = asked(PATHS.deals, since);

    const expected = (await executedHistory(firstNow)).map((d) => storedDeal(d));
    expect(expected.length).toBeGreaterThan(0);
    expect(store.deals('demo')).toEqual(expected);
    expect(result.deals).toBe(expected.length);
    expect(Math.min(...windows.map((b) => Number(b.startDate)))).toBe(historyEarliest(firstNow));
    expect(windows.length).toBe(
      historyWindows({ from: historyEarliest(firstNow), to: Math.floor(firstNow / 1000) }).length,
    );
    expect(store.cursor('demo', 'deals')).toMatchObject({
      earliest: historyEarliest(firstNow) * 1000,
    });
  });

  it('stores the transfers that changed a balance: successful, and the processed part of a partial', async () => {
    const all = await allTransfers();
    const changed = all.filter(
      (r) => [3, 7].includes(r.status) || (r.method === 2 && r.status === 18),
    );
    const stored = store.transfers('demo');
    expect(stored).toHaveLength(changed.length);
    expect(stored.length).toBeLessThan(all.length);
    expect(new Set(stored.map((t) => t.key)).size).toBe(stored.length);
    const partial = all.find((r) => r.status === 18)!;
    expect(stored.find((t) => t.key === storedTransfer(partial)!.key)).toMatchObject({
      kind: 'withdraw',
      amount: partial.details!.partial!.processedAmount,
      fee: partial.details!.partial!.processedFee,
    });
    expect(stored.every((t) => [3, 7, 18].includes(t.status))).toBe(true);
    // Everything the history lists was paged through: the cursor reaches the beginning.
    expect(store.cursor('demo', 'transfers')).toEqual({
      source: 'transfers',
      earliest: 0,
      through: firstNow,
    });
  });

  it('stores every flex interest payment', async () => {
    const payments = s.ex.engine.state.flexPayments;
    expect(payments.length).toBeGreaterThan(0);
    expect(
      store
        .flexPayments('demo')
        .map((p) => p.transactionId)
        .sort(),
    ).toEqual(payments.map((p) => p.transactionId).sort());
  });

  it('then fetches only what is new: one deal window, the newest transfers, payments by date', async () => {
    const firstTransferPages = asked(PATHS.transfers, 0).length;
    const order = await s.api.createOrder({
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.0002',
      clientOrderId: newClientOrderId(),
    });
    // The exchange's windows end at a whole second: a deal of this very second comes next time.
    const dealSecond = Math.floor(Date.now() / 1000);
    while (Math.floor(Date.now() / 1000) === dealSecond)
      await new Promise((r) => setTimeout(r, 50));
    const since = lastLogId();
    const now = Date.now();
    const result = await syncHistory(s.api, store, 'demo', now);
    const windows = asked(PATHS.deals, since);
    const transferPages = asked(PATHS.transfers, since);
    const payments = asked(PATHS.payments, since);

    expect(windows).toHaveLength(1);
    expect(Number(windows[0]!.startDate)).toBeGreaterThan(historyEarliest(now));
    expect(Number(windows[0]!.startDate)).toBeLessThanOrEqual(Math.floor(firstNow / 1000));
    expect(store.deals('demo').filter((d) => d.orderId === order.orderId)).not.toHaveLength(0);
    expect(store.deals('demo')).toEqual((await executedHistory(now)).map((d) => storedDeal(d)));
    expect(result.deals).toBeLessThan(store.deals('demo').length);

    expect(transferPages.length).toBeGreaterThan(0);
    expect(transferPages.length).toBeLessThan(firstTransferPages);
    expect(transferPages[0]).toMatchObject({ offset: 0 });

    expect(payments).toHaveLength(1);
    const dateFrom = Number(payments[0]!.dateFrom ?? payments[0]!.date_from);
    expect(dateFrom).toBe(Math.floor((firstNow - DAY) / 1000));
    expect(store.cursor('demo', 'flexPayments')).toMatchObject({ earliest: 0, through: now });
  });

  it('keeps each record once however often it syncs', async () => {
    const before = {
      deals: store.deals('demo').length,
      transfers: store.transfers('demo').length,
      payments: store.flexPayments('demo').length,
    };
    await syncHistory(s.api, store, 'demo', Date.now());
    expect({
      deals: store.deals('demo').length,
      transfers: store.transfers('demo').length,
      payments: store.flexPayments('demo').length,
    }).toEqual(before);
  });
});

describe('syncHistory with a key that may not read flex', () => {
  it('counts no payments and leaves no flex cursor', async () => {
    const noFlex = await setup({ lendingAccess: false }, { pacer: unlimitedPacer() });
    const own = HistoryStore.open(undefined);
    try {
      const result = await syncHistory(noFlex.api, own, 'p', Date.now());
      expect(result).toMatchObject({ flexPayments: 0, flexUnavailable: true });
      expect(own.flexPayments('p')).toEqual([]);
      expect(own.cursor('p', 'flexPayments')).toBeUndefined();
      expect(own.deals('p').length).toBeGreaterThan(0);
    } finally {
      own.close();
      await teardown(noFlex);
    }
  });
});

describe('syncDailyCloses on the demo exchange', () => {
  it('stores a close a day, then asks only from the last stored day', async () => {
    const now = Date.now();
    const from = now - 30 * DAY;
    const since = lastLogId();
    const fetched = await syncDailyCloses(s.api, store, ['BTC_USDT', 'ETH_USDT'], from, now);
    expect(asked(PATHS.kline, since)).toHaveLength(2);
    const closes = store.dailyCloses('BTC_USDT');
    expect(closes.length).toBeGreaterThanOrEqual(30);
    expect(fetched).toBe(closes.length + store.dailyCloses('ETH_USDT').length);
    for (const c of closes) expect(c.day % DAY).toBe(0);
    const candles = await s.api.kline('BTC_USDT', {
      interval: '1d',
      start: Math.floor(closes[0]!.day / 1000),
      end: Math.floor(now / 1000),
    });
    expect(closes.map((c) => c.close)).toEqual(candles.map((c) => c.close));

    const again = lastLogId();
    await syncDailyCloses(s.api, store, ['BTC_USDT'], from, Date.now());
    const requests = asked(PATHS.kline, again);
    expect(requests).toHaveLength(1);
    expect(s.ex.requestLog(again).find((e) => e.path === PATHS.kline)!.query.start).toBe(
      String(closes.at(-1)!.day / 1000),
    );
  });

  it('over more than one request’s 1,440 days, stores every day, so the next sync asks from the last', async () => {
    const now = Date.now();
    const from = now - 5 * 365 * DAY;
    await syncDailyCloses(s.api, store, ['SOL_USDT'], from, now);
    const closes = store.dailyCloses('SOL_USDT');
    // One close per day from the first asked for to today: no day between two requests is missed.
    expect(closes[0]!.day).toBe(Math.floor(from / DAY) * DAY);
    expect(closes.at(-1)!.day - closes[0]!.day).toBe((closes.length - 1) * DAY);
    const again = lastLogId();
    await syncDailyCloses(s.api, store, ['SOL_USDT'], from, Date.now());
    expect(asked(PATHS.kline, again)).toHaveLength(1);
  });
});

/** Every movement stored for the profile, oldest first. */
function storedMovements(): Movement[] {
  return movementsOf({
    deals: store.deals('demo'),
    transfers: store.transfers('demo'),
    flexPayments: store.flexPayments('demo'),
  });
}

/** Since when every source is complete: the latest of the sources' cursors' `earliest`. */
function completeSince(): number {
  const cursors = (['deals', 'transfers', 'flexPayments'] as const).map((source) =>
    store.cursor('demo', source),
  );
  expect(cursors.every((c) => c !== undefined)).toBe(true);
  return Math.max(...cursors.map((c) => c!.earliest));
}

/** The balances now (as the Overview reads them) walked back through `movements`, valued from 400 days back. */
async function walkBack(movements: readonly Movement[]) {
  const overview = await portfolioOverview(s.api, 'USDT');
  const snapshot = snapshotOf(overview);
  const holdings: BackfillInput['holdings'] = Object.fromEntries(
    snapshot.holdings.map((h) => [
      h.ticker,
      new Decimal(h.main).add(h.trade).add(h.flex).toFixed(),
    ]),
  );
  const markets = marketsFor(
    snapshot.holdings.map((h) => h.ticker),
    'USDT',
    (await s.api.markets()).map((m) => m.name),
  );
  const now = overview.fetchedAt;
  const from = now - 400 * DAY;
  await syncDailyCloses(s.api, store, markets, from, now);
  const closes = indexCloses(markets.flatMap((m) => store.dailyCloses(m, from, now)));
  const series = backfill({
    now,
    holdings,
    movements,
    snapshots: [],
    closes,
    quote: 'USDT',
    from,
    to: now,
  });
  return { series, overview };
}

/**
 * The demo's seeded history explains its seeded balances, as a real account's would: synced as above
 * (with the deal made there) and walked back from the balances the Overview reads now (movementsOf,
 * backfill), no balance falls below zero anywhere, so the net-worth chart has no gap.
 */
describe('the synced demo history, walked back from the balances now', () => {
  it('has no gap over the period every source answers (the latest cursor’s earliest on)', async () => {
    const since = completeSince();
    // Deals answer six months back, transfers and payments from the beginning.
    expect(since).toBeGreaterThan(Date.now() - 200 * DAY);
    const movements = storedMovements().filter((m) => m.time >= since);
    const kinds = new Set(movements.map((m) => m.kind));
    expect([...kinds].sort()).toEqual(['deal', 'deposit', 'fee', 'flex', 'withdraw']);

    const { series, overview } = await walkBack(movements);
    expect(series.gaps).toEqual([]);
    // What the Overview cannot price today (no market), the chart cannot either; nothing else.
    expect(series.unpriced).toEqual(overview.unpriced);
    // A valued point at the end of every day from the first movement's on.
    const firstDayEnd = Math.floor(movements[0]!.time / DAY) * DAY + DAY - 1;
    expect(series.points[0]!.time).toBe(firstDayEnd);
    expect(series.points.length).toBeGreaterThan((Date.now() - firstDayEnd) / DAY);
    expect(series.points.every((p) => p.value !== null)).toBe(true);
  });

  it('has none over the whole history either: the opening balances are not below zero', async () => {
    const movements = storedMovements();
    // The transfers reach about a year back, past the deals' six months.
    expect(movements[0]!.time).toBeLessThan(Date.now() - 300 * DAY);
    const { series } = await walkBack(movements);
    expect(series.gaps).toEqual([]);
    expect(series.since).toBe(movements[0]!.time);
  });

  it('a deposit and a withdrawal made through the control endpoint are synced and explain the balances', async () => {
    const control = async (path: string, body: unknown) => {
      const r = await fetch(`${s.ex.url}/__control${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(r.status).toBe(200);
    };
    // More LTC than held before (30): booked without the credit, walking back would fall below zero.
    await control('/deposit', { ticker: 'LTC', amount: '250' });
    await control('/withdraw', { ticker: 'USDT', amount: '11000' });
    await syncHistory(s.api, store, 'demo', Date.now());
    // The newest two (made in the same second, they may come in either order).
    const made = store.transfers('demo').slice(-2);
    expect(made).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'deposit', ticker: 'LTC', amount: '250', fee: '0' }),
        expect.objectContaining({ kind: 'withdraw', ticker: 'USDT', amount: '11000', fee: '1' }),
      ]),
    );
    const { series } = await walkBack(storedMovements().filter((m) => m.time >= completeSince()));
    expect(series.gaps).toEqual([]);
  });
});
