import type { CsvExport, NetWorthRange } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

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
    fetch: (query: NetWorthQuery) => getDesk().portfolio.netWorth(query),
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
