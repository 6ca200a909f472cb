/** The app itself: its version, updates and the computer's sleep. */

export interface AppInfo {
  version: string;
  platform: string;
  /** Where the app keeps profiles (names, never keys) and the demo exchange; null: in memory. */
  dataDir: string | null;
}

/**
 * Automatic updates: `disabled` in development, in the web host and in a build without an update
 * feed (`message` says which); `message` is also why the last check, download or install failed.
 */
export interface UpdateStatus {
  state:
    | 'disabled'
    | 'idle'
    | 'checking'
    | 'available'
    | 'not-available'
    | 'downloading'
    | 'downloaded'
    | 'error';
  version?: string;
  /** Download progress, 0-100. */
  percent?: number;
  transferred?: number;
  total?: number;
  message?: string;
  /**
   * Installing goes through the system's package manager (a .deb, .rpm or pacman install), which
   * asks for the administrator's password: only on "Restart and install", never on quit.
   */
  asksForPassword?: boolean;
}

/** The computer went to sleep, or woke up (views reload what went stale meanwhile). */
export interface PowerEvent {
  state: 'suspended' | 'resumed';
  at: number;
}
