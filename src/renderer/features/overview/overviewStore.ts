import type { StreamPrices } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';
import { overviewScope } from './overviewAccountsStore';
import { revalue } from './revalue';

/**
 * Every balance valued in a quote currency (the query), over the accounts chosen (main's view
 * unless more are: overviewAccountsStore.ts). The overview carries its fetch time; a quote switch
 * wins over an answer still on its way. Pushed last prices revalue the rows whose direct market
 * moved (`applyPrices`).
 */
export const useOverviewStore = createRemote(
  {
    channel: 'portfolio.overview',
    fetch: (quote: string) => {
      const accounts = overviewScope();
      return getDesk().portfolio.overview(accounts ? { quote, accounts } : { quote });
    },
    // Requests in another scope are not shared with one under way.
    key: (quote: string) => `portfolio.overview:${quote}:${overviewScope()?.join(',') ?? 'main'}`,
  },
  (get, set): { applyPrices(push: StreamPrices): void } => ({
    applyPrices(push: StreamPrices) {
      const { data } = get();
      if (data) set({ data: revalue(data, push.prices) });
    },
  }),
);
