import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  renameSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { diskFailure, diskProblemOf, diskWords } from '../lib/diskErrors';
import { LATEST_VERSION, MIGRATIONS, schemaVersion, type Migration } from './migrations';
import { HISTORY_FILE } from '../lib/dataFiles';

/**
 * The local history database (issue 18): SQLite through Node's built-in `node:sqlite` (Node ≥ 22.13
 * unflagged, and Electron 45's Node), a real file `<dataDir>/history.sqlite`, or an in-memory one
 * when the app runs without a data folder (the web host without --data-dir, tests).
 *
 * One writer: only main's HistoryStore (store.ts) opens it, once, for the app's lifetime.
 */

/** The history file as opened, and what the user should be told about how. */
export interface OpenedHistory {
  db: DatabaseSync;
  /** Set when the file was set aside, refused or could not be opened (then `db` is in memory). */
  notice?: string;
}

/** What a look at an existing file, through a read-only connection, found. */
type Inspection = { kind: 'usable' } | { kind: 'newer' } | { kind: 'damaged'; reason: string };

/** SQLite's primary codes for a file that is not a (sound) database: SQLITE_CORRUPT, SQLITE_NOTADB. */
const DAMAGED_CODES = new Set([11, 26]);

function isDamage(error: unknown): error is Error {
  const errcode: unknown = error instanceof Error ? Reflect.get(error, 'errcode') : undefined;
  return typeof errcode === 'number' && DAMAGED_CODES.has(errcode & 0xff);
}

/** A schema as comparable rows: every object SQLite keeps (type, name, table, its SQL). */
function schemaOf(db: DatabaseSync, limit: number): string[] {
  return (
    db
      .prepare(
        `SELECT type, name, tbl_name, ifnull(sql, '') AS sql FROM sqlite_schema
         ORDER BY type, name LIMIT ?`,
      )
      .all(limit) as { type: string; name: string; tbl_name: string; sql: string }[]
  ).map((row) => [row.type, row.name, row.tbl_name, row.sql].join('\u0000'));
}

/** What the migrations make at each version, built once in memory. */
const expectedSchemas = new Map<number, string[]>();
function expectedSchema(version: number): string[] {
  let rows = expectedSchemas.get(version);
  if (!rows) {
    const db = new DatabaseSync(':memory:');
    try {
      migrate(db, version);
      rows = schemaOf(db, Number.MAX_SAFE_INTEGER);
    } finally {
      db.close();
    }
    expectedSchemas.set(version, rows);
  }
  return rows;
}

/**
 * Looks at an existing history file without writing to it (a read-only connection, closed after):
 * its version (a newer app's file is left alone) and its schema, which must be exactly what the
 * migrations make at that version. Anything else (a trigger, a view, an index, a table or a column
 * the app did not make, one it made missing) is damage: a trigger that never finished hung main
 * for good, and nothing in the file may run before this look. Throws what is not damage (a file the
 * disk will not open).
 */
function inspect(path: string): Inspection {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const version = schemaVersion(db);
    if (version > LATEST_VERSION) return { kind: 'newer' };
    const expected = expectedSchema(version);
    const found = schemaOf(db, expected.length + 1);
    const same = found.length === expected.length && found.every((row, i) => row === expected[i]);
    return same
      ? { kind: 'usable' }
      : { kind: 'damaged', reason: 'its tables are not as Exchange Desk made them' };
  } catch (error) {
    if (isDamage(error)) return { kind: 'damaged', reason: error.message };
    throw error;
  } finally {
    db?.close();
  }
}

/** `history.sqlite.set-aside-20261128T021500Z` (another count after it when that one exists). */
function asideName(dataDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const base = `${HISTORY_FILE}.set-aside-${stamp}`;
  let name = base;
  for (let n = 2; existsSync(join(dataDir, name)); n++) name = `${base}-${n}`;
  return name;
}

/**
 * Renames the file aside with its write-ahead log and shared memory (theirs first: a log left
 * behind would be read into the new file). Answers the name it got.
 */
function setAside(dataDir: string, now: Date): string {
  const name = asideName(dataDir, now);
  const path = join(dataDir, HISTORY_FILE);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, join(dataDir, name + suffix));
  }
  renameSync(path, join(dataDir, name));
  return name;
}

const setAsideNotice = (dataDir: string, reason: string, name: string) =>
  `The portfolio history in ${dataDir} could not be used (${reason}), so it was set aside as ` +
  `${name} and a new one started: what it recorded before is in that file, not in the chart.`;

const newerNotice = (dataDir: string) =>
  `The portfolio history in ${dataDir} was written by a newer version of Exchange Desk, so this ` +
  "one leaves it as it is and keeps this run's history in memory only. Update Exchange Desk to go " +
  'on with it.';

/**
 * SQLite says little when the folder is the trouble ("unable to open database file" where it could
 * not make the log beside the file): whether the folder may be written says more.
 */
function folderProblem(dataDir: string): unknown {
  try {
    accessSync(dataDir, constants.W_OK);
    return undefined;
  } catch (error) {
    return error;
  }
}

function cannotOpenNotice(dataDir: string, error: unknown): string {
  const problem = diskProblemOf(error) ?? diskProblemOf(folderProblem(dataDir));
  const why = problem
    ? `: ${diskWords(problem)}`
    : ` (${error instanceof Error ? error.message : String(error)}).`;
  return (
    `Exchange Desk could not open the portfolio history in ${dataDir}${why} ` +
    'This run keeps its history in memory only.'
  );
}

/**
 * The history database of the data folder (`history.sqlite`), or in memory without one. The file
 * can never hurt the app: an existing one is first looked at read-only (`inspect`); one from a
 * newer app is left untouched and this run keeps history in memory; a damaged one (not a database,
 * or a schema the migrations did not make) is set aside under another name and a new one started;
 * one that cannot be opened (the disk) leaves history in memory. Each says so in `notice`.
 */
export function openHistoryFile(dataDir: string | undefined, now = new Date()): OpenedHistory {
  if (!dataDir) return { db: openHistoryDatabase(':memory:') };
  const inMemory = (notice: string): OpenedHistory => ({
    db: openHistoryDatabase(':memory:'),
    notice,
  });
  const path = join(dataDir, HISTORY_FILE);
  let notice: string | undefined;
  try {
    const found: Inspection = existsSync(path) ? inspect(path) : { kind: 'usable' };
    if (found.kind === 'newer') return inMemory(newerNotice(dataDir));
    if (found.kind === 'damaged') {
      notice = setAsideNotice(dataDir, found.reason, setAside(dataDir, now));
    }
    return { db: openHistoryDatabase(path), ...(notice ? { notice } : {}) };
  } catch (error) {
    const cannot = cannotOpenNotice(dataDir, error);
    return inMemory(notice ? `${notice} ${cannot}` : cannot);
  }
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
