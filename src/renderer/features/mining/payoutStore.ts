import type { ChannelInput } from '../../../shared/contract';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

interface PayoutActions {
  /** Changes the destination; takes main's answer; rejects with the DeskError (fields for the form). */
  change(input: ChannelInput<'mining.setPayout'>): Promise<void>;
}

/** Where a mining account's rewards are paid, and its guarded change. */
export const usePayout = createRemote(
  {
    channel: 'mining.payout',
    fetch: (query: { account: string }) => getDesk().mining.payout(query),
  },
  (_get, set): PayoutActions => ({
    async change(input) {
      const data = await mutate('mining.setPayout', () => getDesk().mining.setPayout(input));
      set({ data, error: undefined });
    },
  }),
);
