import type { ChannelInput, ChannelParsed } from '../../../shared/contract';
import type { CsvExport } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/** Filters as the contract parses them. */
export type TransferFilters = ChannelParsed<'transfers.list'>['filters'];

/** Records per page; the exchange lets no one page beyond the first 10,000 (notes §5). */
export const PAGE_SIZE = 100;
export const HISTORY_CAP = 10_000;

type TransfersQuery = ChannelInput<'transfers.list'>;

const queryOf = (filters: TransferFilters, offset: number): TransfersQuery => ({
  filters,
  offset,
  limit: Math.min(PAGE_SIZE, HISTORY_CAP - offset),
});

interface HistoryActions {
  filters: TransferFilters;
  offset: number;
  /** New filters: back to the first page, then load. */
  apply(filters: TransferFilters): void;
  goTo(offset: number): void;
  /** Loads the page of the applied filters and offset. */
  loadPage(): Promise<void>;
  /** Every record of the applied filters as CSV (saved by main, or handed back to download). */
  exportCsv(): Promise<CsvExport>;
}

/** Deposits and withdrawals: the page shown (records, total, fetch time), its filters and offset. */
export const useTransfersStore = createRemote(
  {
    channel: 'transfers.list',
    fetch: (input: TransfersQuery) => getDesk().transfers.list(input),
  },
  (get, set): HistoryActions => ({
    filters: {},
    offset: 0,
    apply(filters) {
      set({ filters, offset: 0, data: undefined, error: undefined });
      void get().loadPage();
    },
    goTo(offset) {
      set({ offset, data: undefined, error: undefined });
      void get().loadPage();
    },
    loadPage: () => get().load(queryOf(get().filters, get().offset)),
    exportCsv: () => getDesk().transfers.exportCsv({ filters: get().filters }),
  }),
);
