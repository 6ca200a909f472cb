import Decimal from 'decimal.js';
import { historyEarliest } from '../../shared/executed';
import type {
  CsvExport,
  Millis,
  NetWorthPoint,
  NetWorthRange,
  NetWorthSeries,
  PortfolioOverview,
  ProfitLoss,
} from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { csvFileName, deliverCsv, type SaveFile } from '../services/csv';
import { downsample } from '../services/downsample';
import { nextTurn } from '../lib/nextTurn';
import { backfillSliced, rangeBounds } from './backfill';
import type { Ratio } from './exact';
import { movementsOf } from './movements';
import { netWorthPeriods, periodStarts, transfersWithin } from './periods';
import { DAY_MS, indexCloses, marketsFor } from './prices';
import { profitLoss } from './profitLoss';
import { profitLossCsv } from './profitLossCsv';
import type { SyncCursor } from './records';
import type { SnapshotRecorder } from './recorder';
import type { HistoryStore } from './store';
import { syncDailyCloses, syncHistory } from './sync';

/**
 * The portfolio history's channels (issue 18): what the exchange added since the last sync is
 * fetched into the store (sync.ts), then the series and the profit and loss are computed from the
 * store (backfill.ts, profitLoss.ts) and today's balances (the Overview's answer).
 *
 * Only the stretch every source reaches is used: deals answer six months back, deposits and
 * withdrawals further, so walking back through transfers older than the oldest deal would make up
 * a change the deals would have explained. Records the store kept from earlier syncs stay usable:
 * a source's cursor keeps the earliest time it was ever fetched from.
 */

const SOURCES: SyncCursor['source'][] = ['deals', 'transfers', 'flexPayments'];
/** About one point per pixel of a wide chart: more cannot be seen, and costs time to draw. */
export const MAX_POINTS = 1200;

export interface HistoryServiceOptions {
  store: HistoryStore;
  recorder: SnapshotRecorder;
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: ExchangeApi };
}

export class PortfolioHistory {
  private readonly syncs = new Map<string, Promise<void>>();
  private readonly overviews = new Map<string, Promise<PortfolioOverview>>();

  constructor(private readonly options: HistoryServiceOptions) {}

  /**
   * `portfolio.netWorth`. The snapshots of the range are read bucketed when there are many (3
   * years at 15 minutes are 105,000: store.ts seriesSnapshots), in statements of bounded size.
   */
  async netWorth(quote: string, range: NetWorthRange): Promise<NetWorthSeries> {
    const { id, overview, records, miningRewards, closes, firstSnapshotAt } = await this.prepare(
      quote,
      Date.now(),
    );
    // Up to the balances just fetched (and recorded): the series ends with them.
    const now = overview.fetchedAt;
    const { from, to } = rangeBounds(range, now);
    // Mining rewards paid into the main balance are income in the walk (movements.ts).
    const movements = movementsOf({ ...records, miningRewards });
    const build = async (start: Millis) => {
      const { snapshots, lastOfDays } = await this.options.store.seriesSnapshots(id, start, now);
      return backfillSliced(
        {
          now: overview.fetchedAt,
          holdings: holdingsOf(overview),
          movements,
          snapshots,
          ...(lastOfDays ? { lastOfDays } : {}),
          ...(firstSnapshotAt !== undefined ? { firstSnapshotAt } : {}),
          closes,
          quote,
          from: start,
          to,
        },
        nextTurn,
      );
    };
    const series = await build(from);
    // The headline's periods reach back to 1 January whatever the range: built again when the
    // range starts later (a short range keeps its own, finer series).
    const starts = periodStarts(now);
    const earliest = Math.min(...starts.map((p) => p.from));
    const wide = earliest < from ? await build(earliest) : series;
    return {
      quote,
      range,
      from,
      periods: netWorthPeriods(wide.points, starts),
      transfers: transfersWithin(records.transfers, from, to),
      ...series,
      points: drawable(series.points, MAX_POINTS),
      historyLimit: historyEarliest(now) * 1000,
      fetchedAt: now,
    };
  }

  /** `portfolio.profitLoss`. */
  async profitLoss(quote: string): Promise<ProfitLoss> {
    const now = Date.now();
    const { overview, records, closes } = await this.prepare(quote, now);
    const prices = new Map(overview.rows.map((r) => [r.ticker, r.price]));
    return profitLoss({
      ...records,
      holdings: holdingsOf(overview),
      priceNow: (ticker) => {
        const price = prices.get(ticker);
        return price ? new Decimal(price) : undefined;
      },
      closes,
      quote,
      now,
    });
  }

  /** `portfolio.exportProfitLossCsv`. */
  async exportProfitLossCsv(quote: string, saveFile: SaveFile | undefined): Promise<CsvExport> {
    const table = await this.profitLoss(quote);
    const filename = csvFileName(`profit-loss-${quote}`);
    return deliverCsv(filename, profitLossCsv(table), table.rows.length, saveFile);
  }

