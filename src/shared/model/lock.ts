/** The app lock. */

export interface LockState {
  /** A passcode is set. */
  enabled: boolean;
  locked: boolean;
  idleMinutes: number;
  /**
   * Unix ms until which passcode tries are refused unchecked (after too many wrong ones); absent
   * when a try may be made now.
   */
  retryAt?: number;
  /**
   * The lock entry could not be read from the keychain: why, and what to do. The app stays locked;
   * `lock.status` reads the keychain again (the lock screen's Try again).
   */
  error?: string;
}
