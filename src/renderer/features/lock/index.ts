/** What other screens may use of the app lock: its settings card and the gate around the app. */
export { LockGate } from './LockGate';
export { LockSettings } from './LockSettings';
export { useLockStore } from './lockStore';
