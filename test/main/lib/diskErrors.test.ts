import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDeskError } from '../../../src/main/core/binder';
import { diskFailure, diskProblemOf } from '../../../src/main/lib/diskErrors';
import { log } from '../../../src/main/lib/log';
import { ErrorCode } from '../../../src/shared/errors';

/**
 * "Hardening, round 2", item 9: a full, read-only or forbidden disk is said in words (the folder and
 * what to do), never "Something went wrong".
 */

/** An error as node:fs throws it. */
function errno(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, open '${path}'`), { code, path, errno: -1 });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-disk-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('disk errors in words', () => {
  it.each([
    ['ENOSPC', /the disk is full\. Free some space on it, then try again\./],
    ['EDQUOT', /your disk quota there is used up\. Free some space on it, then try again\./],
    ['EROFS', /the disk is read-only\. Make it writable, then try again\./],
    ['EACCES', /permission denied\. Make sure your user may write there, then try again\./],
    ['EPERM', /permission denied\. Make sure your user may write there, then try again\./],
  ])('%s names the folder and the next step', (code, words) => {
    const failure = diskFailure(errno(code, '/data/x.tmp'), '/data', 'save the order journal');
    expect(failure?.toDeskError()).toEqual({
      code: ErrorCode.Disk,
      message: expect.stringMatching(/^Exchange Desk could not save the order journal in \/data: /),
    });
    expect(failure?.message).toMatch(words);
    expect(failure?.cause).toBeInstanceOf(Error);
  });

  it('is not a disk error: anything else is left to its own handling', () => {
    expect(diskFailure(errno('ENOENT', '/data/x'), '/data', 'save')).toBeUndefined();
    expect(diskFailure(new Error('boom'), '/data', 'save')).toBeUndefined();
    expect(diskFailure('ENOSPC', '/data', 'save')).toBeUndefined();
  });

  it('reads SQLite’s own codes: a database that cannot grow is a full disk', () => {
    const db = new DatabaseSync(join(dir, 'full.sqlite'));
    db.exec('CREATE TABLE t (x TEXT); PRAGMA max_page_count = 3');
    let thrown: unknown;
    try {
      for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
    } catch (error) {
      thrown = error;
    }
    db.close();
    expect(diskProblemOf(thrown)).toBe('full');
    expect(diskFailure(thrown, dir, 'save the history')?.message).toContain(
      `could not save the history in ${dir}: the disk is full`,
    );
  });

  it('a handler that meets a full disk answers in words, not "Something went wrong"', () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const answer = toDeskError(errno('ENOSPC', join(dir, 'export.csv')));
    expect(answer).toEqual({
      code: ErrorCode.Disk,
      message: `Exchange Desk could not write in ${dir}: the disk is full. Free some space on it, then try again.`,
    });
    expect(answer.message).not.toMatch(/Something went wrong/);
    // Said to the user; the details (the original error) go to main's log.
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('[desk] handler failed:'),
      expect.any(Error),
    );
  });
});
