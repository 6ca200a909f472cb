import {
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Page } from 'playwright-core';
import { historyEarliest } from '../../src/shared/executed';
import type { NetWorthSeries } from '../../src/shared/model';
import { DEMO_ID } from '../../src/main/accounts/profileStore';
import type { Core } from '../../src/main/core/core';
import { ASSETS as DEMO_ASSETS } from '@exchange-desk/demo-exchange';
import { backfill, rangeBounds } from '../../src/main/portfolioHistory/backfill';
import { HISTORY_FILE } from '../../src/main/lib/dataFiles';
import { openHistoryDatabase } from '../../src/main/portfolioHistory/database';
import { movementsOf } from '../../src/main/portfolioHistory/movements';
import { indexCloses, marketsFor } from '../../src/main/portfolioHistory/prices';
import type { Snapshot } from '../../src/main/portfolioHistory/records';
import { PortfolioHistory } from '../../src/main/portfolioHistory/service';
import { exportSnapshotsCsv } from '../../src/main/portfolioHistory/snapshotsCsv';
import { HistoryStore } from '../../src/main/portfolioHistory/store';
import { syncDailyCloses, syncHistory } from '../../src/main/portfolioHistory/sync';
import type { WebHost } from '../../src/main/page/webHost';
import {
  chromiumExecutable,
  collectGarbage,
  RunLimit,
  fmt,
  fmtBytes,
  spread,
  fmtSpread,
  type BenchContext,
  type BenchSuite,
  type Spread,
  type Table,
  type Verdict,
} from '../support';
import { launchBenchBrowser, measureMarkedLoad, type MarkedLoad } from '../browser';
import { requireBuiltRenderer, startBenchHost } from '../webhost';

/**
 * The portfolio history database (issue 18): how big a year of snapshots makes the file, how long
 * the net-worth chart's read takes, and the time to open the Overview's net-worth chart on 'All'
 * over five years of daily snapshots (headless Chromium against the real web host, as mining.ts). Snapshots of ASSETS assets, every amount and price
 * different from the last snapshot's (the worst case for size: nothing repeats), written through
 * HistoryStore.addSnapshot (one transaction each, deduplication checked) into a real file, which is
 * then checkpointed so that its size is the database's alone.
 *
 * History at scale (issue 30): the same chart over 3 years of snapshots every 15 minutes (105,120),
 * with main's longest block (its thread's CPU between two turns of its event loop; the wall-clock
 * gap beside it) and its heap while each 'All' is answered and drawn, and the snapshot CSV of all
 * of them saved through the streaming path Electron's save dialog takes, its live heap sampled as
 * it is written.
 */

const ASSETS = 50;
const DAY = 86_400_000;
const QUARTER_HOUR = 15 * 60_000;
/** The chart's 'all' range over five years of daily snapshots: the read it needs. */
const LOAD_YEARS = 5;
const LOAD_RUNS = 15;
/** Issue 18: 5 years of daily snapshots for 50 assets load and render in under 200 ms. */
const LOAD_TARGET_MS = 200;

const tickers = Array.from({ length: ASSETS }, (_, i) => `A${String(i).padStart(2, '0')}X`);

const CHART_RUNS = 5;
const CHART_WARMUP_RUNS = 1;
const MAIN_RUNS = 5;

/** Issue 30: 3 years at 15 minutes. */
const SCALE_YEARS = 3;
const SCALE_SNAPSHOTS = SCALE_YEARS * 365 * 96;
/** Issue 30: net worth 'All' over them painted within 500 ms, main never blocked over 50 ms. */
const SCALE_PAINT_TARGET_MS = 500;
const BLOCK_TARGET_MS = 50;
/** The snapshot CSV streams: main's live heap stays within this of the start, whatever its size. */
const CSV_LIVE_HEAP_TARGET_MB = 32;

/** Snapshot number n: amounts with 8 decimals, prices with 12 significant digits, all moving. */
function snapshotAt(n: number, takenAt: number): Snapshot {
  const holdings = tickers.map((ticker, i) => ({
    ticker,
    main: ((n * 7919 + i * 104_729) % 100_000_000)
      .toString()
      .padStart(9, '0')
      .replace(/^(.)/, '$1.'),
    trade: `${(n + i) % 1000}.${String((n * 31 + i) % 100_000_000).padStart(8, '0')}`,
    flex: i % 5 === 0 ? `${i}.${String(n % 100_000_000).padStart(8, '0')}` : '0',
    price: `${1 + ((n + i) % 90_000)}.${String((n * 13 + i * 7) % 10_000_000).padStart(7, '0')}`,
  }));
  return { takenAt, quote: 'USDT', total: `${n * 1000}.12345678`, holdings };
}

