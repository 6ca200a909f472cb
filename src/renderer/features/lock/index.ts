/** What other screens may use of the app lock: its settings card, the gate, whether it is open. */
import { lazyNamed } from '../../lib/lazyNamed';

export { LockGate } from './LockGate';
export { isUnlocked, useLockStore } from './lockStore';

/** The lock's settings card (Accounts): a chunk of its own, with the form checks it carries. */
export const LockSettings = lazyNamed(() => import('./LockSettings'), 'LockSettings');
