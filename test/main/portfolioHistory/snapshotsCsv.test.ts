import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CSV_IN_ANSWER } from '../../../src/main/services/csv';
import {
  SNAPSHOTS_CSV_COLUMNS,
  exportSnapshotsCsv,
} from '../../../src/main/portfolioHistory/snapshotsCsv';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { snapshot } from './fixtures';

let store: HistoryStore;
beforeEach(() => {
  store = HistoryStore.open(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  store.close();
});

/** A native save that keeps the chunks it is given, as it would write them. */
function collecting() {
  const chunks: string[] = [];
  const saveFile = vi.fn(async (_name: string, written: AsyncIterable<string>) => {
    for await (const chunk of written) chunks.push(chunk);
    return '/home/me/snapshots.csv';
  });
  return { chunks, saveFile };
}

describe('snapshots CSV', () => {
  it('lists each snapshot oldest first, its assets by ticker whatever order they were recorded in', async () => {
    store.addSnapshot('p', snapshot(2_000_000, { XRP: '1', BTC: '0.5', ETH: '2' }));
    store.addSnapshot('p', snapshot(1_000, { USDT: '10', ADA: '3' }, { price: null }));
    const exported = await exportSnapshotsCsv(store, 'p', 'USDT', undefined);
    const rows = parse(exported.csv!) as string[][];
    expect(rows[0]).toEqual([...SNAPSHOTS_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ['1970-01-01T00:00:01.000Z', 'ADA', '3', ''],
      ['1970-01-01T00:00:01.000Z', 'USDT', '10', ''],
      ['1970-01-01T00:33:20.000Z', 'BTC', '0.5', '1'],
      ['1970-01-01T00:33:20.000Z', 'ETH', '2', '1'],
      ['1970-01-01T00:33:20.000Z', 'XRP', '1', '1'],
    ]);
    expect(exported.rows).toBe(5);
  });

  it('is written as it is made: a page of snapshots per chunk, never read whole', async () => {
    const tickers = Array.from({ length: 50 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    for (let i = 0; i < 300; i++) {
      store.addSnapshot(
        'p',
        snapshot(i * 20 * 60_000, Object.fromEntries(tickers.map((t) => [t, String(i)]))),
      );
    }
    const whole = vi.spyOn(store, 'snapshots');
    const { chunks, saveFile } = collecting();
    const saved = await exportSnapshotsCsv(store, 'p', 'USDT', saveFile);
    expect(whole).not.toHaveBeenCalled();
    expect(saved).toMatchObject({ rows: 300 * 50, savedTo: '/home/me/snapshots.csv' });
    expect(saveFile).toHaveBeenCalledWith(
      expect.stringMatching(/^exchange-desk-snapshots-USDT-\d{4}-\d{2}-\d{2}\.csv$/),
      expect.anything(),
    );
    // The header, then pages of at most 500 rows (10 snapshots of 50 assets).
    const lines = chunks.map((c) => c.split('\r\n').length - 1);
    expect(lines[0]).toBe(1);
    expect(chunks.length).toBeGreaterThanOrEqual(1 + (300 * 50) / 500);
    expect(Math.max(...lines)).toBeLessThanOrEqual(500);
    // The same text the page gets whole.
    const text = chunks.join('');
    expect(text).toBe((await exportSnapshotsCsv(store, 'p', 'USDT', undefined)).csv);
    expect((parse(text) as string[][]).length).toBe(1 + 300 * 50);
  });

  it('a native save the user cancels reads nothing', async () => {
    store.addSnapshot('p', snapshot(1_000, { BTC: '1' }));
    const pages = vi.spyOn(store, 'snapshotPages');
    const whole = vi.spyOn(store, 'snapshots');
    const cancelled = await exportSnapshotsCsv(store, 'p', 'USDT', async () => undefined);
    expect(cancelled).toMatchObject({ cancelled: true });
    expect(pages).not.toHaveBeenCalled();
    expect(whole).not.toHaveBeenCalled();
  });

  it('handed to the page whole (the web host) only up to its limit, refused in words beyond', async () => {
    // One snapshot whose CSV is over the limit: its rows are long, a few thousand of them.
    const long = 'X'.repeat(200);
    const mains = Object.fromEntries(
      Array.from({ length: Math.ceil(MAX_CSV_IN_ANSWER / 20_000) }, (_, i) => [`${long}${i}`, '1']),
    );
    for (let i = 0; i < 100; i++) store.addSnapshot('p', snapshot(i * 20 * 60_000, mains));
    await expect(exportSnapshotsCsv(store, 'p', 'USDT', undefined)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message:
        'This CSV is larger than 64 MiB, too large to hand to the page whole. Export it from the desktop app, which writes it to the file as it is made.',
    });
  });
});
