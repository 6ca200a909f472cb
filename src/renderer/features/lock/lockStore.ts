import { create } from 'zustand';
import type { LockState } from '../../../shared/model';
import { asDeskError, type DeskErrorCode } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { invalidate, STREAMED } from '../../lib/remote';

interface LockStore {
  state: LockState | undefined;
  /** Unix ms of the last answer from main. */
  fetchedAt: number | undefined;
  /** Set when lock.status could not be loaded. */
  error: string | undefined;
  /**
   * Loads the lock state and follows `lock.changed`; returns the disconnect. Callers share one
   * connection (one request, one subscription) until the last of them disconnects.
   */
  connect(): () => void;
  set(state: LockState): void;
  /**
   * Asks main for the state again; when the lock could not be read from the keychain, main reads
   * it again first (the lock screen's Try again).
   */
  retry(): Promise<void>;
  /**
   * These call main and take the state it answers with; they reject with main's DeskError. A
   * refused passcode also reloads the state, which carries the wait (`retryAt`) when one began.
   */
  configure(passcode: string, idleMinutes: number, currentPasscode?: string): Promise<void>;
  disable(passcode: string): Promise<void>;
  lockNow(): Promise<void>;
  unlock(passcode: string): Promise<void>;
}

/** Answers after which the state may carry a new wait or a read error. */
const PASSCODE_REFUSALS = new Set<DeskErrorCode>([
  'WRONG_PASSCODE',
  'LOCK_WAIT',
  'LOCK_UNREADABLE',
]);

/** The shared connection: how many callers hold it, and how to stop following. */
const connection = { holders: 0, stop: () => {} };

export const useLockStore = create<LockStore>()((set, get) => {
  /** Rejects with the DeskError; after a passcode refusal, first takes main's new state. */
  const refused = async (error: unknown): Promise<never> => {
    const desk = asDeskError(error);
    if (PASSCODE_REFUSALS.has(desk.code)) {
      await getDesk()
        .lock.status()
        .then((state) => get().set(state))
        .catch(() => undefined); // the refusal itself is what the form shows
    }
    throw desk;
  };
  return {
    state: undefined,
    fetchedAt: undefined,
    error: undefined,
    connect() {
      if (connection.holders++ === 0) {
        const desk = getDesk();
        connection.stop = desk.on('lock.changed', (state) => get().set(state));
        desk.lock
          .status()
          .then((state) => get().set(state))
          .catch((error: unknown) => set({ error: asDeskError(error).message }));
      }
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        if (--connection.holders === 0) connection.stop();
      };
    },
    set(state) {
      const wasLocked = get().state?.locked === true;
      set({ state, fetchedAt: Date.now(), error: undefined });
      // Pushes were dropped while locked: what they would have changed loads again.
      if (wasLocked && !state.locked) invalidate(STREAMED);
    },
    async retry() {
      try {
        get().set(await getDesk().lock.status());
      } catch (error) {
        set({ error: asDeskError(error).message });
      }
    },
    async configure(passcode, idleMinutes, currentPasscode) {
      const input =
        currentPasscode === undefined
          ? { passcode, idleMinutes }
          : { passcode, idleMinutes, currentPasscode };
      get().set(await getDesk().lock.configure(input).catch(refused));
    },
    async disable(passcode) {
      get().set(await getDesk().lock.disable({ passcode }).catch(refused));
    },
    async lockNow() {
      get().set(
        await getDesk()
          .lock.lockNow()
          .catch((error: unknown) => {
            throw asDeskError(error);
          }),
      );
    },
    async unlock(passcode) {
      get().set(await getDesk().lock.unlock({ passcode }).catch(refused));
    },
  };
});

/**
 * The app is open: main said it is not locked (or could not say, and the app shows). While it is
 * locked, or before main has answered, nothing pushed is applied.
 */
export function isUnlocked(): boolean {
  const { state, error } = useLockStore.getState();
  return state ? !state.locked : error !== undefined;
}
