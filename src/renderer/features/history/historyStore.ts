import { create } from 'zustand';
import type { ChannelInput, ChannelParsed } from '../../../shared/contract';
import type { CsvExport, TransfersPage } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { shared } from '../../lib/remote';
import { useProfilesStore } from '../accounts/profilesStore';

/** Filters as the contract parses them. */
export type TransferFilters = ChannelParsed<'history.transfers'>['filters'];

/** Records per page; the exchange lets no one page beyond the first 10,000 (notes §5). */
export const PAGE_SIZE = 100;
export const HISTORY_CAP = 10_000;

interface HistoryStore {
  filters: TransferFilters;
  offset: number;
  /** The page shown: its records, total and fetch time, as main answered. */
  page: TransfersPage | undefined;
  loading: boolean;
  error: string | undefined;
  /** New filters: back to the first page, then load. */
  apply(filters: TransferFilters): void;
  goTo(offset: number): void;
  load(): Promise<void>;
  /** Every record of the applied filters as CSV (saved by main, or handed back to download). */
  exportCsv(): Promise<CsvExport>;
  reset(): void;
}

let seq = 0;

export const useHistoryStore = create<HistoryStore>()((set, get) => ({
  filters: {},
  offset: 0,
  page: undefined,
  loading: false,
  error: undefined,
  apply(filters) {
    set({ filters, offset: 0, page: undefined, error: undefined });
    void get().load();
  },
  goTo(offset) {
    set({ offset, page: undefined, error: undefined });
    void get().load();
  },
  async load() {
    const { filters, offset } = get();
    const input: ChannelInput<'history.transfers'> = {
      filters,
      offset,
      limit: Math.min(PAGE_SIZE, HISTORY_CAP - offset),
    };
    const mine = ++seq;
    set({ loading: true, error: undefined });
    try {
      const page = await shared(`history.transfers:${JSON.stringify(input)}`, () =>
        getDesk().history.transfers(input),
      );
      if (mine === seq) set({ page, loading: false });
    } catch (error) {
      if (mine === seq) set({ loading: false, error: asDeskError(error).message });
    }
  },
  async exportCsv() {
    const { filters } = get();
    return getDesk()
      .history.exportCsv({ filters })
      .catch((error: unknown) => {
        throw asDeskError(error);
      });
  },
  reset() {
    const used = get().page !== undefined || get().loading;
    seq++;
    set({ page: undefined, loading: false, error: undefined, offset: 0 });
    if (used) void get().load();
  },
}));

// The history belongs to the active profile: another profile's records never show under this one.
useProfilesStore.subscribe((state, previous) => {
  const now = state.state?.activeId;
  const before = previous.state?.activeId;
  if (now && before && now !== before) useHistoryStore.getState().reset();
});
