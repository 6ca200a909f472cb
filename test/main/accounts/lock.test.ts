import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLock } from '../../../src/main/accounts/lock';
import { AppEvents } from '../../../src/main/core/events';
import { log } from '../../../src/main/lib/log';
import { DeskFailure } from '../../../src/shared/errors';
import {
  explainKeychainError,
  KeychainUnavailableError,
  type SecretStore,
} from '../../../src/main/vault/vault';
import type { LockState } from '../../../src/shared/model';

/**
 * The app lock against an in-memory keychain and a clock the test moves: the growing delay after
 * wrong passcodes (kept in the lock's keychain entry, so it survives a restart), the current
 * passcode for changing or removing the lock, and what a keychain failure at start does (decided
 * by the data folder's record that a lock is set).
 */
class MemoryVault implements SecretStore {
  readonly entries = new Map<string, string>();
  /** Every read throws this while set. */
  failWith: unknown;
  async get(account: string): Promise<string | undefined> {
    if (this.failWith !== undefined) throw this.failWith;
    return this.entries.get(account);
  }
  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
  }
  async delete(account: string): Promise<void> {
    this.entries.delete(account);
  }
}

const PASS = 'right-passcode';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Main's error log, kept off the console for a test that expects errors (and asserts them). */
const quietErrors = () => vi.spyOn(log, 'error').mockImplementation(() => undefined);

function clock(start = 1_700_000_000_000) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    set: (ms: number) => {
      t = ms;
    },
  };
}

async function lockedApp(vault = new MemoryVault(), time = clock(), dataDir?: string) {
  const events = new AppEvents();
  const lock = await AppLock.create(vault, events, { now: time.now, dataDir });
  await lock.configure(PASS, 5);
  lock.lockNow();
  return { lock, vault, time, events };
}