/** Writes `times` as snapshots into a fresh file; answers its checkpointed size. */
function fill(dir: string, times: number[]): number {
  const db = openHistoryDatabase(join(dir, HISTORY_FILE));
  // Filling only: no fsync per snapshot, the size is the same (the app syncs every commit).
  db.exec('PRAGMA synchronous = OFF');
  const store = new HistoryStore(db);
  times.forEach((t, n) => store.addSnapshot('bench', snapshotAt(n, t)));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  store.close();
  return statSync(join(dir, HISTORY_FILE)).size;
}

/** Every 15 minutes during 8 hours of each day (the app open a working day), for `days`. */
const workingDayTimes = (days: number) =>
  Array.from(
    { length: days * 32 },
    (_, k) => Math.floor(k / 32) * DAY + 9 * 3_600_000 + (k % 32) * QUARTER_HOUR,
  );
const dailyTimes = (days: number) => Array.from({ length: days }, (_, k) => k * DAY);

/**
 * The chart's data: the Demo profile's 50 assets (every asset the demo lists, then made-up tickers
 * the demo does not list: unpriced in its klines, which a live point in its own quote does not
 * need). Amounts stay the same from day to day (so consecutive snapshots agree and the chart has
 * no gaps between them); prices and totals move.
 */
const chartTickers = [
  ...DEMO_ASSETS,
  ...Array.from(
    { length: ASSETS - DEMO_ASSETS.length },
    (_, i) => `Z${String(i).padStart(2, '0')}Q`,
  ),
].slice(0, ASSETS);

function chartSnapshot(n: number, takenAt: number): Snapshot {
  let total = 0;
  const holdings = chartTickers.map((ticker, i) => {
    const amount = 1 + (i % 7) * 0.5;
    const price = ticker === 'USDT' ? 1 : 10 + ((i * 37 + n) % 500) + Math.sin(n / 50 + i) * 5;
    total += amount * price;
    return {
      ticker,
      main: amount.toFixed(8),
      trade: '0.25',
      flex: '0',
      price: price.toFixed(8),
    };
  });
  return { takenAt, quote: 'USDT', total: total.toFixed(8), holdings };
}

/**
 * `count` snapshots of the Demo profile, one `every` ms (a day: five years of daily ones; 15
 * minutes: the scale runs), into `dir`/history.sqlite, ending the day before the deals the exchange
 * still shows begin (six months back): walked back from today
 * through the demo's own deals and transfers, the balances reach the newest made-up snapshot
 * different from it, which is one gap (today's balances down to that snapshot) instead of one per
 * day that has a demo movement.
 */
function fillChartHistory(
  dir: string,
  count: number,
  now: number,
  every = DAY,
): { bytes: number; from: number } {
  const db = openHistoryDatabase(join(dir, HISTORY_FILE));
  db.exec('PRAGMA synchronous = OFF');
  const store = new HistoryStore(db);
  const last = Math.floor((historyEarliest(now) * 1000) / DAY) * DAY - DAY + 12 * 3_600_000;
  const from = last - (count - 1) * every;
  for (let n = 0; n < count; n++) store.addSnapshot(DEMO_ID, chartSnapshot(n, from + n * every));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  store.close();
  // The bench's keychain cannot be read: the data folder records that no app lock is set (as the
  // app records it on a folder's first start), or the app would stay locked.
  writeFileSync(join(dir, 'app-lock.json'), JSON.stringify({ version: 1, enabled: false }));
  return { bytes: statSync(join(dir, HISTORY_FILE)).size, from };
}

/** What watchMain saw while something ran. */
interface MainWatch {
  /** The longest time between two turns of main's event loop (wall clock). */
  longestGapMs: number;
  /**
   * The most CPU time main's own thread spent between two turns of its event loop: how long main
   * itself held the loop. A gap longer than this was time the OS gave other processes.
   */
  longestBlockMs: number;
  /** The heap's peak above its value after a full collection at the start (garbage included). */
  heapPeakMb: number;
}

/**
 * Watches main's event loop while something runs: a timer every millisecond notes the wall time
 * and main's thread CPU time (process.threadCpuUsage) between two of its turns, and the heap every
 * 20 ms. On a machine that other work shares, the wall-clock gaps include the time this process
 * waited for a CPU; main's thread time between two turns is what main itself blocked.
 */
