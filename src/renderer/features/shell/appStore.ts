import { create } from 'zustand';
import type { UpdateStatus } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { useShellStore } from '../../lib/shellStore';

/**
 * The app itself, as main reports it: automatic updates (state and download progress), the
 * computer waking from sleep, after which the visible screen reloads its (now stale) data, and a
 * screen a menu of the desktop app asks for.
 */
interface AppState {
  update: UpdateStatus;
  updateError: string | undefined;
  /** Loads the update state and follows main's pushes; returns the unsubscribe. */
  connect(): () => void;
  /** Quits and installs a downloaded update. */
  installUpdate(): Promise<void>;
}

export const useAppStore = create<AppState>()((set) => ({
  update: { state: 'disabled' },
  updateError: undefined,
  connect() {
    const desk = getDesk();
    const offUpdate = desk.on('app.update', (update) => set({ update, updateError: undefined }));
    const offPower = desk.on('app.power', (power) => {
      if (power.state === 'resumed') void useShellStore.getState().refresh?.();
    });
    const offOpen = desk.on('app.open', ({ screen }) => useShellStore.getState().go(screen));
    desk.app
      .updateStatus()
      .then((update) => set({ update }))
      .catch(() => undefined); // the banner simply stays away
    return () => {
      offUpdate();
      offPower();
      offOpen();
    };
  },
  async installUpdate() {
    try {
      set({ update: await getDesk().app.installUpdate() });
    } catch (error) {
      set({ updateError: asDeskError(error).message });
    }
  },
}));
