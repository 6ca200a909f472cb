import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  inTransaction,
  migrate,
  openHistoryDatabase,
} from '../../../src/main/portfolioHistory/database';
import {
  LATEST_VERSION,
  MIGRATIONS,
  schemaVersion,
} from '../../../src/main/portfolioHistory/migrations';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { snapshot } from './fixtures';

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-history-'));
  path = join(dir, 'history.sqlite');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const tables = (db: DatabaseSync) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('the history database file', () => {
  it('is created private (0600), in WAL mode, with foreign keys on and a full sync', async () => {
    const db = openHistoryDatabase(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(db.prepare('PRAGMA journal_mode').get()).toMatchObject({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA foreign_keys').get()).toMatchObject({ foreign_keys: 1 });
    // FULL is 2.
    expect(db.prepare('PRAGMA synchronous').get()).toMatchObject({ synchronous: 2 });
    expect(
      (db.prepare('PRAGMA busy_timeout').get() as { timeout: number }).timeout,
    ).toBeGreaterThan(0);
    db.close();
  });

  it('migrates an empty file to the latest version', () => {
    const db = openHistoryDatabase(path);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(3);
    // Version 3 moved the holdings into their snapshot's row.
    expect(tables(db)).not.toContain('snapshot_holdings');
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'snapshots',
        'deals',
        'transfers',
        'flex_payments',
        'daily_closes',
        'sync_cursors',
      ]),
    );
    db.close();
  });

  it.each(MIGRATIONS.slice(0, -1).map((m) => m.version))(
    'migrates from version %i to the latest, keeping the snapshots',
    (version) => {
      const old = openHistoryDatabase(path, { migrateTo: version });
      expect(schemaVersion(old)).toBe(version);
      // As that version's app wrote it (the store of today prepares statements of later tables).
      old.prepare("INSERT INTO snapshots VALUES (7, 'p1', 1000, 'USDT', '0')").run();
      old.prepare("INSERT INTO snapshots VALUES (8, 'p1', 2000, 'USDT', '0')").run();
      old.prepare("INSERT INTO snapshot_holdings VALUES (7, 'XRP', '5', '0', '0', NULL)").run();
      old.prepare("INSERT INTO snapshot_holdings VALUES (7, 'BTC', '1', '0.25', '0', '1')").run();
      old.close();

      const db = openHistoryDatabase(path);
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      const store = new HistoryStore(db);
      const first = snapshot(1_000, { BTC: '1', XRP: '5' });
      first.holdings[0]!.trade = '0.25';
      first.holdings[1]!.price = null;
      // By ticker, a missing price kept as none; a snapshot without holdings stays one.
      expect(store.snapshots('p1')).toEqual([first, snapshot(2_000, {})]);
      store.putDeals('p1', []);
      store.close();
    },
  );

  it('reopens a current file without changing it', () => {
    const store = new HistoryStore(openHistoryDatabase(path));
    store.addSnapshot('p1', snapshot(1_000, { BTC: '1' }));
    store.close();
    const again = new HistoryStore(openHistoryDatabase(path));
    expect(again.snapshots('p1')).toHaveLength(1);
    again.close();
  });

  it('applies each migration in one transaction: a failing one leaves the last version', () => {
    const db = new DatabaseSync(path);
    const broken = [
      ...MIGRATIONS.slice(0, 1),
      { version: 2, name: 'broken', sql: 'CREATE TABLE half (a); CREATE TABLE oops (' },
    ];
    expect(() => migrate(db, undefined, broken)).toThrow(/Migration 2 \(broken\) failed/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).not.toContain('half');
    db.close();
  });

  it('refuses a file from a newer app, untouched', () => {
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${LATEST_VERSION + 1}`);
    db.close();
    expect(() => openHistoryDatabase(path)).toThrow(/newer than this app knows/);
    const after = new DatabaseSync(path);
    expect(schemaVersion(after)).toBe(LATEST_VERSION + 1);
    expect(tables(after)).toEqual([]);
    after.close();
  });
});

describe('a transaction that fails', () => {
  it('is rolled back, and the error that made it fail is the one thrown', () => {
    const db = openHistoryDatabase(path);
    const original = new Error('the work failed');
    expect(() =>
      inTransaction(db, () => {
        db.prepare(
          "INSERT INTO snapshots (profile, taken_at, quote, total) VALUES ('p', 1, 'USDT', '0')",
        ).run();
        throw original;
      }),
    ).toThrow(original);
    expect(db.isTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM snapshots').get()).toMatchObject({ n: 0 });
    db.close();
  });

  it('that SQLite already rolled back (a full disk) keeps its own error, in words', () => {
    const db = openHistoryDatabase(path);
    // The file may not grow past its pages now: the next insert fails with SQLITE_FULL, and SQLite
    // rolls the whole transaction back itself.
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    let thrown: unknown;
    try {
      inTransaction(db, () => {
        const insert = db.prepare(
          "INSERT INTO snapshots (profile, taken_at, quote, total, holdings) VALUES ('p', ?, 'USDT', '0', ?)",
        );
        for (let i = 0; i < 100; i++) insert.run(i, 'x'.repeat(4000));
      });
    } catch (error) {
      thrown = error;
    }
    expect(db.isTransaction).toBe(false);
    // Not "cannot rollback - no transaction is active": the full disk, its folder, what to do.
    expect(thrown).toMatchObject({
      code: 'DISK',
      message: `Exchange Desk could not save the portfolio history in ${dir}: the disk is full. Free some space on it, then try again.`,
    });
    expect((thrown as Error).cause).toMatchObject({ errcode: 13 });
    db.close();
  });

  it('whose work ended the transaction itself keeps the work’s error', () => {
    const db = openHistoryDatabase(path);
    const original = new Error('after its own commit');
    expect(() =>
      inTransaction(db, () => {
        db.exec('COMMIT');
        throw original;
      }),
    ).toThrow(original);
    db.close();
  });
});
