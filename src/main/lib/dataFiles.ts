/**
 * The files the app keeps in its data folder, by name: one place for the folder's layout. (The
 * desktop app's data folder is Electron's userData, which also holds Chromium's own files.)
 */
export const PROFILES_FILE = 'profiles.json';
/** The app lock's fail-safe record (accounts/lock.ts). */
export const LOCK_RECORD_FILE = 'app-lock.json';
export const HISTORY_FILE = 'history.sqlite';
export const JOURNAL_FILE = 'orders-journal.json';
export const DEMO_STATE_FILE = 'demo-exchange.json';
export const WINDOW_STATE_FILE = 'window-state.json';

export const APP_FILES = [
  PROFILES_FILE,
  LOCK_RECORD_FILE,
  HISTORY_FILE,
  JOURNAL_FILE,
  DEMO_STATE_FILE,
  WINDOW_STATE_FILE,
] as const;
