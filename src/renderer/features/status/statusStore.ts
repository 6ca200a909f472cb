import { create } from 'zustand';
import type { ExchangeStatus, StreamStatus } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';

interface StatusState {
  status: ExchangeStatus | undefined;
  /** Where the screens' data comes from (live stream, polling, offline); undefined until known. */
  stream: StreamStatus | undefined;
  /** Set when the bridge itself fails (main unreachable), as opposed to the exchange being offline. */
  bridgeError: string | undefined;
  /** Loads the current statuses and follows pushes from main; returns the unsubscribe. */
  connect(): () => void;
}

export const useStatusStore = create<StatusState>()((set) => ({
  status: undefined,
  stream: undefined,
  bridgeError: undefined,
  connect() {
    const desk = getDesk();
    const offExchange = desk.on('exchange.status', (status) =>
      set({ status, bridgeError: undefined }),
    );
    const offStream = desk.on('stream.status', (stream) => set({ stream }));
    desk.exchange
      .status()
      // A pushed result may have arrived first; it is at least as fresh as this answer.
      .then((status) =>
        set((state) => (state.status && state.status.state !== 'checking' ? {} : { status })),
      )
      .catch((error: unknown) => set({ bridgeError: asDeskError(error).message }));
    desk.stream
      .status()
      .then((stream) => set((state) => (state.stream ? {} : { stream })))
      // Without an answer the pill shows the exchange's status alone (a bridge failure shows above).
      .catch(() => undefined);
    return () => {
      offExchange();
      offStream();
    };
  },
}));