  /**
   * The profile's records up to `now` from where every source is complete (the stretch each
   * source reaches), with the mining rewards kept for the Mining screen's accounts
   * (services/miningRewards.ts syncs them).
   */
  records(profileId: string, now: Millis) {
    const { store } = this.options;
    const cutoff = Math.max(
      0,
      ...SOURCES.map((source) => store.cursor(profileId, source)?.earliest ?? 0),
    );
    return {
      deals: store.deals(profileId, cutoff, now),
      transfers: store.transfers(profileId, cutoff, now),
      flexPayments: store.flexPayments(profileId, cutoff, now),
      // Moves between the user's own accounts, and converts (issue 34 item 6).
      subAccountTransfers: store.subAccountTransfers(profileId, cutoff, now),
      converts: store.converts(profileId, cutoff, now),
      // The rewards kept for the Mining screen's accounts (services/miningRewards.ts syncs them).
      miningRewards: store.miningRewards.between(profileId, cutoff, now),
    };
  }

  /**
   * Today's balances, the profile's records since every source is complete, and the daily closes
   * that price them in `quote` from the first of them (fetched when missing).
   */
  async prepare(quote: string, now: Millis) {
    const { id, api } = this.options.active();
    const overview = await this.todays(id, quote);
    await this.sync(id, api, now);
    const { store } = this.options;
    const { miningRewards, ...records } = this.records(id, now);
    const firstSnapshotAt = store.firstSnapshotAt(id);
    const times = [
      records.deals[0]?.time,
      records.transfers[0]?.time,
      records.flexPayments[0]?.time,
      firstSnapshotAt,
    ].filter((t): t is number => t !== undefined);
    const first = times.length > 0 ? Math.min(...times) : now;
    const tickers = new Set(overview.rows.map((r) => r.ticker));
    for (const d of records.deals) {
      for (const t of [...d.market.split('_'), d.feeAsset]) tickers.add(t);
    }
    for (const t of records.transfers) tickers.add(t.ticker);
    for (const p of records.flexPayments) tickers.add(p.ticker);
    for (const r of miningRewards) tickers.add(r.currency);
    for (const t of records.subAccountTransfers) tickers.add(t.ticker);
    for (const c of records.converts) for (const t of [c.from, c.to]) tickers.add(t);
    // The kline answers trading markets only.
    const listed = (await api.markets()).filter((m) => m.tradesEnabled).map((m) => m.name);
    const markets = marketsFor([...tickers], quote, listed);
    await syncDailyCloses(api, store, markets, first, now);
    // Years of closes of a dozen markets: read and indexed a market at a time.
    const closes = new Map<string, Map<number, Ratio>>();
    for (const market of markets) {
      indexCloses(store.dailyCloses(market, first - DAY_MS), closes);
      await nextTurn();
    }
    return { id, overview, records, miningRewards, closes, firstSnapshotAt };
  }

  /**
   * Today's balances: a new Overview (recorded as a snapshot like any other), shared by the calls
   * that ask at once (the chart and the table load together). Never an older answer: walked back
   * through deals fetched after it, an older balance would make a gap of a trade just made.
   */
  private todays(profileId: string, quote: string): Promise<PortfolioOverview> {
    return this.shared(this.overviews, `${profileId} ${quote}`, () =>
      this.options.recorder.overview(quote),
    );
  }

  /** One sync at a time per profile: the calls that ask while it runs share it. */
  private sync(profileId: string, api: ExchangeApi, now: Millis): Promise<void> {
    return this.shared(this.syncs, profileId, () =>
      syncHistory(api, this.options.store, profileId, now).then(() => undefined),
    );
  }

  private shared<T>(running: Map<string, Promise<T>>, key: string, start: () => Promise<T>) {
    const current = running.get(key);
    if (current) return current;
    const started = start().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }
}

/** Held now per asset: every account's total, as the Overview adds it up. */
function holdingsOf(overview: PortfolioOverview): Record<string, string> {
  return Object.fromEntries(overview.rows.map((r) => [r.ticker, r.total]));
}

/**
 * The series as the chart draws it: at most about `max` points. Each run of valued points of one
 * source is reduced on its own (downsample.ts keeps peaks and dips), in proportion to its length;
 * points without a value (gaps) and where the source changes are kept, so the lines break and meet
 * where they did. Values stay the decimal strings computed; the number is plot geometry only.
 */
export function drawable(points: readonly NetWorthPoint[], max: number): NetWorthPoint[] {
  if (points.length <= max) return [...points];
  const out: NetWorthPoint[] = [];
  let run: NetWorthPoint[] = [];
  const flush = () => {
    const share = Math.max(3, Math.round((run.length / points.length) * max));
    out.push(
      ...downsample(
        run,
        share,
        (p) => p.time,
        (p) => Number(p.value),
      ),
    );
    run = [];
  };
  for (const point of points) {
    if (point.value === null) {
      flush();
      out.push(point);
    } else {
      if (run.length > 0 && run[0]!.source !== point.source) flush();
      run.push(point);
    }
  }
  flush();
  return out;
}
