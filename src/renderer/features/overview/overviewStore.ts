import type { StreamPrices } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';
import { revalue } from './revalue';

/**
 * Every balance valued in a quote currency (the query). The overview carries its fetch time;
 * a quote switch wins over an answer still on its way. Pushed last prices revalue the rows whose
 * direct market moved (`applyPrices`).
 */
export const useOverviewStore = createRemote(
  {
    channel: 'portfolio.overview',
    fetch: (quote: string) => getDesk().portfolio.overview({ quote }),
  },
  (get, set): { applyPrices(push: StreamPrices): void } => ({
    applyPrices(push: StreamPrices) {
      const { data } = get();
      if (data) set({ data: revalue(data, push.prices) });
    },
  }),
);
