import Decimal from 'decimal.js';
import { holdingValue } from '../../shared/decimal';
import type { CsvExport } from '../../shared/model';
import { deliverCsv, toCsv, type SaveFile } from '../services/csv';
import type { Snapshot } from './records';
import type { HistoryStore } from './store';

/** Columns of the snapshots CSV: explicit units, ISO 8601 times (UTC). */
export const SNAPSHOTS_CSV_COLUMNS = [
  'Time (ISO 8601, UTC)',
  'Asset',
  'Main',
  'Trade',
  'Flex',
  'Total',
  'Amount unit',
  'Price',
  'Value',
  'Snapshot total',
  'Price, value and snapshot total unit',
] as const;

const byTicker = (a: { ticker: string }, b: { ticker: string }) =>
  a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;

/**
 * One row per asset of each snapshot, oldest first, assets by ticker: the amounts held (in the asset), the price
 * the snapshot used and the value it gave (empty when the asset had no price), and the snapshot's
 * total, all in the snapshot's quote.
 */
export function snapshotsCsv(snapshots: readonly Snapshot[]): string {
  const rows = snapshots.flatMap((s) => {
    const time = new Date(s.takenAt).toISOString();
    return [...s.holdings].sort(byTicker).map((h) => {
      const held = new Decimal(h.main).add(h.trade).add(h.flex);
      return [
        time,
        h.ticker,
        h.main,
        h.trade,
        h.flex,
        held.toFixed(),
        h.ticker,
        h.price ?? '',
        h.price === null ? '' : holdingValue(held, h.price).toFixed(),
        s.total,
        s.quote,
      ];
    });
  });
  return toCsv(SNAPSHOTS_CSV_COLUMNS, rows);
}

/** `portfolio.exportSnapshotsCsv`: the active profile's snapshots recorded in `quote`. */
export function exportSnapshotsCsv(
  store: HistoryStore,
  profileId: string,
  quote: string,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const snapshots = store.snapshots(profileId).filter((s) => s.quote === quote);
  const filename = `exchange-desk-snapshots-${quote}-${new Date().toISOString().slice(0, 10)}.csv`;
  const rows = snapshots.reduce((n, s) => n + s.holdings.length, 0);
  return deliverCsv(filename, snapshotsCsv(snapshots), rows, saveFile);
}
