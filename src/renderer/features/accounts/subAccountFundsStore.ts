import type {
  SubAccountBalances,
  SubAccountMove,
  SubAccountTransfersView,
} from '../../../shared/model';
import type { ChannelInput } from '../../../shared/contract';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

/** One sub-account's balances (main and trade), by its id. */
export const useSubBalancesStore = createRemote<SubAccountBalances, string>({
  channel: 'subAccounts.balances',
  fetch: (id) => getDesk().subAccounts.balances({ id }),
  queryPerProfile: true,
});

/** One sub-account's transfers with the main account, newest first, by its id. */
export const useSubTransfersStore = createRemote<SubAccountTransfersView, string>({
  channel: 'subAccounts.transfers',
  fetch: (id) => getDesk().subAccounts.transfers({ id }),
  queryPerProfile: true,
});

/** Sends a transfer once (main refuses a second while one is in flight); reloads both slots. */
export function sendSubTransfer(
  input: ChannelInput<'subAccounts.transfer'>,
): Promise<SubAccountMove> {
  return mutate('subAccounts.transfer', () => getDesk().subAccounts.transfer(input));
}
