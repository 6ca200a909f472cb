import { create } from 'zustand';
import type { ExchangeStatus } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';

interface StatusState {
  status: ExchangeStatus | undefined;
  /** Set when the bridge itself fails (main unreachable), as opposed to the exchange being offline. */
  bridgeError: string | undefined;
  /** Loads the current status and follows pushes from main; returns the unsubscribe. */
  connect(): () => void;
}

export const useStatusStore = create<StatusState>()((set) => ({
  status: undefined,
  bridgeError: undefined,
  connect() {
    const desk = getDesk();
    const unsubscribe = desk.on('exchange.status', (status) =>
      set({ status, bridgeError: undefined }),
    );
    desk.exchange
      .status()
      // A pushed result may have arrived first; it is at least as fresh as this answer.
      .then((status) =>
        set((state) => (state.status && state.status.state !== 'checking' ? {} : { status })),
      )
      .catch((error: unknown) => set({ bridgeError: asDeskError(error).message }));
    return unsubscribe;
  },
}));
