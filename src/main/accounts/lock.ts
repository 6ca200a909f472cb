import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { LockState } from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import { writeFileAtomic } from '../lib/atomicFile';
import type { AppEvents } from '../core/events';
import { log } from '../lib/log';
import { KeychainUnavailableError, type SecretStore } from '../vault/vault';
import { formatWait } from '../../shared/duration';
import { LOCK_RECORD_FILE } from '../lib/dataFiles';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const ENTRY = 'app-lock';
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;

/** Wrong passcodes that cost nothing; each one after them doubles the wait, from 1 s. */
export const FREE_FAILURES = 3;
/** The longest wait between two tries. */
export const MAX_WAIT_MS = 5 * 60_000;

/** The wait after `failures` wrong passcodes in a row: 0, 0, 0, 1 s, 2 s, 4 s, … 5 min. */
export function waitAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES - 1, 30), MAX_WAIT_MS);
}

const base64Bytes = (length: number) =>
  z.string().refine((text) => Buffer.from(text, 'base64').length === length, 'wrong length');

/**
 * The lock's one keychain entry: the passcode's scrypt hash, the idle time, and the wrong tries
 * since the last right one (with the time of the last), so that the wait survives a restart and
 * goes with the passcode: a new passcode starts from nothing, removing the lock removes it all.
 */
const storedSchema = z.object({
  salt: base64Bytes(16),
  hash: base64Bytes(HASH_BYTES),
  idleMinutes: z.number().int().min(0).max(240),
  failures: z.number().int().min(0).optional().catch(undefined),
  lastFailureAt: z.number().optional().catch(undefined),
});
type StoredLock = z.infer<typeof storedSchema>;

export interface AppLockOptions {
  /** The clock (tests move it). */
  now?: () => number;
  /**
   * The app data folder: `app-lock.json` there records (no secret) whether a lock is set, which
   * decides what a keychain that cannot be read at start means. Without one (a web host run without
   * a data folder) nothing is recorded and nothing persists: such a run opens as it always did.
   */
  dataDir?: string | undefined;
  /**
   * The data folder was made (or found empty) at this start: no lock can have been set through it,
   * so a keychain that cannot be read means no lock, and the record says so from now on.
   */
  freshDataDir?: boolean;
  /** Writes the record (default: writeFileAtomic); tests stand in a disk that refuses. */
  write?: (path: string, text: string) => Promise<void>;
}

/** The record in the data folder: whether a lock is set (the passcode itself is in the keychain). */
const recordSchema = z.object({ version: z.literal(1), enabled: z.boolean() });
/** What the record says: a lock, no lock, nothing (no file), or something unreadable. */
type Recorded = 'lock' | 'no-lock' | 'none' | 'unreadable';

