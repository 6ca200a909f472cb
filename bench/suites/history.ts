import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HISTORY_FILE, openHistoryDatabase } from '../../src/main/portfolioHistory/database';
import type { Snapshot } from '../../src/main/portfolioHistory/records';
import { HistoryStore } from '../../src/main/portfolioHistory/store';
import {
  collectGarbage,
  fmt,
  fmtBytes,
  spread,
  fmtSpread,
  type BenchSuite,
  type Table,
  type Verdict,
} from '../support';

/**
 * The portfolio history database (issue 18): how big a year of snapshots makes the file, and how
 * long the net-worth chart's read takes. Snapshots of ASSETS assets, every amount and price
 * different from the last snapshot's (the worst case for size: nothing repeats), written through
 * HistoryStore.addSnapshot (one transaction each, deduplication checked) into a real file, which is
 * then checkpointed so that its size is the database's alone.
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

export const suite: BenchSuite = {
  name: 'history',
  title: 'Portfolio history database: file size per year, loading the chart’s range',
  async run(context) {
    const root = mkdtempSync(join(tmpdir(), 'desk-bench-history-'));
    try {
      const sizes: Table = {
        title: `Database file per year of snapshots (${ASSETS} assets, every value changing)`,
        columns: ['Snapshots', 'per year', 'holding rows', 'file', 'per snapshot'],
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
      for (let run = 0; run < LOAD_RUNS; run++) {
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
        title: `Loading ${LOAD_YEARS} years of daily snapshots (${fmt(days)} snapshots, ${fmt(days * ASSETS)} holdings, ${fmtBytes(loadBytes)}), ${LOAD_RUNS} runs`,
        columns: ['Step', 'median ms (min-max)'],
        rows: [
          ['open the file and read the range', fmtSpread(both, 1)],
          ['read the range (HistoryStore.snapshots)', fmtSpread(read, 1)],
        ],
      };
      const verdicts: Verdict[] = [
        {
          name: `open + read ${LOAD_YEARS} years of daily snapshots, within ${LOAD_TARGET_MS} ms`,
          ratio: both.median / LOAD_TARGET_MS,
          target: 1,
          pass: both.median <= LOAD_TARGET_MS,
        },
      ];
      return {
        tables: [sizes, load],
        verdicts,
        notes: [
          `Every snapshot through HistoryStore.addSnapshot (its dedupe check and one transaction each) into a file in ${tmpdir()}; synchronous=OFF while filling only (the size does not depend on it), then a WAL checkpoint: the size is the database file's.`,
          'Worst case for size: every amount and price differs from the last snapshot (amounts with 8 decimals, prices with 12 significant digits, a fifth of the assets with a flex amount).',
          `Loading: a fresh connection each run (migrations checked, PRAGMAs set), then the range read the chart needs, grouped into Snapshot objects; the OS file cache is warm. Rendering the chart is the renderer's part and not measured here.`,
        ],
        data: { ...data, load: { days, bytes: loadBytes, openAndReadMs: both, readMs: read } },
      };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
