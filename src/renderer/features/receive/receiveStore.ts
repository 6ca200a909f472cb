import type { DepositAddress } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

/** The assets a deposit address can be asked for, with their networks (`/public/assets`). */
export const useReceiveAssets = createRemote({
  channel: 'receive.assets',
  fetch: () => getDesk().receive.assets(),
});

export interface AddressQuery {
  ticker: string;
  /** Absent: the asset's default network. */
  network?: string;
}

interface AddressActions {
  /** Asks the exchange for a new address of the query shown; rejects with the DeskError. */
  newAddress(): Promise<void>;
}

/** The deposit address of one asset on one network; "New address" replaces it. */
export const useDepositAddress = createRemote<DepositAddress, AddressQuery, AddressActions>(
  { channel: 'receive.address', fetch: (query) => getDesk().receive.address(query) },
  (get, set) => ({
    async newAddress() {
      const { query } = get();
      if (!query) return;
      const data = await mutate('receive.newAddress', () => getDesk().receive.newAddress(query));
      // Only if the dialog still shows that asset and network.
      if (get().query === query) set({ data, error: undefined });
    },
  }),
);
