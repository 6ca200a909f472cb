/** What other screens may use of the app lock: its settings card, the gate, whether it is open. */
export { LockGate } from './LockGate';
export { LockSettings } from './LockSettings';
export { isUnlocked, useLockStore } from './lockStore';