/** The code of the failure a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<{
  code: string;
  message: string;
  fields?: Record<string, string[]>;
}> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; fields?: Record<string, string[]> };
  }
  throw new Error('expected a refusal, got an answer');
}

describe('app lock: brute-force delay', () => {
  it('200 wrong guesses, then the right one: refused while the delay runs, without a check', async () => {
    const { lock, time } = await lockedApp();
    const codes = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const failure = await refusal(lock.unlock(`guess-${i}`));
      codes.set(failure.code, (codes.get(failure.code) ?? 0) + 1);
    }
    // The first four are checked (three free, the fourth starts a 1 s wait); the rest are refused
    // at once because the clock did not move.
    expect(Object.fromEntries(codes)).toEqual({ WRONG_PASSCODE: 4, LOCK_WAIT: 196 });

    const right = await refusal(lock.unlock(PASS));
    expect(right.code).toBe('LOCK_WAIT');
    expect(right.fields?.['passcode']?.[0]).toBe('Wait 1 s before trying again.');
    expect(lock.isLocked()).toBe(true);
    expect(lock.state()).toMatchObject({ locked: true, retryAt: time.now() + 1000 });

    time.advance(1000);
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });
    expect(lock.state().retryAt).toBeUndefined();

    // The count starts again: three wrong ones have no delay.
    lock.lockNow();
    for (let i = 0; i < 3; i++)
      expect((await refusal(lock.unlock('nope'))).code).toBe('WRONG_PASSCODE');
    expect(lock.state().retryAt).toBeUndefined();
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });
  });

  it('the delay doubles from 1 s after the third wrong passcode, capped at 5 minutes', async () => {
    const { lock, time } = await lockedApp();
    const waits: number[] = [];
    for (let i = 0; i < 15; i++) {
      const failure = await refusal(lock.unlock('wrong'));
      expect(failure.code).toBe('WRONG_PASSCODE');
      const retryAt = lock.state().retryAt;
      waits.push(retryAt === undefined ? 0 : retryAt - time.now());
      if (retryAt !== undefined && i < 14) time.set(retryAt); // the last wait still runs
    }
    expect(waits.map((ms) => ms / 1000)).toEqual([
      0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300,
    ]);
    // The refusal says how long, in words.
    const early = await refusal(lock.unlock(PASS));
    expect(early).toMatchObject({
      code: 'LOCK_WAIT',
      fields: { passcode: ['Wait 5 min before trying again.'] },
    });
    expect(early.message).toContain('Too many wrong passcodes');
  });

  it('the count and the time of the last failure survive a restart (kept in the keychain entry)', async () => {
    const { lock, vault, time } = await lockedApp();
    for (let i = 0; i < 6; i++) {
      await refusal(lock.unlock('wrong'));
      const retryAt = lock.state().retryAt;
      if (retryAt !== undefined && i < 5) time.set(retryAt);
    }
    const retryAt = lock.state().retryAt!;
    expect(retryAt - time.now()).toBe(4000);

    const again = await AppLock.create(vault, new AppEvents(), { now: time.now });
    expect(again.state()).toMatchObject({ enabled: true, locked: true, retryAt });
    expect((await refusal(again.unlock(PASS))).code).toBe('LOCK_WAIT');
    time.set(retryAt);
    expect(await again.unlock(PASS)).toMatchObject({ locked: false });

    // A success resets the stored count too.
    const third = await AppLock.create(vault, new AppEvents(), { now: time.now });
    expect(third.state().retryAt).toBeUndefined();
    expect(JSON.stringify([...vault.entries.values()])).not.toContain(PASS);
  });

  it('parallel guesses are taken one at a time: no burst gets past the delay', async () => {
    const { lock } = await lockedApp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => refusal(lock.unlock(`burst-${i}`))),
    );
    expect(results.filter((r) => r.code === 'WRONG_PASSCODE')).toHaveLength(4);
    expect(results.filter((r) => r.code === 'LOCK_WAIT')).toHaveLength(26);
  });

  it('tells the page about the wait through lock.changed', async () => {
    const { lock, events, time } = await lockedApp();
    const seen: LockState[] = [];
    events.subscribe((name, payload) => {
      if (name === 'lock.changed') seen.push(payload as LockState);
    });
    for (let i = 0; i < 4; i++) await refusal(lock.unlock('wrong'));
    expect(seen.at(-1)).toMatchObject({ locked: true, retryAt: time.now() + 1000 });
  });
});

describe('app lock: changing or removing it needs the current passcode', () => {
  it('configure without the current passcode is refused; with a wrong one too; with the right one it changes', async () => {
    const { lock, time } = await lockedApp();
    time.advance(1);
    await lock.unlock(PASS);

    const missing = await refusal(lock.configure('new-passcode', 10));
    expect(missing.code).toBe('CURRENT_PASSCODE_REQUIRED');
    expect(missing.fields?.['currentPasscode']?.[0]).toBeTruthy();
    const wrong = await refusal(lock.configure('new-passcode', 10, 'not-it'));
    expect(wrong).toMatchObject({
      code: 'WRONG_PASSCODE',
      fields: { currentPasscode: ['That passcode is not right.'] },
    });
    // Neither changed anything: the old passcode still unlocks.
    expect(lock.state().idleMinutes).toBe(5);
    lock.lockNow();
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });

    expect(await lock.configure('new-passcode', 10, PASS)).toMatchObject({
      enabled: true,
      idleMinutes: 10,
    });
    lock.lockNow();
    expect((await refusal(lock.unlock(PASS))).code).toBe('WRONG_PASSCODE');
    expect(await lock.unlock('new-passcode')).toMatchObject({ locked: false });
  });

  it('configure and disable follow the same delay: the right passcode waits too', async () => {
    const { lock, time } = await lockedApp();
    time.advance(1);
    await lock.unlock(PASS);
    for (let i = 0; i < 4; i++)
      expect((await refusal(lock.configure('x-new', 5, 'wrong'))).code).toBe('WRONG_PASSCODE');
    const waiting = await refusal(lock.configure('x-new', 5, PASS));
    expect(waiting).toMatchObject({
      code: 'LOCK_WAIT',
      fields: { currentPasscode: ['Wait 1 s before trying again.'] },
    });
    const disableWaiting = await refusal(lock.disable(PASS));
    expect(disableWaiting).toMatchObject({
      code: 'LOCK_WAIT',
      fields: { passcode: ['Wait 1 s before trying again.'] },
    });
    expect(lock.state().enabled).toBe(true);
    time.advance(1000);
    expect(await lock.disable(PASS)).toMatchObject({ enabled: false, locked: false });
  });

  it('disable with a wrong passcode is refused and counted', async () => {
    const { lock, vault, time } = await lockedApp();
    time.advance(1);
    await lock.unlock(PASS);
    for (let i = 0; i < 4; i++) {
      const failure = await refusal(lock.disable('wrong'));
      expect(failure).toMatchObject({
        code: 'WRONG_PASSCODE',
        fields: { passcode: ['That passcode is not right.'] },
      });
    }
    expect(lock.state()).toMatchObject({ enabled: true, retryAt: time.now() + 1000 });
    expect(vault.entries.has('app-lock')).toBe(true);
  });

  it('a first passcode (no lock yet) needs no current one', async () => {
    const lock = await AppLock.create(new MemoryVault(), new AppEvents());
    expect(await lock.configure(PASS, 5)).toEqual({ enabled: true, locked: false, idleMinutes: 5 });
  });
});

describe('app lock: reading it at start', () => {
  const dataDir = () => mkdtemp(join(tmpdir(), 'desk-lock-'));
  const darwinRefusal = () =>
    new KeychainUnavailableError(
      explainKeychainError(new Error('User interaction is not allowed.'), 'darwin'),
    );

  it('a lock is set and the keychain fails to read: the app stays locked, with what to do', async () => {
    const errors = quietErrors();
    const vault = new MemoryVault();
    const time = clock();
    const dir = await dataDir();
    await lockedApp(vault, time, dir);
    vault.failWith = darwinRefusal();
    const lock = await AppLock.create(vault, new AppEvents(), { now: time.now, dataDir: dir });
    expect(lock.isLocked()).toBe(true);
    const state = lock.state();
    expect(state).toMatchObject({ locked: true });
    expect(state.error).toContain('could not be read from the keychain');
    expect(state.error).toContain('User interaction is not allowed.');
    expect(state.error).toContain('Keychain Access'); // the platform's fix
    // The passcode cannot be checked without the entry: unlock says why.
    const refused = await refusal(lock.unlock(PASS));
    expect(refused.code).toBe('LOCK_UNREADABLE');
    expect(lock.isLocked()).toBe(true);

    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(
        '[lock] the app lock could not be read: The app lock could not be read',
      ),
    );
    // Retry (lock.status) re-reads once the keychain answers again.
    vault.failWith = undefined;
    const retried = await lock.status();
    expect(retried.error).toBeUndefined();
    expect(retried).toMatchObject({ enabled: true, locked: true, idleMinutes: 5 });
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });
  });

  it('a lock is set and the Secret Service is gone (Linux): locked, saying how to start one', async () => {
    const errors = quietErrors();
    const vault = new MemoryVault();
    const dir = await dataDir();
    await lockedApp(vault, clock(), dir);
    vault.failWith = new KeychainUnavailableError(
      explainKeychainError(
        new Error('The name org.freedesktop.secrets was not provided by any .service files'),
        'linux',
      ),
    );
    const lock = await AppLock.create(vault, new AppEvents(), { dataDir: dir });
    expect(lock.isLocked()).toBe(true);
    expect(lock.state().error).toContain('gnome-keyring-daemon --start --components=secrets');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('No Secret Service is running'));
  });

  it('an unlock while the entry is unreadable tries the keychain again first', async () => {
    const errors = quietErrors();
    const vault = new MemoryVault();
    const dir = await dataDir();
    await lockedApp(vault, clock(), dir);
    vault.failWith = new Error('secret service: collection is locked');
    const lock = await AppLock.create(vault, new AppEvents(), { dataDir: dir });
    expect(lock.state()).toMatchObject({ locked: true, error: expect.any(String) });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('collection is locked'));
    vault.failWith = undefined;
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });
  });

  it('a corrupt entry leaves the app locked and says how to remove it', async () => {
    const errors = quietErrors();
    const vault = new MemoryVault();
    vault.entries.set('app-lock', '{"salt": 12');
    const lock = await AppLock.create(vault, new AppEvents());
    expect(lock.isLocked()).toBe(true);
    expect(lock.state().error).toMatch(/app-lock/);
    expect((await refusal(lock.unlock('anything'))).code).toBe('LOCK_UNREADABLE');
    vault.entries.set('app-lock', JSON.stringify({ salt: 'x', idleMinutes: 5 })); // no hash
    expect((await lock.status()).error).toBeTruthy();
    // The user removed the entry with the keychain's own tool: Retry opens the app.
    vault.entries.delete('app-lock');
    expect(await lock.status()).toEqual({ enabled: false, locked: false, idleMinutes: 0 });
    expect(lock.isLocked()).toBe(false);
    expect(errors).toHaveBeenCalledWith(
      '[lock] the app lock entry in the keychain is not readable',
    );
  });

  const noKeychain = () =>
    new KeychainUnavailableError(
      explainKeychainError(new Error('no keychain in this test'), 'linux'),
    );
  const record = (dir: string) => join(dir, 'app-lock.json');
  const readRecord = async (dir: string) =>
    JSON.parse(await readFile(record(dir), 'utf8')) as unknown;

  it('no keychain at all (no Secret Service, no D-Bus, no module) on a new data folder: unlocked, and recorded so', async () => {
    const failures = [
      explainKeychainError(
        new Error('The name org.freedesktop.secrets was not provided by any .service files'),
        'linux',
      ),
      explainKeychainError(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'), 'linux'),
      explainKeychainError(new Error("Cannot find module 'keytar'"), 'win32'),
      explainKeychainError(new Error('no keychain in this test'), 'linux'),
    ];
    const warnings = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    for (const status of failures) {
      // A new data folder: no lock can have been set through it. Without a data folder (a web host
      // run without one) nothing is ever recorded: it opens as it always did.
      const dir = await dataDir();
      for (const options of [{ dataDir: dir, freshDataDir: true }, {}]) {
        const vault = new MemoryVault();
        vault.failWith = new KeychainUnavailableError(status);
        const lock = await AppLock.create(vault, new AppEvents(), options);
        expect(lock.state()).toEqual({ enabled: false, locked: false, idleMinutes: 0 });
        expect(lock.isLocked()).toBe(false);
      }
      expect(await readRecord(dir)).toEqual({ version: 1, enabled: false });
      // The next start (the folder no longer new) reads that record: still unlocked.
      const vault = new MemoryVault();
      vault.failWith = new KeychainUnavailableError(status);
      const again = await AppLock.create(vault, new AppEvents(), { dataDir: dir });
      expect(again.isLocked()).toBe(false);
    }
    expect(warnings).toHaveBeenCalledWith(
      expect.stringContaining('[lock] the keychain cannot be read; no app lock (none recorded)'),
    );
  });

  it('the keychain cannot be read and no record says there is no lock: locked, saying why and what to do', async () => {
    const errors = quietErrors();
    // A data folder used before (not new) whose record is missing, or damaged.
    for (const content of [undefined, '{"version":1,"enab', '{"version":1}', '[]']) {
      const dir = await dataDir();
      if (content !== undefined) await writeFile(record(dir), content);
      const vault = new MemoryVault();
      vault.failWith = noKeychain();
      const lock = await AppLock.create(vault, new AppEvents(), { dataDir: dir });
      expect(lock.isLocked()).toBe(true);
      expect(lock.state()).toMatchObject({ enabled: true, locked: true });
      expect(lock.state().error).toMatch(
        /^Exchange Desk cannot tell whether an app lock is set: the keychain cannot be read \(The keychain could not be used \(no keychain in this test\)\) and .* holds no record that no lock is set, so it stays locked\. /,
      );
      expect(lock.state().error).toContain(dir);
      expect((await refusal(lock.unlock('anything'))).code).toBe('LOCK_UNREADABLE');
      // Once the keychain answers (no lock in it), Try again opens it and records that.
      vault.failWith = undefined;
      expect(await lock.status()).toEqual({ enabled: false, locked: false, idleMinutes: 0 });
      expect(await readRecord(dir)).toEqual({ version: 1, enabled: false });
    }
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('[lock] the app lock could not be read'),
    );
  });

  it('the record follows the lock: set when set, "no lock" when turned off or gone', async () => {
    const vault = new MemoryVault();
    const dir = await dataDir();
    const { lock, time } = await lockedApp(vault, clock(), dir);
    expect(await readRecord(dir)).toEqual({ version: 1, enabled: true });
    time.advance(1);
    await lock.unlock(PASS);
    await lock.disable(PASS);
    expect(await readRecord(dir)).toEqual({ version: 1, enabled: false });

    // A lock set by an earlier version (no record) gets one on the first start that reads it.
    const older = await lockedApp(vault, clock(), undefined);
    expect(older.lock.isLocked()).toBe(true);
    await AppLock.create(vault, new AppEvents(), { dataDir: dir });
    expect(await readRecord(dir)).toEqual({ version: 1, enabled: true });
    // Removed with the keychain's own tool: the next start records that there is none.
    vault.entries.delete('app-lock');
    await AppLock.create(vault, new AppEvents(), { dataDir: dir });
    expect(await readRecord(dir)).toEqual({ version: 1, enabled: false });
  });
});

describe('app lock: its record in the data folder is its fail-safe', () => {
  const dataDir = () => mkdtemp(join(tmpdir(), 'desk-lock-'));
  /** A disk that refuses every write with ENOSPC while `refusing` is true. */
  function disk() {
    const state = { refusing: false };
    const write = async (path: string, text: string) => {
      if (state.refusing) {
        throw new DeskFailure(
          'DISK',
          `Exchange Desk could not save app-lock.json in ${dirname(path)}: the disk is full. Free some space on it, then try again.`,
        );
      }
      await writeFile(path, text);
    };
    return { state, write };
  }

  it('a first passcode whose record cannot be written is not set: the keychain entry is removed', async () => {
    const dir = await dataDir();
    const { state, write } = disk();
    const vault = new MemoryVault();
    const lock = await AppLock.create(vault, new AppEvents(), { dataDir: dir, write });
    state.refusing = true;
    const failure = await refusal(lock.configure(PASS, 5));
    expect(failure).toMatchObject({
      code: 'DISK',
      message: expect.stringContaining(`could not save app-lock.json in ${dir}: the disk is full`),
    });
    expect(vault.entries.has('app-lock')).toBe(false);
    expect(lock.state()).toEqual({ enabled: false, locked: false, idleMinutes: 0 });
    // The record still says what is true: no lock.
    expect(JSON.parse(await readFile(join(dir, 'app-lock.json'), 'utf8'))).toEqual({
      version: 1,
      enabled: false,
    });
    // With room on the disk it is set, and recorded.
    state.refusing = false;
    expect(await lock.configure(PASS, 5)).toMatchObject({ enabled: true });
    expect(JSON.parse(await readFile(join(dir, 'app-lock.json'), 'utf8'))).toEqual({
      version: 1,
      enabled: true,
    });
  });

  it('a lock set while its record is missing: changing it rewrites the record, or keeps the old passcode', async () => {
    const dir = await dataDir();
    const { state, write } = disk();
    const vault = new MemoryVault();
    const time = clock();
    const lock = await AppLock.create(vault, new AppEvents(), {
      dataDir: dir,
      write,
      now: time.now,
    });
    await lock.configure(PASS, 5);
    await rm(join(dir, 'app-lock.json'));
    state.refusing = true;
    expect((await refusal(lock.configure('other-passcode', 7, PASS))).code).toBe('DISK');
    // Rolled back: the old passcode and idle time, in the keychain and here.
    expect(lock.state()).toMatchObject({ enabled: true, idleMinutes: 5 });
    lock.lockNow();
    expect(await lock.unlock(PASS)).toMatchObject({ locked: false });
    const restarted = await AppLock.create(vault, new AppEvents(), { dataDir: dir, now: time.now });
    expect(await restarted.unlock(PASS)).toMatchObject({ locked: false });
  });
});
