import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ID } from '../../../src/main/accounts/profileStore';
import { SERIES_MAX_SNAPSHOTS, type SeriesRead } from '../../../src/main/portfolioHistory/store';
import { PROFIT_LOSS_CSV_COLUMNS } from '../../../src/main/portfolioHistory/profitLossCsv';
import { historyEarliest } from '../../../src/shared/executed';
import type {
  CsvExport,
  NetWorthSeries,
  PortfolioOverview,
  ProfitLoss,
} from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * portfolio.netWorth, profitLoss and the P&L export through main's channels on the demo exchange:
 * today's balances, the history synced from the exchange and the daily closes, put together.
 */

const KLINE = '/api/v1/public/kline';

afterEach(() => {
  vi.restoreAllMocks();
});

async function demo() {
  const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
  const log = core.demoExchange;
  const lastLogId = () => log.requestLog().at(-1)?.id ?? 0;
  return { core, call, log, lastLogId };
}

describe('portfolio history channels', () => {
  it('net worth "All" over 10,000 recorded snapshots reads a bucketed few, keeping a spike and the first', async () => {
    const { core, call } = await demo();
    const QUARTER = 15 * 60_000;
    // The snapshots at 7, 22, 37 and 52 past the hour, whatever the time now: how many of the
    // demo's movements fall after a day's last snapshot depends on that phase, and the test fixes it.
    const now = Math.floor(Date.now() / QUARTER) * QUARTER - 8 * 60_000;
    const count = 10_000;
    const first = now - count * QUARTER;
    for (let i = 0; i < count; i++) {
      const total = i === 7_000 ? '9999999.5' : String(1000 + (i % 97));
      core.history.addSnapshot(DEMO_ID, {
        takenAt: first + i * QUARTER,
        quote: 'USDT',
        total,
        holdings: [{ ticker: 'BTC', main: String(i), trade: '0', flex: '0', price: '1' }],
      });
    }
    const whole = vi.spyOn(core.history, 'snapshots');
    const series = vi.spyOn(core.history, 'seriesSnapshots');
    const all = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: 'all' });
    // Not every snapshot at once: the chosen ones, bucketed.
    expect(whole).not.toHaveBeenCalled();
    expect(series).toHaveBeenCalledTimes(1);
    const read = (await series.mock.results[0]!.value) as SeriesRead;
    expect(read.snapshots.length).toBeLessThanOrEqual(SERIES_MAX_SNAPSHOTS + 8);
    expect(read.snapshots.length).toBeGreaterThan(SERIES_MAX_SNAPSHOTS / 4);
    const live = all.points.filter((p) => p.source === 'live');
    expect(live.map((p) => p.value)).toContain('9999999.5');
    expect(live[0]!.time).toBe(first);
    // The days the snapshots record are drawn from them, not reconstructed beside them: a point
    // of the walk only where a movement followed a day's last snapshot (not one day in ten).
    const days = 1 + Math.floor((now - first) / 86_400_000);
    const walked = all.points.filter((p) => p.source === 'backfill' && p.time > first);
    expect(walked.length).toBeLessThan(days / 10);
    expect(all.since).toBeLessThanOrEqual(first); // the demo's transfers go further back
  });

  it('the series ends with the balances of now, recorded as a live point equal to the Overview', async () => {
    const { call } = await demo();
    const series = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: '1m' });
    const live = series.points.filter((p) => p.source === 'live');
    expect(live.length).toBeGreaterThan(0);
    const overview = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
    // Nothing moved between the two: the last live point is the Overview's total.
    expect(live.at(-1)!.value).toBe(overview.total);
    const now = series.fetchedAt;
    expect(series.points.every((p) => p.time >= now - 31 * 86_400_000 && p.time <= now)).toBe(true);
    const days = series.points.filter((p) => p.source === 'backfill');
    expect(days.length).toBeGreaterThanOrEqual(29);
    expect(days.every((p) => p.value === null || new Decimal(p.value).gt(0))).toBe(true);
    expect(series.historyLimit).toBe(historyEarliest(now) * 1000);
    expect(series.since).not.toBeNull();
  });

  it('heads the series with today, 7 d, 30 d and the year to date, and marks its transfers', async () => {
    const { call } = await demo();
    const series = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: '1w' });
    const now = series.fetchedAt;
    expect(series.from).toBe(now - 7 * 86_400_000);
    expect(series.periods.map((p) => p.id)).toEqual(['today', '7d', '30d', 'ytd']);
    const last = series.points.filter((p) => p.value !== null).at(-1)!.value!;
    for (const period of series.periods) {
      // Each change ends at the value now; a period the 1 w range does not reach is known too.
      if (period.change === null) continue;
      expect(new Decimal(period.start!).add(period.change).eq(last)).toBe(true);
    }
    expect(series.periods.find((p) => p.id === '30d')!.change).not.toBeNull();
    const all = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: 'all' });
    // The demo's history has deposits and withdrawals: each one in the range is marked.
    expect(all.transfers.length).toBeGreaterThan(0);
    expect(all.transfers.every((t) => t.time >= all.from && t.time <= all.fetchedAt)).toBe(true);
    expect(series.transfers.every((t) => t.time >= series.from)).toBe(true);
  });

  it('a trade made through the app is explained: no gap after the snapshot before it', async () => {
    const { call } = await demo();
    const before = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: '1w' });
    const recordedAt = before.points.filter((p) => p.source === 'live').at(-1)!.time;
    await call('orders.place', {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
    });
    await call('orders.place', {
      kind: 'stock_market',
      market: 'ETH_USDT',
      side: 'sell',
      amount: '0.05',
    });
    const after = await call<NetWorthSeries>('portfolio.netWorth', { quote: 'USDT', range: '1w' });
    expect(after.points.filter((p) => p.source === 'live' && p.time > recordedAt)).toHaveLength(1);
    expect(after.gaps.filter((g) => g.to > recordedAt)).toEqual([]);
  });

  it('daily closes are fetched once: a second series asks the kline only for today again', async () => {
    const { call, log, lastLogId } = await demo();
    await call('portfolio.netWorth', { quote: 'USDT', range: '1y' });
    const first = log.requestLog().filter((e) => e.path === KLINE).length;
    expect(first).toBeGreaterThan(0);
    const since = lastLogId();
    await call('portfolio.netWorth', { quote: 'USDT', range: '1y' });
    const again = log.requestLog(since).filter((e) => e.path === KLINE);
    // Each market's last stored day (today's, still moving) is asked again, nothing older.
    expect(again.length).toBeLessThanOrEqual(first);
    for (const entry of again) {
      const start = Number(entry.query['start'] ?? 0) * 1000;
      expect(Date.now() - start).toBeLessThan(2 * 86_400_000);
    }
  });

  it('profit and loss: one row per asset held or traded, its totals the sums, its CSV the rows', async () => {
    const { call } = await demo();
    await call('orders.place', {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.02',
    });
    const table = await call<ProfitLoss>('portfolio.profitLoss', { quote: 'USDT' });
    const overview = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
    const btc = table.rows.find((r) => r.ticker === 'BTC')!;
    expect(btc.amount).toBe(overview.rows.find((r) => r.ticker === 'BTC')!.total);
    expect(table.rows.some((r) => r.ticker === 'USDT')).toBe(false);
    const sum = (pick: (r: ProfitLoss['rows'][number]) => string | null) =>
      table.rows.reduce((s, r) => s.add(pick(r) ?? 0), new Decimal(0)).toFixed();
    expect(new Decimal(table.totals.realised).toFixed()).toBe(sum((r) => r.realised));
    expect(new Decimal(table.totals.fees).toFixed()).toBe(sum((r) => r.fees));

    const file = await call<CsvExport>('portfolio.exportProfitLossCsv', { quote: 'USDT' });
    expect(file.filename).toMatch(/^exchange-desk-profit-loss-USDT-\d{4}-\d\d-\d\d\.csv$/);
    const rows: Record<string, string>[] = parse(file.csv!, { columns: true, bom: true });
    expect(Object.keys(rows[0]!)).toEqual([...PROFIT_LOSS_CSV_COLUMNS]);
    expect(rows.filter((r) => r[PROFIT_LOSS_CSV_COLUMNS[0]] !== 'Total').length).toBe(file.rows);
  });
});
