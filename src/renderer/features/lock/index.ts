/** What other screens may use of the app lock: the gate, its state and actions, whether it is open. */
export { LockGate } from './LockGate';
export { isUnlocked, useLockStore } from './lockStore';
