import type { CsvExport } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/** Cost basis and profit and loss per asset in one quote (its fetch time inside). */
export const useProfitLossStore = createRemote(
  {
    channel: 'portfolio.profitLoss',
    fetch: (quote: string) => getDesk().portfolio.profitLoss({ quote }),
  },
  (): { exportCsv(quote: string): Promise<CsvExport> } => ({
    exportCsv: (quote) => getDesk().portfolio.exportProfitLossCsv({ quote }),
  }),
);