/** Why the keychain could not be read, and what to do about it. */
function keychainTrouble(error: unknown): { reason: string; fix: string } {
  const reason =
    error instanceof KeychainUnavailableError
      ? (error.status.message ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  const fix =
    error instanceof KeychainUnavailableError && error.status.fix
      ? error.status.fix
      : 'Make sure the system keychain is running and unlocked.';
  return { reason: reason.replace(/\.$/, ''), fix: fix.replace(/\.?$/, '.') };
}

function readFailure(error: unknown): string {
  const { reason, fix } = keychainTrouble(error);
  return (
    `The app lock could not be read from the keychain: ${reason}. ` +
    'Without it the passcode cannot be checked, so Exchange Desk stays locked. ' +
    `${fix} Then choose Try again and enter your passcode.`
  );
}

/** The keychain cannot be read and the data folder does not say that no lock is set. */
function unknownLock(error: unknown, dataDir: string): string {
  const { reason, fix } = keychainTrouble(error);
  return (
    `Exchange Desk cannot tell whether an app lock is set: the keychain cannot be read (${reason}) ` +
    `and the data folder ${dataDir} holds no record that no lock is set, so it stays locked. ` +
    `${fix} Then choose Try again (and enter your passcode, if you set one).`
  );
}

const CORRUPT =
  'The app lock’s keychain entry is damaged, so the passcode cannot be checked and Exchange Desk ' +
  'stays locked. To remove the lock, delete the entry “app-lock” of Exchange Desk with your ' +
  'system’s keychain tool (Keychain Access on macOS, Credential Manager on Windows, “Passwords and ' +
  'Keys” on Linux), then choose Try again; your accounts and keys are not affected.';

const wrongPasscode = (field: string) =>
  new DeskFailure('WRONG_PASSCODE', 'That passcode is not right.', {
    [field]: ['That passcode is not right.'],
  });

/**
 * The optional app lock: a passcode whose scrypt hash lives in the keychain, and a lock that main
 * enforces (while locked, only the lock channels answer). The page locks itself after the chosen
 * idle time by calling lockNow.
 *
 * Wrong passcodes are slowed down: after three, each try must wait (1 s, doubling, at most 5 min)
 * and a try during the wait is refused at once without being checked. Every check (unlock, change,
 * turn off) follows that rule and runs one at a time, so parallel tries gain nothing.
 */
export class AppLock {
  private stored: StoredLock | undefined;
  private locked = false;
  /** Why the lock entry could not be read (the app is locked until it can). */
  private readError: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly dataDir: string | undefined;
  private readonly markerPath: string | undefined;
  private readonly write: (path: string, text: string) => Promise<void>;

  private constructor(
    private readonly vault: SecretStore,
    private readonly events: AppEvents,
    private readonly now: () => number,
    options: AppLockOptions,
  ) {
    this.dataDir = options.dataDir;
    this.markerPath = options.dataDir ? join(options.dataDir, LOCK_RECORD_FILE) : undefined;
    this.write = options.write ?? writeFileAtomic;
  }

  static async create(
    vault: SecretStore,
    events: AppEvents,
    options: AppLockOptions = {},
  ): Promise<AppLock> {
    const lock = new AppLock(vault, events, options.now ?? Date.now, options);
    await lock.read(true, options.freshDataDir ?? false);
    return lock;
  }

  /** What the data folder's record says. */
  private async recorded(): Promise<Recorded> {
    if (!this.markerPath) return 'none';
    let text: string;
    try {
      text = await readFile(this.markerPath, 'utf8');
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : 'unreadable';
    }
    let parsed: ReturnType<typeof recordSchema.safeParse> | undefined;
    try {
      parsed = recordSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return 'unreadable';
    return parsed.data.enabled ? 'lock' : 'no-lock';
  }

  /**
   * Makes the record say whether a lock is set (written only when it says otherwise). Throws when
   * it cannot be written: a disk problem in words (atomicFile.ts).
   */
  private async record(enabled: boolean): Promise<void> {
    if (!this.markerPath) return;
    if ((await this.recorded()) === (enabled ? 'lock' : 'no-lock')) return;
    await this.write(this.markerPath, JSON.stringify({ version: 1, enabled }));
  }

  /** `record`, where a failure can only be logged (the next start reads what the record says). */
  private async recordOrLog(enabled: boolean): Promise<void> {
    try {
      await this.record(enabled);
    } catch (error) {
      log.error(`[lock] ${LOCK_RECORD_FILE} could not be updated: ${String(error)}`);
    }
  }

  /**
   * (Re-)reads the entry; at start a set passcode locks the app.
   *
   * A keychain that cannot be read at start: was a lock set? Only the data folder's record that no
   * lock is set opens the app (a computer without any keychain uses Demo so); a record of a lock, a
   * damaged record or none at all keeps it locked, saying why and what to do: the passcode cannot
   * be checked without the entry, and a record that is missing proves nothing. The keychain's error
   * alone cannot tell either: on Linux a locked keyring whose unlock prompt was dismissed fails
   * with the same words as a missing one. A data folder new at this start cannot have had a lock
   * set through it: no lock, and recorded so. Without a data folder nothing can be recorded, so
   * such a run (a web host without one) opens as it always did.
   */
  private async read(atStart: boolean, freshDataDir = false): Promise<void> {
    let text: string | undefined;
    try {
      text = await this.vault.get(ENTRY);
    } catch (error) {
      if (atStart) {
        const recorded = this.dataDir === undefined ? 'no-lock' : await this.recorded();
        if (recorded === 'no-lock' || (recorded === 'none' && freshDataDir)) {
          const why = this.dataDir === undefined ? 'no data folder to record one' : 'none recorded';
          log.warn(`[lock] the keychain cannot be read; no app lock (${why}): ${String(error)}`);
          await this.recordOrLog(false);
          return;
        }
      }
      this.readError =
        this.dataDir !== undefined && (await this.recorded()) !== 'lock'
          ? unknownLock(error, this.dataDir)
          : readFailure(error);
      this.locked = true;
      log.error(`[lock] the app lock could not be read: ${this.readError}`);
      return;
    }
    if (text === undefined) {
      this.stored = undefined;
      this.readError = undefined;
      this.locked = false;
      await this.recordOrLog(false);
      return;
    }
    let parsed: ReturnType<typeof storedSchema.safeParse> | undefined;
    try {
      parsed = storedSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.stored = undefined;
      this.readError = CORRUPT;
      this.locked = true;
      log.error('[lock] the app lock entry in the keychain is not readable');
      return;
    }
    this.stored = parsed.data;
    if (atStart || this.readError) this.locked = true;
    this.readError = undefined;
    await this.recordOrLog(true); // a lock set before this record existed gets one now
  }

  /** One check or change at a time. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Until when tries are refused, if a wait runs now. */
  private waitUntil(): number | undefined {
    const stored = this.stored;
    if (!stored?.failures || stored.lastFailureAt === undefined) return undefined;
    const now = this.now();
    // A clock set back: the wait counts from now rather than from a time still to come.
    if (stored.lastFailureAt > now) stored.lastFailureAt = now;
    const until = stored.lastFailureAt + waitAfter(stored.failures);
    return until > now ? until : undefined;
  }

  state(): LockState {
    const retryAt = this.waitUntil();
    return {
      enabled: Boolean(this.stored) || this.readError !== undefined,
      locked: this.locked,
      idleMinutes: this.stored?.idleMinutes ?? 0,
      ...(retryAt !== undefined ? { retryAt } : {}),
      ...(this.readError !== undefined ? { error: this.readError } : {}),
    };
  }

  /** The state; when the entry could not be read, it is read again first (the page's Try again). */
  async status(): Promise<LockState> {
    if (this.readError === undefined) return this.state();
    return this.serial(async () => {
      if (this.readError !== undefined) await this.read(false);
      return this.readError === undefined ? this.changed() : this.state();
    });
  }

  isLocked(): boolean {
    return this.locked;
  }

  private changed(): LockState {
    const state = this.state();
    this.events.emit('lock.changed', state);
    return state;
  }

  private static async hash(passcode: string, salt: Buffer): Promise<Buffer> {
    return scryptAsync(passcode, salt, HASH_BYTES, PARAMS);
  }

  private async matches(stored: StoredLock, passcode: string): Promise<boolean> {
    const actual = await AppLock.hash(passcode, Buffer.from(stored.salt, 'base64'));
    return timingSafeEqual(actual, Buffer.from(stored.hash, 'base64'));
  }

  private async save(stored: StoredLock): Promise<void> {
    await this.vault.set(ENTRY, JSON.stringify(stored));
  }

  /**
   * Checks a passcode under the wait rule (call inside serial). During a wait: refused at once,
   * unchecked. Wrong: counted (in the keychain entry before the answer goes out). Right: the count
   * starts again. `field` is the form field the messages go under.
   */
  private async check(passcode: string, field: string): Promise<StoredLock> {
    if (this.readError !== undefined) {
      await this.read(false);
      if (this.readError !== undefined)
        throw new DeskFailure('LOCK_UNREADABLE', this.readError, { [field]: [this.readError] });
    }
    const stored = this.stored;
    if (!stored) throw wrongPasscode(field);
    const until = this.waitUntil();
    if (until !== undefined) {
      const wait = formatWait(until - this.now());
      throw new DeskFailure('LOCK_WAIT', `Too many wrong passcodes. Try again in ${wait}.`, {
        [field]: [`Wait ${wait} before trying again.`],
      });
    }
    if (await this.matches(stored, passcode)) {
      if (stored.failures) {
        delete stored.failures;
        delete stored.lastFailureAt;
        await this.save(stored).catch((error: unknown) =>
          log.error(`[lock] the wrong-passcode count could not be reset: ${String(error)}`),
        );
      }
      return stored;
    }
    stored.failures = (stored.failures ?? 0) + 1;
    stored.lastFailureAt = this.now();
    await this.save(stored).catch((error: unknown) =>
      // Kept in memory still: the wait holds until the app quits.
      log.error(`[lock] the wrong-passcode count could not be stored: ${String(error)}`),
    );
    if (waitAfter(stored.failures) > 0) this.changed(); // the page counts the wait down
    throw wrongPasscode(field);
  }

  /**
   * Sets the passcode and idle time. When a lock is set already, the current passcode is needed
   * (and checked under the wait rule).
   */
  configure(passcode: string, idleMinutes: number, currentPasscode?: string): Promise<LockState> {
    return this.serial(async () => {
      if (this.locked) throw new DeskFailure('LOCKED', 'Unlock first.');
      if (this.stored) {
        if (!currentPasscode) {
          throw new DeskFailure(
            'CURRENT_PASSCODE_REQUIRED',
            'Enter the current passcode to change the app lock.',
            { currentPasscode: ['Enter the current passcode.'] },
          );
        }
        await this.check(currentPasscode, 'currentPasscode');
      }
      const salt = randomBytes(16);
      const hash = await AppLock.hash(passcode, salt);
      const stored = { salt: salt.toString('base64'), hash: hash.toString('base64'), idleMinutes };
      const before = this.stored;
      await this.save(stored);
      try {
        // The record is the fail-safe of a keychain that cannot be read at start: a lock it does
        // not record is not set.
        await this.record(true);
      } catch (error) {
        await this.rollBack(before);
        throw error;
      }
      this.stored = stored;
      return this.changed();
    });
  }

  /** Puts the keychain entry back as it was before a change that could not be recorded. */
  private async rollBack(before: StoredLock | undefined): Promise<void> {
    try {
      if (before) await this.save(before);
      else await this.vault.delete(ENTRY);
    } catch (error) {
      // The keychain holds the new passcode after all: say so, rather than guess.
      log.error(`[lock] the app lock could not be rolled back in the keychain: ${String(error)}`);
      await this.read(false);
    }
  }

  disable(passcode: string): Promise<LockState> {
    return this.serial(async () => {
      await this.check(passcode, 'passcode');
      await this.vault.delete(ENTRY);
      this.stored = undefined;
      this.locked = false;
      // Not recorded (a full disk): the record still says a lock, which at worst keeps a later
      // start whose keychain cannot be read locked until it can.
      await this.recordOrLog(false);
      return this.changed();
    });
  }

  lockNow(): LockState {
    if (this.stored) this.locked = true;
    return this.changed();
  }

  unlock(passcode: string): Promise<LockState> {
    return this.serial(async () => {
      await this.check(passcode, 'passcode');
      this.locked = false;
      return this.changed();
    });
  }
}
