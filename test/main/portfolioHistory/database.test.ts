import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../../src/main/lib/log';
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

/**
 * node:fs as it is, but for `accessSync` on the folder `folder.readOnly` names: it fails as a
 * read-only disk fails (mounting one needs privileges a test does not have).
 */
const folder = vi.hoisted(() => ({ readOnly: undefined as string | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const accessSync: typeof actual.accessSync = (path, mode) => {
    if (folder.readOnly !== undefined && String(path) === folder.readOnly) {
      throw Object.assign(new Error(`EROFS: read-only file system, access '${String(path)}'`), {
        code: 'EROFS',
      });
    }
    actual.accessSync(path, mode);
  };
  return { ...actual, accessSync, default: { ...actual, accessSync } };
});

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-history-'));
  path = join(dir, 'history.sqlite');
});
afterEach(async () => {
  folder.readOnly = undefined;
  await rm(dir, { recursive: true, force: true });
});

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
      // As that version's app wrote it (the store of today prepares statements of later tables):
      // before version 3 a holding per row, from it the holdings in their snapshot's row.
      if (version < 3) {
        old.prepare("INSERT INTO snapshots VALUES (7, 'p1', 1000, 'USDT', '0')").run();
        old.prepare("INSERT INTO snapshots VALUES (8, 'p1', 2000, 'USDT', '0')").run();
        old.prepare("INSERT INTO snapshot_holdings VALUES (7, 'XRP', '5', '0', '0', NULL)").run();
        old.prepare("INSERT INTO snapshot_holdings VALUES (7, 'BTC', '1', '0.25', '0', '1')").run();
      } else {
        const holdings = ['BTC', '1', '0.25', '0', '1', 'XRP', '5', '0', '0', ''];
        old
          .prepare("INSERT INTO snapshots VALUES (7, 'p1', 1000, 'USDT', '0', ?)")
          .run(holdings.map((field) => `${field}\u001f`).join(''));
        old.prepare("INSERT INTO snapshots VALUES (8, 'p1', 2000, 'USDT', '0', '')").run();
      }
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

