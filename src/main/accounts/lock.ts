import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { LockState } from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { AppEvents } from '../events';
import type { SecretStore } from '../vault/vault';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const ENTRY = 'app-lock';
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface StoredLock {
  salt: string;
  hash: string;
  idleMinutes: number;
}

/**
 * The optional app lock: a passcode whose scrypt hash lives in the keychain, and a lock that main
 * enforces (while locked, only the lock channels answer). The page locks itself after the chosen
 * idle time by calling lockNow.
 */
export class AppLock {
  private stored: StoredLock | undefined;
  private locked = false;

  private constructor(
    private readonly vault: SecretStore,
    private readonly events: AppEvents,
  ) {}

  static async create(vault: SecretStore, events: AppEvents): Promise<AppLock> {
    const lock = new AppLock(vault, events);
    try {
      const text = await vault.get(ENTRY);
      if (text) {
        lock.stored = JSON.parse(text) as StoredLock;
        lock.locked = true; // a passcode is set: start locked
      }
    } catch {
      // No keychain: no lock can be set either.
    }
    return lock;
  }

  state(): LockState {
    return {
      enabled: Boolean(this.stored),
      locked: this.locked,
      idleMinutes: this.stored?.idleMinutes ?? 0,
    };
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
    return scryptAsync(passcode, salt, 32, PARAMS);
  }

  private async matches(passcode: string): Promise<boolean> {
    if (!this.stored) return false;
    const actual = await AppLock.hash(passcode, Buffer.from(this.stored.salt, 'base64'));
    return timingSafeEqual(actual, Buffer.from(this.stored.hash, 'base64'));
  }

  async configure(passcode: string, idleMinutes: number): Promise<LockState> {
    if (this.locked) throw new DeskFailure('LOCKED', 'Unlock first.');
    const salt = randomBytes(16);
    const hash = await AppLock.hash(passcode, salt);
    const stored = { salt: salt.toString('base64'), hash: hash.toString('base64'), idleMinutes };
    await this.vault.set(ENTRY, JSON.stringify(stored));
    this.stored = stored;
    return this.changed();
  }

  async disable(passcode: string): Promise<LockState> {
    if (!(await this.matches(passcode))) {
      throw new DeskFailure('WRONG_PASSCODE', 'That passcode is not right.', {
        passcode: ['That passcode is not right.'],
      });
    }
    await this.vault.delete(ENTRY);
    this.stored = undefined;
    this.locked = false;
    return this.changed();
  }

  lockNow(): LockState {
    if (this.stored) this.locked = true;
    return this.changed();
  }

  async unlock(passcode: string): Promise<LockState> {
    if (!(await this.matches(passcode))) {
      throw new DeskFailure('WRONG_PASSCODE', 'That passcode is not right.', {
        passcode: ['That passcode is not right.'],
      });
    }
    this.locked = false;
    return this.changed();
  }
}
