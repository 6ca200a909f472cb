import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

interface SubAccountActions {
  /** Blocks or unblocks; takes the list main answers with; rejects with the DeskError. */
  setBlocked(id: string, blocked: boolean): Promise<void>;
}

/** The active profile's sub-accounts (with their fetch time); block and unblock. */
export const useSubAccountsStore = createRemote(
  { channel: 'subAccounts.list', fetch: () => getDesk().subAccounts.list() },
  (_get, set): SubAccountActions => ({
    async setBlocked(id, blocked) {
      const desk = getDesk();
      const data = await (blocked
        ? mutate('subAccounts.block', () => desk.subAccounts.block({ id }))
        : mutate('subAccounts.unblock', () => desk.subAccounts.unblock({ id })));
      set({ data, error: undefined });
    },
  }),
);