describe('a history file that is not as the migrations made it', () => {
  beforeEach(() => {
    vi.spyOn(log, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  /** HistoryStore.open, its notice in main's log (the tests' console stays quiet). */
  function open(): HistoryStore {
    const store = HistoryStore.open(dir);
    if (store.notice) expect(log.error).toHaveBeenCalledWith(`[history] ${store.notice}`);
    else expect(log.error).not.toHaveBeenCalled();
    return store;
  }

  /** A current history file holding one snapshot, then changed by `sql` behind the app's back. */
  function tampered(sql: string) {
    const store = new HistoryStore(openHistoryDatabase(path));
    store.addSnapshot('p1', snapshot(1_000, { BTC: '1' }));
    store.close();
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
  }
  const asideFiles = async () =>
    (await readdir(dir)).filter((name) => name.startsWith('history.sqlite.set-aside-'));

  it.each([
    [
      // Would run on every snapshot written (one that never finished hung main for good).
      'a trigger',
      "CREATE TRIGGER hostile BEFORE INSERT ON snapshots BEGIN SELECT RAISE(ABORT, 'the trigger ran'); END",
    ],
    ['a view', 'CREATE VIEW everything AS SELECT * FROM snapshots'],
    ['an index', 'CREATE INDEX by_total ON snapshots (total)'],
    ['an index on an expression', 'CREATE INDEX by_length ON snapshots (length(holdings))'],
    ['a table', 'CREATE TABLE extra (x)'],
    ['a changed table', 'ALTER TABLE snapshots ADD COLUMN extra TEXT'],
    ['a dropped index', 'DROP INDEX snapshots_series'],
  ])('with %s: set aside whole, with a notice, and a new one started', async (_what, sql) => {
    tampered(sql);
    const before = await readFile(path);
    const store = open();
    const [aside] = await asideFiles();
    expect(aside).toMatch(/^history\.sqlite\.set-aside-\d{8}T\d{6}Z$/);
    expect(store.notice).toBe(
      `The portfolio history in ${dir} could not be used (its tables are not as Exchange Desk made them), so it was set aside as ${aside} and a new one started: what it recorded before is in that file, not in the chart.`,
    );
    // Nothing of it runs: the new file takes a snapshot.
    expect(store.addSnapshot('p1', snapshot(2_000, { BTC: '2' }))).toBe('written');
    expect(store.snapshots('p1').map((s) => s.takenAt)).toEqual([2_000]);
    store.close();
    // The old file is kept as it was.
    expect(await readFile(join(dir, aside!))).toEqual(before);
  });

  it('that is not a database at all: set aside, with a notice, and a new one started', async () => {
    await writeFile(path, 'this is not a database, it only has its name'.repeat(200));
    const store = open();
    const [aside] = await asideFiles();
    expect(store.notice).toBe(
      `The portfolio history in ${dir} could not be used (file is not a database), so it was set aside as ${aside} and a new one started: what it recorded before is in that file, not in the chart.`,
    );
    expect(store.addSnapshot('p1', snapshot(2_000, { BTC: '2' }))).toBe('written');
    store.close();
    expect(schemaVersion(new DatabaseSync(path))).toBe(LATEST_VERSION);
  });

  it('with its log beside it: the log goes aside with it, never into the new file', async () => {
    tampered('CREATE TABLE extra (x)');
    await writeFile(`${path}-wal`, 'a log of the old file');
    const store = open();
    const [aside] = await asideFiles();
    expect(await readFile(join(dir, `${aside}-wal`), 'utf8')).toBe('a log of the old file');
    expect(store.snapshots('p1')).toEqual([]);
    store.close();
  });

  it('from a newer app: refused untouched (read through a read-only connection), history in memory', async () => {
    const db = new DatabaseSync(path);
    db.exec(`CREATE TABLE future (x); PRAGMA user_version = ${LATEST_VERSION + 1}`);
    db.close();
    const before = await readFile(path);
    const mode = (await stat(path)).mode;
    const store = open();
    expect(store.notice).toBe(
      `The portfolio history in ${dir} was written by a newer version of Exchange Desk, so this one leaves it as it is and keeps this run's history in memory only. Update Exchange Desk to go on with it.`,
    );
    expect(store.addSnapshot('p1', snapshot(1_000, { BTC: '1' }))).toBe('written');
    store.close();
    expect(await readFile(path)).toEqual(before);
    expect((await stat(path)).mode).toBe(mode);
    expect(await asideFiles()).toEqual([]);
  });

  it('that cannot be opened at all: history in memory for this run, with a notice, nothing moved', async () => {
    await mkdir(path); // a folder where the file should be
    const store = open();
    expect(store.notice).toBe(
      `Exchange Desk could not open the portfolio history in ${dir} (disk I/O error). This run keeps its history in memory only.`,
    );
    expect(store.addSnapshot('p1', snapshot(1_000, { BTC: '1' }))).toBe('written');
    store.close();
    expect(await asideFiles()).toEqual([]);
  });

  it('on a read-only folder: history in memory, and the notice says why in words', async () => {
    await mkdir(path); // SQLite cannot open it: its own words say little
    folder.readOnly = dir;
    const store = open();
    expect(store.notice).toBe(
      `Exchange Desk could not open the portfolio history in ${dir}: the disk is read-only. Make it writable, then try again. This run keeps its history in memory only.`,
    );
    store.close();
  });

  it('as the migrations made it, at any version: opened and migrated, no notice', () => {
    for (const version of MIGRATIONS.map((m) => m.version)) {
      const db = openHistoryDatabase(path, { migrateTo: version });
      db.close();
      const store = open();
      expect(store.notice).toBeUndefined();
      store.close();
    }
  });
});
