import { z } from 'zod';
import { channel, event, noInput } from './common';
import type { LockState } from '../model';

const passcode = z.string().min(4, 'Use at least 4 characters.').max(128);

/** The app lock: its passcode, idle time, locking and unlocking. */
export const lock = {
  /** The lock's state; when its keychain entry could not be read, read again first (Try again). */
  status: channel<LockState>()(noInput),
  /**
   * Sets the passcode and idle time. Changing a lock that is set needs `currentPasscode`, checked
   * like an unlock (refused with LOCK_WAIT while a wait after wrong passcodes runs).
   */
  configure: channel<LockState>()(
    z.object({
      passcode,
      idleMinutes: z.number().int().min(1).max(240),
      currentPasscode: z.string().max(128).optional(),
    }),
  ),
  /** Turns the lock off; the passcode is checked like an unlock. */
  disable: channel<LockState>()(z.object({ passcode: z.string().max(128) })),
  lockNow: channel<LockState>()(noInput),
  /**
   * WRONG_PASSCODE, or LOCK_WAIT (unchecked) while a wait runs: after three wrong passcodes
   * each try waits 1 s, doubling up to 5 min; the state's `retryAt` says until when.
   */
  unlock: channel<LockState>()(z.object({ passcode: z.string().max(128) })),
} as const;

export const lockEvents = {
  'lock.changed': event<LockState>(),
} as const;
