import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../src/main/portfolioHistory/database';
import type {
  StoredConvert,
  StoredSubAccountTransfer,
} from '../../../src/main/portfolioHistory/records';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';

let store: HistoryStore;
beforeEach(() => {
  store = HistoryStore.open(undefined);
});
afterEach(() => store.close());

const move = (
  transactionId: string,
  time: number,
  over: Partial<StoredSubAccountTransfer> = {},
): StoredSubAccountTransfer => ({
  transactionId,
  subAccountId: 'sub-1',
  direction: 'main_to_sub',
  ticker: 'USDT',
  amount: '12.5',
  time,
  ...over,
});

const convert = (id: string, time: number, over: Partial<StoredConvert> = {}): StoredConvert => ({
  id,
  from: 'USDT',
  to: 'BTC',
  give: '100',
  receive: '0.00125',
  time,
  ...over,
});

describe('sub-account transfers and converts in the history database (migration 8)', () => {
  it('keeps each sub-account transfer once by its id, per profile, oldest first', () => {
    store.putSubAccountTransfers('p1', [move('b', 2_000), move('a', 1_000)]);
    // Fetched again (an overlapping sync), one of them changed: replaced, not added.
    store.putSubAccountTransfers('p1', [move('b', 2_000, { amount: '13' })]);
    store.putSubAccountTransfers('p2', [move('a', 5_000, { direction: 'sub_to_main' })]);
    expect(store.subAccountTransfers('p1')).toEqual([
      move('a', 1_000),
      move('b', 2_000, { amount: '13' }),
    ]);
    expect(store.subAccountTransfers('p2')).toEqual([
      move('a', 5_000, { direction: 'sub_to_main' }),
    ]);
    expect(store.subAccountTransfers('p1', 1_500, 3_000).map((t) => t.transactionId)).toEqual([
      'b',
    ]);
  });

  it('keeps each convert once by its id, per profile, oldest first, amounts as given', () => {
    store.putConverts('p1', [convert('2', 2_000), convert('1', 1_000, { receive: '0.10' })]);
    store.putConverts('p1', [convert('2', 2_000)]);
    store.putConverts('p2', [convert('1', 9_000)]);
    // The exchange's text stays as it was: "0.10" is not rewritten.
    expect(store.converts('p1')).toEqual([
      convert('1', 1_000, { receive: '0.10' }),
      convert('2', 2_000),
    ]);
    expect(store.converts('p2')).toEqual([convert('1', 9_000)]);
  });

  it('deletes them with the profile, and nothing of the others', () => {
    for (const p of ['p1', 'p2']) {
      store.putSubAccountTransfers(p, [move('a', 1)]);
      store.putConverts(p, [convert('1', 1)]);
      store.setCursor(p, { source: 'subAccount:sub-1', earliest: 0, through: 1 });
    }
    store.deleteProfile('p1');
    expect(store.subAccountTransfers('p1')).toEqual([]);
    expect(store.converts('p1')).toEqual([]);
    expect(store.cursor('p1', 'subAccount:sub-1')).toBeUndefined();
    expect(store.subAccountTransfers('p2')).toHaveLength(1);
    expect(store.converts('p2')).toHaveLength(1);
    expect(store.cursor('p2', 'subAccount:sub-1')).toBeDefined();
  });

  it('keeps the cursors of version 7 and takes cursors of the new sources', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moves-'));
    try {
      const path = join(dir, 'history.sqlite');
      const old = openHistoryDatabase(path, { migrateTo: 7 });
      old.prepare("INSERT INTO sync_cursors VALUES ('p1', 'deals', 10, 20)").run();
      expect(() =>
        old.prepare("INSERT INTO sync_cursors VALUES ('p1', 'converts', 1, 2)").run(),
      ).toThrow(/CHECK/);
      old.close();
      const migrated = new HistoryStore(openHistoryDatabase(path));
      expect(migrated.cursor('p1', 'deals')).toEqual({
        source: 'deals',
        earliest: 10,
        through: 20,
      });
      migrated.setCursor('p1', { source: 'converts', earliest: 1, through: 2 });
      migrated.setCursor('p1', { source: 'subAccount:7', earliest: 3, through: 4 });
      expect(migrated.cursor('p1', 'converts')?.through).toBe(2);
      expect(migrated.cursor('p1', 'subAccount:7')?.earliest).toBe(3);
      migrated.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
