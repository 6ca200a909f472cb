import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/**
 * Every balance valued in a quote currency (the query). The overview carries its fetch time;
 * a quote switch wins over an answer still on its way.
 */
export const useOverviewStore = createRemote({
  channel: 'portfolio.overview',
  fetch: (quote: string) => getDesk().portfolio.overview({ quote }),
});