function watchMain(): { stop(): MainWatch } {
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let heapAt = performance.now();
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let lastWall = performance.now();
  let lastCpu = cpu();
  let longestGapMs = 0;
  let longestBlockMs = 0;
  const tick = () => {
    const wall = performance.now();
    const used = cpu();
    longestGapMs = Math.max(longestGapMs, wall - lastWall);
    longestBlockMs = Math.max(longestBlockMs, used - lastCpu);
    if (wall - heapAt >= 20) {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      heapAt = wall;
    }
    lastWall = wall;
    lastCpu = used;
  };
  const timer = setInterval(tick, 1);
  return {
    stop() {
      tick();
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      return { longestGapMs, longestBlockMs, heapPeakMb: (peak - base) / (1024 * 1024) };
    },
  };
}

/**
 * The CPU pressure of the machine (Linux PSI, /proc/pressure/cpu: the share of the last 10 s in
 * which some task waited for a CPU), or undefined where it cannot be read.
 */
function cpuPressure(): number | undefined {
  try {
    const line = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    const match = /avg10=([\d.]+)/.exec(line);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's spans and drawn points, the gaps in the series, and main while it was asked for and
 * drawn: its longest block and its heap's peak above the start (watchMain).
 */
type ChartRun = Omit<MarkedLoad<NetWorthSeries>, 'value'> & MainWatch & { gaps: number };

async function measureChart(page: Page, trigger: () => Promise<void>): Promise<ChartRun> {
  const main = watchMain();
  const load = await measureMarkedLoad<NetWorthSeries>(
    page,
    { channel: 'portfolio.netWorth', marks: 'networth', chartTestId: 'net-worth-chart' },
    trigger,
  );
  const { value, ...spans } = load;
  return { ...spans, gaps: value.gaps.length, ...main.stop() };
}

/**
 * Opens the Overview and measures its net-worth chart on 'All' (1y <-> All switches). `chromium`:
 * the browser to launch (default: the bench's, on this process's core).
 */
async function chartRuns(
  host: WebHost,
  context: BenchContext,
  chromium?: string,
): Promise<{ runs: ChartRun[]; noisy: string[] }> {
  const { browser, close } = await launchBenchBrowser(chromium);
  const runs: ChartRun[] = [];
  const limit = new RunLimit(context, CHART_WARMUP_RUNS + CHART_RUNS, CHART_WARMUP_RUNS + 1);
  try {
    const page = await browser.newPage();
    context.log('history: opening the Overview (the chart loads 3m first: the first sync)');
    const first = measureChart(page, async () => {
      await page.goto(host.pageUrl);
    });
    await page.getByTestId('active-profile').filter({ hasText: 'Demo' }).waitFor();
    const opened = await first;
    context.log(`history: first load (3m) ${fmt(opened.requestToPainted)} ms to painted`);
    const range = page.getByRole('group', { name: 'Range' });
    const choose = (label: string) => () =>
      range.getByRole('button', { name: label, exact: true }).click();
    for (let i = 0; limit.next(); i++) {
      const run = await measureChart(page, choose('All'));
      context.log(
        `history: All, run ${i + 1}${i < CHART_WARMUP_RUNS ? ' (warm-up)' : ''}: ` +
          `${fmt(run.drawn)} points, request->data ${fmt(run.requestToData)} ms, ` +
          `data->painted ${fmt(run.dataToPainted)} ms, main blocked ${fmt(run.longestBlockMs, 1)} ms ` +
          `at most (longest gap ${fmt(run.longestGapMs, 1)} ms), heap +${fmt(run.heapPeakMb, 1)} MiB`,
      );
      if (i >= CHART_WARMUP_RUNS) runs.push(run);
      await measureChart(page, choose('1y'));
    }
  } finally {
    await close();
  }
  return { runs, noisy: limit.noisy("the chart on 'All'") };
}

interface MainParts {
  netWorth: number;
  overview: number;
  sync: number;
  closes: number;
  read: number;
  compute: number;
}

/**
 * portfolio.netWorth('USDT', 'all') in main, called on a PortfolioHistory of the core's store in
 * this process, then its steps one by one as service.ts runs them: today's balances (the demo over
 * HTTP, recorded), the history sync and the daily closes' sync (HTTP), the store's reads (the
 * series' snapshots as seriesSnapshots reads them), and the reconstruction (backfill.ts, pure).
 */
async function mainParts(core: Core): Promise<MainParts> {
  const service = new PortfolioHistory({
    store: core.history,
    recorder: core.recorder,
    active: () => core.accounts.active(),
  });
  const store = core.history;
  collectGarbage();
  let t = performance.now();
  const series = await service.netWorth('USDT', 'all');
  const netWorth = performance.now() - t;
  if (series.points.length === 0) throw new Error('netWorth answered no points');

  const { id, api } = core.accounts.active();
  t = performance.now();
  const overview = await core.recorder.overview('USDT');
  const overviewMs = performance.now() - t;
  const now = overview.fetchedAt;
  t = performance.now();
  await syncHistory(api, store, id, now);
  const syncMs = performance.now() - t;

  t = performance.now();
  const cutoff = Math.max(
    0,
    ...(['deals', 'transfers', 'flexPayments'] as const).map(
      (source) => store.cursor(id, source)?.earliest ?? 0,
    ),
  );
  const records = {
    deals: store.deals(id, cutoff, now),
    transfers: store.transfers(id, cutoff, now),
    flexPayments: store.flexPayments(id, cutoff, now),
  };
  const { from, to } = rangeBounds('all', now);
  const { snapshots, lastOfDays } = await store.seriesSnapshots(id, from, now);
  const firstSnapshotAt = store.firstSnapshotAt(id);
  let read = performance.now() - t;
  const first = Math.min(
    ...[records.deals[0]?.time, records.transfers[0]?.time, firstSnapshotAt].filter(
      (time): time is number => time !== undefined,
    ),
  );
  const tickers = new Set(overview.rows.map((r) => r.ticker));
  for (const d of records.deals)
    for (const x of [...d.market.split('_'), d.feeAsset]) tickers.add(x);
  for (const x of records.transfers) tickers.add(x.ticker);
  for (const x of records.flexPayments) tickers.add(x.ticker);
  t = performance.now();
  const listed = (await api.markets()).filter((m) => m.tradesEnabled).map((m) => m.name);
  const markets = marketsFor([...tickers], 'USDT', listed);
  await syncDailyCloses(api, store, markets, first, now);
  const closesMs = performance.now() - t;
  t = performance.now();
  const closes = indexCloses(markets.flatMap((m) => store.dailyCloses(m, first - DAY)));
  read += performance.now() - t;

  t = performance.now();
  backfill({
    now,
    holdings: Object.fromEntries(overview.rows.map((r) => [r.ticker, r.total])),
    movements: movementsOf(records),
    snapshots,
    ...(lastOfDays ? { lastOfDays } : {}),
    ...(firstSnapshotAt !== undefined ? { firstSnapshotAt } : {}),
    closes,
    quote: 'USDT',
    from,
    to,
  });
  const compute = performance.now() - t;
  return { netWorth, overview: overviewMs, sync: syncMs, closes: closesMs, read, compute };
}

/** Five years of daily snapshots in a data folder, the core and the web host on it, the chart. */
async function chartOnFiveYears(root: string, context: BenchContext) {
  requireBuiltRenderer('history');
  const dataDir = mkdtempSync(join(root, 'app-'));
  const days = Math.round(LOAD_YEARS * 365.25);
  context.log(`history: ${LOAD_YEARS} years of daily snapshots of ${ASSETS} assets, Demo profile`);
  const filled = fillChartHistory(dataDir, days, Date.now());
  const { core, host, stop } = await startBenchHost({
    dataDir,
    demoExchange: { freezePrices: true },
  });
  try {
    const { runs, noisy } = await chartRuns(host, context);
    context.log('history: portfolio.netWorth in main, step by step');
    const parts: MainParts[] = [];
    const limit = new RunLimit(context, MAIN_RUNS);
    for (let failures = 0; limit.next();) {
      for (;;) {
        try {
          parts.push(await mainParts(core));
          break;
        } catch (error) {
          // A demo request can meet a kept-alive socket the server just closed: that run again.
          if (++failures > 2) throw error;
          context.log(`history: a main run failed, again: ${String(error)}`);
        }
      }
    }
    return { days, filled, runs, parts, noisy: [...noisy, ...limit.noisy('main, step by step')] };
  } finally {
    await stop();
  }
}

/** The snapshot CSV as Electron's save dialog writes it, and main while it is written. */
interface CsvRun extends MainWatch {
  rows: number;
  bytes: number;
  ms: number;
  /** Main's live heap (after a full collection) above the start, each 64 MiB of the file. */
  liveHeapMb: number[];
}

const CSV_SAMPLE_BYTES = 64 * 1024 * 1024;

/**
 * portfolio.exportSnapshotsCsv of every snapshot in USDT, through a save that pipes the pieces into
 * a file as Electron's saveWithDialog does (window.ts); each 64 MiB written, a full collection and
 * the live heap, which stays flat when the CSV streams.
 */
async function csvOfAll(core: Core, dir: string): Promise<CsvRun> {
  const path = join(dir, 'snapshots.csv');
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  const liveHeapMb: number[] = [];
  const main = watchMain();
  let written = 0;
  const t = performance.now();
  const result = await exportSnapshotsCsv(core.history, DEMO_ID, 'USDT', async (_name, chunks) => {
    async function* counted(): AsyncGenerator<string> {
      for await (const chunk of chunks) {
        const before = written;
        written += Buffer.byteLength(chunk);
        if (Math.floor(written / CSV_SAMPLE_BYTES) > Math.floor(before / CSV_SAMPLE_BYTES)) {
          collectGarbage();
          liveHeapMb.push((process.memoryUsage().heapUsed - base) / (1024 * 1024));
        }
        yield chunk;
      }
    }
    await pipeline(Readable.from(counted()), createWriteStream(path, 'utf8'));
    return path;
  });
  const ms = performance.now() - t;
  const watched = main.stop();
  return { rows: result.rows, bytes: statSync(path).size, ms, liveHeapMb, ...watched };
}

/**
 * 3 years of snapshots every 15 minutes in a data folder (issue 30), the core and the web host on
 * it: the chart on 'All' (main's longest block and heap each time), then the snapshot CSV of all.
 */
async function atScale(root: string, context: BenchContext) {
  requireBuiltRenderer('history');
  const dataDir = mkdtempSync(join(root, 'scale-'));
  context.log(
    `history: ${SCALE_YEARS} years of snapshots every 15 minutes (${fmt(SCALE_SNAPSHOTS)}) of ${ASSETS} assets, Demo profile`,
  );
  const t = performance.now();
  const filled = fillChartHistory(dataDir, SCALE_SNAPSHOTS, Date.now(), QUARTER_HOUR);
  context.log(`history: written in ${fmt((performance.now() - t) / 1000, 1)} s`);
  const { core, host, stop } = await startBenchHost({
    dataDir,
    demoExchange: { freezePrices: true },
  });
  // The browser on the other core (the demo runs in this process here): main's event loop then
  // measures main, not Chromium drawing on the same core.
  const chromium = chromiumExecutable(context.pinning, [context.pinning.serverCpu]);
  try {
    const pressureBefore = cpuPressure();
    const { runs, noisy } = await chartRuns(host, context, chromium.path);
    context.log('history: the snapshot CSV of every snapshot, written as Electron saves it');
    const csv = await csvOfAll(core, root);
    const pressureAfter = cpuPressure();
    context.log(
      `history: CSV ${fmt(csv.rows)} rows, ${fmtBytes(csv.bytes)} in ${fmt(csv.ms / 1000, 1)} s, ` +
        `live heap +${csv.liveHeapMb.map((mb) => fmt(mb, 1)).join(', ')} MiB, main blocked ` +
        `${fmt(csv.longestBlockMs, 1)} ms at most (longest gap ${fmt(csv.longestGapMs, 1)} ms)`,
    );
    return { filled, runs, noisy, csv, pressure: [pressureBefore, pressureAfter] };
  } finally {
    chromium.cleanup();
    await stop();
  }
}

const partSpread = (parts: MainParts[], key: keyof MainParts): Spread =>
  spread(parts.map((p) => p[key]));

export const suite: BenchSuite = {
  name: 'history',
  title:
    'Portfolio history: database size per year, loading the chart’s range, opening the Overview chart, at scale',
  async run(context) {
    const root = mkdtempSync(join(tmpdir(), 'desk-bench-history-'));
    try {
      const sizes: Table = {
        title: `Database file per year of snapshots (${ASSETS} assets, every value changing)`,
        columns: ['Snapshots', 'per year', 'holdings', 'file', 'per snapshot'],
        rows: [],
      };
      const data: Record<string, unknown> = {};
      for (const [name, times] of [
        ['every 15 min, 8 h a day', workingDayTimes(365)],
        ['daily', dailyTimes(365)],
      ] as const) {
        context.log(`history: writing a year of snapshots, ${name}`);
        const dir = mkdtempSync(join(root, 'size-'));
        const bytes = fill(dir, times);
        sizes.rows.push([
          name,
          fmt(times.length),
          fmt(times.length * ASSETS),
          fmtBytes(bytes),
          fmtBytes(Math.round(bytes / times.length)),
        ]);
        data[name] = { snapshots: times.length, bytes };
      }

      context.log(`history: ${LOAD_YEARS} years of daily snapshots, loading them`);
      const dir = mkdtempSync(join(root, 'load-'));
      const days = Math.round(LOAD_YEARS * 365.25);
      const loadBytes = fill(dir, dailyTimes(days));
      const openAndRead: number[] = [];
      const readOnly: number[] = [];
      const loads = new RunLimit(context, LOAD_RUNS);
      while (loads.next()) {
        collectGarbage();
        const start = performance.now();
        const store = HistoryStore.open(dir);
        const opened = performance.now();
        const snapshots = store.snapshots('bench', 0, days * DAY);
        const end = performance.now();
        store.close();
        if (snapshots.length !== days) throw new Error(`read ${snapshots.length} of ${days}`);
        openAndRead.push(end - start);
        readOnly.push(end - opened);
      }
      const both = spread(openAndRead);
      const read = spread(readOnly);
      const load: Table = {
        title: `Loading ${LOAD_YEARS} years of daily snapshots (${fmt(days)} snapshots, ${fmt(days * ASSETS)} holdings, ${fmtBytes(loadBytes)}), ${openAndRead.length} runs`,
        columns: ['Step', 'median ms (min-max)'],
        rows: [
          ['open the file and read the range', fmtSpread(both, 1)],
          ['read the range (HistoryStore.snapshots)', fmtSpread(read, 1)],
        ],
      };

      const chart = await chartOnFiveYears(root, context);
      const requestToData = spread(chart.runs.map((r) => r.requestToData));
      const dataToPainted = spread(chart.runs.map((r) => r.dataToPainted));
      const requestToPainted = spread(chart.runs.map((r) => r.requestToPainted));
      const part = (key: keyof MainParts) => partSpread(chart.parts, key);
      const [netWorth, overview, sync, closes, readPart, compute] = (
        ['netWorth', 'overview', 'sync', 'closes', 'read', 'compute'] as const
      ).map(part) as [Spread, Spread, Spread, Spread, Spread, Spread];
      // Load and render: what the app does with its own data (the store's reads, the
      // reconstruction, drawing); the demo's answers over HTTP (balances, sync, closes) are apart.
      const loadAndRender = readPart.median + compute.median + dataToPainted.median;
      const lastRun = chart.runs.at(-1)!;
      const opening: Table = {
        title: `Opening the Overview's net-worth chart on 'All': ${LOAD_YEARS} years of daily snapshots of ${ASSETS} assets (${fmtBytes(chart.filled.bytes)}), median (min-max) of ${chart.runs.length} runs in the page, ${chart.parts.length} in main`,
        columns: ['Measure', 'ms'],
        rows: [
          ['points drawn', fmt(lastRun.drawn)],
          ['request -> data in the page', fmtSpread(requestToData)],
          ['data -> painted chart', fmtSpread(dataToPainted)],
          ['request -> painted chart', fmtSpread(requestToPainted)],
          ['main: portfolio.netWorth, whole', fmtSpread(netWorth)],
          ['main: today’s balances (demo over HTTP)', fmtSpread(overview)],
          ['main: history sync (demo over HTTP)', fmtSpread(sync)],
          ['main: daily closes sync (demo over HTTP)', fmtSpread(closes)],
          ['main: store reads (snapshots, records, closes)', fmtSpread(readPart, 1)],
          ['main: reconstruction (backfill)', fmtSpread(compute, 1)],
          [
            'main: portfolio.netWorth less its three HTTP steps (medians)',
            fmt(netWorth.median - overview.median - sync.median - closes.median),
          ],
          ['load and render: reads + reconstruction + data -> painted', fmt(loadAndRender)],
        ],
      };

      const scale = await atScale(root, context);
      const scalePainted = spread(scale.runs.map((r) => r.requestToPainted));
      const scaleBlock = spread(scale.runs.map((r) => r.longestBlockMs));
      const scaleGap = spread(scale.runs.map((r) => r.longestGapMs));
      const scaleHeap = spread(scale.runs.map((r) => r.heapPeakMb));
      const liveHeap = scale.csv.liveHeapMb;
      const liveHeapMax = Math.max(0, ...liveHeap);
      const scaleLast = scale.runs.at(-1)!;
      const atScaleTable: Table = {
        title: `Net worth 'All' over ${SCALE_YEARS} years of snapshots every 15 minutes: ${fmt(SCALE_SNAPSHOTS)} snapshots of ${ASSETS} assets (${fmtBytes(scale.filled.bytes)}), median (min-max) of ${scale.runs.length} runs`,
        columns: ['Measure', 'value'],
        rows: [
          ['points drawn', fmt(scaleLast.drawn)],
          [
            'request -> data in the page, ms',
            fmtSpread(spread(scale.runs.map((r) => r.requestToData))),
          ],
          ['data -> painted chart, ms', fmtSpread(spread(scale.runs.map((r) => r.dataToPainted)))],
          ['request -> painted chart, ms', fmtSpread(scalePainted)],
          [
            "main's longest block (its thread's CPU between two turns of its loop), ms",
            fmtSpread(scaleBlock, 1),
          ],
          [
            "main's longest gap between two turns (wall clock, other processes' time included), ms",
            fmtSpread(scaleGap, 1),
          ],
          ["main's heap, peak above the start, MiB", fmtSpread(scaleHeap, 1)],
        ],
      };
      const csvTable: Table = {
        title: `The snapshot CSV of all ${fmt(SCALE_SNAPSHOTS)} snapshots, saved as Electron's dialog saves it`,
        columns: ['Measure', 'value'],
        rows: [
          ['rows', fmt(scale.csv.rows)],
          ['file', fmtBytes(scale.csv.bytes)],
          ['time, s', fmt(scale.csv.ms / 1000, 1)],
          [
            "main's longest block (its thread's CPU between two turns of its loop), ms",
            fmt(scale.csv.longestBlockMs, 1),
          ],
          ["main's longest gap between two turns (wall clock), ms", fmt(scale.csv.longestGapMs, 1)],
          [
            "main's heap, peak above the start (garbage included), MiB",
            fmt(scale.csv.heapPeakMb, 1),
          ],
          [
            'live heap above the start (after a full collection) each 64 MiB written, MiB',
            liveHeap.map((mb) => fmt(mb, 1)).join(', '),
          ],
          [
            'CPU pressure of the machine before the runs and after the CSV (PSI some avg10, %)',
            scale.pressure.map((p) => (p === undefined ? 'n/a' : fmt(p, 0))).join(', '),
          ],
        ],
      };
      const verdicts: Verdict[] = [
        {
          name: `open + read ${LOAD_YEARS} years of daily snapshots, within ${LOAD_TARGET_MS} ms`,
          ratio: both.median / LOAD_TARGET_MS,
          target: 1,
          pass: both.median <= LOAD_TARGET_MS,
        },
        {
          name: `${LOAD_YEARS} years of daily snapshots load and render (store reads + reconstruction + data -> painted, medians), within ${LOAD_TARGET_MS} ms`,
          ratio: loadAndRender / LOAD_TARGET_MS,
          target: 1,
          pass: loadAndRender <= LOAD_TARGET_MS,
        },
        {
          name: `net worth 'All' over ${fmt(SCALE_SNAPSHOTS)} snapshots painted (request -> painted, median) within ${SCALE_PAINT_TARGET_MS} ms`,
          ratio: scalePainted.median / SCALE_PAINT_TARGET_MS,
          target: 1,
          pass: scalePainted.median <= SCALE_PAINT_TARGET_MS,
        },
        {
          name: `main never blocked over ${BLOCK_TARGET_MS} ms while 'All' is answered and drawn (its thread's CPU between two turns, longest of every run)`,
          ratio: scaleBlock.max / BLOCK_TARGET_MS,
          target: 1,
          pass: scaleBlock.max <= BLOCK_TARGET_MS,
        },
        {
          name: `the snapshot CSV (${fmtBytes(scale.csv.bytes)}) written with main never blocked over ${BLOCK_TARGET_MS} ms (the same measure)`,
          ratio: scale.csv.longestBlockMs / BLOCK_TARGET_MS,
          target: 1,
          pass: scale.csv.longestBlockMs <= BLOCK_TARGET_MS,
        },
        {
          name: `the snapshot CSV at constant memory: main's live heap within ${CSV_LIVE_HEAP_TARGET_MB} MiB of the start all the way through`,
          ratio: liveHeapMax / CSV_LIVE_HEAP_TARGET_MB,
          target: 1,
          pass: liveHeap.length > 0 && liveHeapMax <= CSV_LIVE_HEAP_TARGET_MB,
        },
      ];
      return {
        tables: [sizes, load, opening, atScaleTable, csvTable],
        verdicts,
        noisy: [...loads.noisy('open + read'), ...chart.noisy, ...scale.noisy],
        notes: [
          `Every snapshot through HistoryStore.addSnapshot (its dedupe check and one transaction each) into a file in ${tmpdir()}; synchronous=OFF while filling only (the size does not depend on it), then a WAL checkpoint: the size is the database file's.`,
          'Worst case for size: every amount and price differs from the last snapshot (amounts with 8 decimals, prices with 12 significant digits, a fifth of the assets with a flex amount).',
          `Loading: a fresh connection each run (migrations checked, PRAGMAs set), then the range read the chart needs, grouped into Snapshot objects; the OS file cache is warm.`,
          `Chart: ${fmt(chart.days)} daily snapshots of the Demo profile (the ${DEMO_ASSETS.length} assets the demo lists and ${ASSETS - DEMO_ASSETS.length} made-up ones, amounts steady, prices and totals moving) written through HistoryStore into a fresh data folder, ending where the deals the exchange shows begin (six months back); then startCore on that folder (demo prices frozen), the web host and headless Chromium (--disable-gpu), as the mining suite. ${lastRun.gaps} gap(s) in the series: today's demo balances walked back to the newest made-up snapshot differ from it.`,
          "Marks from the page: 'networth:request' when the store sends portfolio.netWorth, 'networth:data' when the answer arrives, 'networth:painted' in the requestAnimationFrame after NetWorthChart committed it. Runs switch 1y -> All (each a fresh request); the first (3m, the first sync and five years of daily closes) and one warm-up All are not counted.",
          'request -> data is all of main: today’s balances from the demo (recorded as a snapshot), the incremental history sync and the daily closes since the first snapshot (one kline request per market), the store reads, the reconstruction over every day (a day whose snapshot nothing followed is not valued again), the reduction to about 1,200 points to draw, and the JSON over the web host. The main rows time these steps one by one in this process, on a PortfolioHistory of the core’s store; "load and render" leaves out the demo’s HTTP answers, which depend on the exchange, not on the history kept.',
          'The daily closes sync asks each market only from its last stored day (today again, still moving): one kline request per market.',
          'The browser, the web host and the demo exchange share the CPU(s) this process is pinned to.',
          `At scale (issue 30): ${fmt(SCALE_SNAPSHOTS)} snapshots every 15 minutes, as the chart's (amounts steady, prices and totals moving), ending where the deals begin; the same runs as above (1y -> All). Beyond 1,200 snapshots in a range, main reads them bucketed (store.ts seriesSnapshots: per bucket the first, last, lowest and highest total) in statements of bounded size with a turn of the event loop between them.`,
          "Main while 'All' is asked for and drawn (from the click to the painted mark): a timer every millisecond notes, between two turns of main's event loop, the wall time and main's thread CPU time (process.threadCpuUsage). The thread's CPU between two turns is how long main itself held its loop (a block); the wall-clock gap adds the time the OS gave other processes, which on this shared machine (2 cores, other sessions' builds and tests; see the CPU pressure row) is most of it. The demo exchange and the web host run in this process too, as the demo runs in main in the app; Chromium runs on the other core for these runs (the 5-year runs above keep it on this one, as before). Heap: process.memoryUsage().heapUsed every 20 ms, above its value after a full collection at the start.",
          `CSV: portfolio.exportSnapshotsCsv in USDT of every snapshot, its pieces piped into a file in ${tmpdir()} (as window.ts saveWithDialog does); each 64 MiB written, a full collection and the live heap above the start (the collections are in the block figures).`,
        ],
        data: {
          ...data,
          load: { days, bytes: loadBytes, openAndReadMs: both, readMs: read },
          chart: {
            days: chart.days,
            bytes: chart.filled.bytes,
            runs: chart.runs,
            main: chart.parts,
            requestToData,
            dataToPainted,
            requestToPainted,
            loadAndRenderMs: loadAndRender,
            targetMs: LOAD_TARGET_MS,
          },
          scale: {
            snapshots: SCALE_SNAPSHOTS,
            bytes: scale.filled.bytes,
            runs: scale.runs,
            requestToPainted: scalePainted,
            longestBlockMs: scaleBlock,
            heapPeakMb: scaleHeap,
            paintTargetMs: SCALE_PAINT_TARGET_MS,
            blockTargetMs: BLOCK_TARGET_MS,
            longestGapMs: scaleGap,
            csv: scale.csv,
            csvLiveHeapTargetMb: CSV_LIVE_HEAP_TARGET_MB,
            cpuPressure: scale.pressure,
          },
        },
      };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
