import type { CsvExport, NetWorthRange } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';
import { mark } from '../../lib/userTiming';

export interface NetWorthQuery {
  quote: string;
  range: NetWorthRange;
}

/** The range the chart opens on. */
export const DEFAULT_RANGE: NetWorthRange = '3m';

/**
 * The net-worth series of one quote and range (its build time inside). A newer range or quote wins
 * over an answer still on its way; the range chosen is kept for the session (not across restarts).
 */
export const useNetWorthStore = createRemote(
  {
    channel: 'portfolio.netWorth',
    // User Timing for the bench: 'networth:request' as it is sent, 'networth:data' as the answer
    // arrives (the slot takes it in the same task); NetWorthChart marks 'networth:painted'.
    fetch: async (query: NetWorthQuery) => {
      mark('networth:request');
      const series = await getDesk().portfolio.netWorth(query);
      mark('networth:data');
      return series;
    },
  },
  (
    _get,
    set,
  ): {
    range: NetWorthRange;
    setRange(range: NetWorthRange): void;
    exportCsv(quote: string): Promise<CsvExport>;
  } => ({
    range: DEFAULT_RANGE,
    setRange: (range) => set({ range }),
    exportCsv: (quote) => getDesk().portfolio.exportSnapshotsCsv({ quote }),
  }),
);
