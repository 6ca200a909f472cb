import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotsCsv } from '../../../src/main/portfolioHistory/snapshotsCsv';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { snapshot } from './fixtures';

let store: HistoryStore;
beforeEach(() => {
  store = HistoryStore.open(undefined);
});
afterEach(() => store.close());

describe('snapshots CSV', () => {
  it('lists each snapshot oldest first, its assets by ticker whatever order they were recorded in', () => {
    store.addSnapshot('p', snapshot(2_000_000, { XRP: '1', BTC: '0.5', ETH: '2' }));
    store.addSnapshot('p', snapshot(1_000, { USDT: '10', ADA: '3' }, { price: null }));
    const rows = parse(snapshotsCsv(store.snapshots('p'))) as string[][];
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ['1970-01-01T00:00:01.000Z', 'ADA', '3', ''],
      ['1970-01-01T00:00:01.000Z', 'USDT', '10', ''],
      ['1970-01-01T00:33:20.000Z', 'BTC', '0.5', '1'],
      ['1970-01-01T00:33:20.000Z', 'ETH', '2', '1'],
      ['1970-01-01T00:33:20.000Z', 'XRP', '1', '1'],
    ]);
  });
});
