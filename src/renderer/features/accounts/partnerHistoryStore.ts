import type { ChannelInput } from '../../../shared/contract';
import type { ExecutedOrders } from '../../../shared/model';
import { EXECUTED_LIMIT } from '../../../shared/executed';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/** Executed orders as received, with the time they were fetched (the channel answers without it). */
export interface ExecutedOrdersData {
  orders: ExecutedOrders;
  fetchedAt: number;
}

/**
 * Executed orders through a profile's partner (OAuth) connection (the query: a page size, a
 * market): the connection is Accounts', which loads and counts them; Orders shows them in a tab.
 */
export const usePartnerHistory = createRemote(
  {
    channel: 'orders.partnerHistory',
    fetch: async (query: ChannelInput<'orders.partnerHistory'>): Promise<ExecutedOrdersData> => ({
      orders: await getDesk().orders.partnerHistory(query),
      fetchedAt: Date.now(),
    }),
  },
  (get): { loadLatest(): Promise<void> } => ({
    /** The most recent executed orders (EXECUTED_LIMIT), every market. */
    loadLatest: () => get().load({ limit: EXECUTED_LIMIT }),
  }),
);
