import { readSync } from 'node:fs';
import { HistoryStore, SNAPSHOT_DEDUPE_MS } from '../../../src/main/portfolioHistory/store';
import type { Snapshot } from '../../../src/main/portfolioHistory/records';

/**
 * The crash test's writer (crash.test.ts runs it under tsx): snapshots of 50 assets, one after the
 * other, each reported on stdout once committed ("<n>\n"), until it is killed. After each report it
 * waits for one byte on stdin before writing the next, so it is never more than one snapshot ahead
 * of what the test has read, however slowly the test reads. It goes on from the snapshots the file
 * already has, so every run adds to the same series.
 */
const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: crashWriter <data folder>');
const store = HistoryStore.open(dataDir);
const tickers = Array.from({ length: 50 }, (_, i) => `A${i}`);
const snapshotNumber = (n: number): Snapshot => ({
  takenAt: n * SNAPSHOT_DEDUPE_MS,
  quote: 'USDT',
  total: String(n * 50),
  holdings: tickers.map((ticker) => ({
    ticker,
    main: String(n),
    trade: '0.5',
    flex: '0',
    price: '1',
  })),
});
const go = Buffer.alloc(1);
const last = store.lastSnapshot('crash');
for (let n = last ? last.takenAt / SNAPSHOT_DEDUPE_MS + 1 : 0; ; n++) {
  store.addSnapshot('crash', snapshotNumber(n));
  process.stdout.write(`${n}\n`);
  if (readSync(0, go, 0, 1, null) === 0) break;
}
