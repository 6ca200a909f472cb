import { DeskFailure, ErrorCode } from '../../shared/errors';

/**
 * Disk errors in words: a full, read-only or forbidden disk names the folder and what to do, so the
 * user reads "the disk is full. Free some space on it" rather than "Something went wrong". Node's
 * file errors (their `code`) and SQLite's (node:sqlite's `errcode`, whose low byte is the primary
 * code) are read alike. The original error stays the failure's `cause` (main's log shows it).
 */
export type DiskProblem = 'full' | 'quota' | 'read-only' | 'denied' | 'io';

const BY_ERRNO: Readonly<Record<string, DiskProblem>> = {
  ENOSPC: 'full',
  EDQUOT: 'quota',
  EROFS: 'read-only',
  EACCES: 'denied',
  EPERM: 'denied',
  EIO: 'io',
};

/**
 * SQLite's primary result codes (sqlite3.h) that are the disk's doing. Not SQLITE_IOERR: SQLite
 * answers it for many a failed system call (a folder where the file should be, too), so its own
 * message says more than a guess would.
 */
const BY_SQLITE: Readonly<Record<number, DiskProblem>> = {
  3: 'denied', // SQLITE_PERM
  8: 'read-only', // SQLITE_READONLY
  13: 'full', // SQLITE_FULL
};

const WORDS: Readonly<Record<DiskProblem, string>> = {
  full: 'the disk is full. Free some space on it, then try again.',
  quota: 'your disk quota there is used up. Free some space on it, then try again.',
  'read-only': 'the disk is read-only. Make it writable, then try again.',
  denied: 'permission denied. Make sure your user may write there, then try again.',
  io: 'the disk reported an input/output error. Check the disk, then try again.',
};

/**
 * What kind of disk trouble `error` is, or undefined when it is none. A failure already in words
 * (code DISK) is read through to its cause.
 */
export function diskProblemOf(error: unknown, depth = 0): DiskProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errcode, cause } = error as { code?: unknown; errcode?: unknown; cause?: unknown };
  if (typeof code === 'string' && Object.hasOwn(BY_ERRNO, code)) return BY_ERRNO[code];
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return BY_SQLITE[errcode & 0xff];
  if (code === ErrorCode.Disk && depth < 3) return diskProblemOf(cause, depth + 1);
  return undefined;
}

/** What a disk problem means for the user: where, and the next step. */
export function diskWords(problem: DiskProblem): string {
  return WORDS[problem];
}

/**
 * `error` as the failure the page shows ("Exchange Desk could not <action> in <folder>: the disk is
 * full. Free some space on it, then try again."), or undefined when it is not a disk problem.
 */
export function diskFailure(
  error: unknown,
  folder: string,
  action = 'write',
): DeskFailure | undefined {
  const problem = diskProblemOf(error);
  if (!problem) return undefined;
  return new DeskFailure(
    ErrorCode.Disk,
    `Exchange Desk could not ${action} in ${folder}: ${WORDS[problem]}`,
    undefined,
    { cause: error },
  );
}
