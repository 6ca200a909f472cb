import type { ChannelInput } from '../../../shared/contract';
import type { BalanceMove } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

/** One asset's main and trade balance: the Transfer dialog's Max and the Trade form's offer. */
export const useBalancePair = createRemote({
  channel: 'transfers.balances',
  fetch: (ticker: string) => getDesk().transfers.balances({ ticker }),
});

/**
 * Moves an amount between the main and the trade balance (sent once by main); the holdings, the
 * Trade context and the balances reload after it (lib/remote.ts INVALIDATES).
 */
export function moveBalance(input: ChannelInput<'transfers.move'>): Promise<BalanceMove> {
  return mutate('transfers.move', () => getDesk().transfers.move(input));
}
