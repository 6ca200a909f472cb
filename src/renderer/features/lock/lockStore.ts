import { create } from 'zustand';
import type { LockState } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';

interface LockStore {
  state: LockState | undefined;
  /** Unix ms of the last answer from main. */
  fetchedAt: number | undefined;
  /** Set when lock.status could not be loaded. */
  error: string | undefined;
  /** Loads the lock state and follows `lock.changed`; returns the unsubscribe. */
  connect(): () => void;
  set(state: LockState): void;
  /** These call main and take the state it answers with; they reject with main's DeskError. */
  configure(passcode: string, idleMinutes: number): Promise<void>;
  disable(passcode: string): Promise<void>;
  lockNow(): Promise<void>;
  unlock(passcode: string): Promise<void>;
}

const rethrow = (error: unknown): never => {
  throw asDeskError(error);
};

export const useLockStore = create<LockStore>()((set, get) => ({
  state: undefined,
  fetchedAt: undefined,
  error: undefined,
  connect() {
    const desk = getDesk();
    const unsubscribe = desk.on('lock.changed', (state) => get().set(state));
    desk.lock
      .status()
      .then((state) => get().set(state))
      .catch((error: unknown) => set({ error: asDeskError(error).message }));
    return unsubscribe;
  },
  set: (state) => set({ state, fetchedAt: Date.now(), error: undefined }),
  async configure(passcode, idleMinutes) {
    get().set(await getDesk().lock.configure({ passcode, idleMinutes }).catch(rethrow));
  },
  async disable(passcode) {
    get().set(await getDesk().lock.disable({ passcode }).catch(rethrow));
  },
  async lockNow() {
    get().set(await getDesk().lock.lockNow().catch(rethrow));
  },
  async unlock(passcode) {
    get().set(await getDesk().lock.unlock({ passcode }).catch(rethrow));
  },
}));
