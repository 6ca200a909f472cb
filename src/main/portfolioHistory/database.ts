import { chmodSync, closeSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { diskFailure } from '../diskErrors';
import { MIGRATIONS, schemaVersion, type Migration } from './migrations';

/**
 * The local history database (issue 18): SQLite through Node's built-in `node:sqlite` (Node ≥ 22.13
 * unflagged, and Electron 45's Node), a real file `<dataDir>/history.sqlite`, or an in-memory one
 * when the app runs without a data folder (the web host without --data-dir, tests).
 *
 * One writer: only main's HistoryStore (store.ts) opens it, once, for the app's lifetime.
 */
export const HISTORY_FILE = 'history.sqlite';

export function historyDatabasePath(dataDir: string | undefined): string {
  return dataDir ? join(dataDir, HISTORY_FILE) : ':memory:';
}

/** Opens (creating it 0600 when new), configures and migrates the database at `path`. */
export function openHistoryDatabase(path: string, options: { migrateTo?: number } = {}) {
  if (path !== ':memory:') {
    // Balances are private: the file is this user's alone before SQLite writes a byte to it. The
    // -wal and -shm files SQLite creates beside it take the database file's permissions.
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  const db = new DatabaseSync(path);
  try {
    // 8 KiB pages for a new file (an existing one keeps its own; WAL fixes it after this): a
    // snapshot's row of 50 holdings is 2-3 KiB, three to a page rather than one to a 4 KiB page.
    db.exec('PRAGMA page_size = 8192');
    // WAL: a commit appends to the log and never rewrites pages in place, so a process killed
    // mid-write leaves a file that opens with the last complete transaction; readers never block
    // the writer.
    db.exec('PRAGMA journal_mode = WAL');
    // synchronous FULL: every commit fsyncs the log before it returns, so what was committed
    // survives not only a killed process (NORMAL would too) but an OS crash or power cut; at most
    // the snapshot being written when it happens is lost. The price, one fsync per commit, is
    // nothing at one snapshot every few minutes, and bulk writes are one transaction each.
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    // Another connection (a second app instance refused too late, a tool reading the file) holds
    // the lock for a moment: wait for it rather than fail at once.
    db.exec('PRAGMA busy_timeout = 5000');
    migrate(db, options.migrateTo);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Whether a transaction is open. node:sqlite says so from Node 22.16 (`isTransaction`); on an older
 * Node, assume one is (ROLLBACK then fails harmlessly when SQLite had ended it).
 */
const transactionOpen = (db: DatabaseSync): boolean =>
  (db as { isTransaction?: boolean }).isTransaction ?? true;

/** The folder of the database's file; undefined in memory. */
function folderOf(db: DatabaseSync): string | undefined {
  const main = db.prepare('PRAGMA database_list').get() as { file?: unknown } | undefined;
  return typeof main?.file === 'string' && main.file !== '' ? dirname(main.file) : undefined;
}

/**
 * Runs `work` in one transaction (IMMEDIATE: the write lock first), committed or rolled back. The
 * error that made it fail is the one thrown: SQLite rolls a transaction back itself on some errors
 * (a full disk, an I/O error), so ROLLBACK runs only while one is still open, and a failing
 * ROLLBACK never replaces that error. A disk problem is said in words (diskErrors.ts), the SQLite
 * error kept as its cause.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (transactionOpen(db)) {
        try {
          db.exec('ROLLBACK');
        } catch {
          // Already ended by SQLite: nothing to undo, and `error` says why.
        }
      }
      throw error;
    }
  } catch (error) {
    const folder = folderOf(db);
    throw (folder && diskFailure(error, folder, 'save the portfolio history')) ?? error;
  }
}

/**
 * Brings the database to `target` (default: the latest), one migration per transaction. A
 * database newer than this app knows (written by a later version) is refused, not touched.
 */
export function migrate(
  db: DatabaseSync,
  target?: number,
  migrations: readonly Migration[] = MIGRATIONS,
): number {
  const current = schemaVersion(db);
  const known = migrations.at(-1)?.version ?? 0;
  if (current > known) {
    throw new Error(
      `The history database is at version ${current}, newer than this app knows (${known}).`,
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > (target ?? known)) continue;
    try {
      inTransaction(db, () => {
        db.exec(migration.sql);
        // user_version lives in the file header: the bump commits with the schema, or neither.
        db.exec(`PRAGMA user_version = ${migration.version}`);
      });
    } catch (error) {
      throw new Error(
        `Migration ${migration.version} (${migration.name}) failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
        { cause: error },
      );
    }
  }
  return schemaVersion(db);
}
