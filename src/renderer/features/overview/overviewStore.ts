import { create } from 'zustand';
import type { PortfolioOverview } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { shared } from '../../lib/remote';

interface OverviewStore {
  /** The last overview main answered with; kept while refreshing and after a failed refresh. */
  data: PortfolioOverview | undefined;
  /** Unix ms when the renderer received `data`. */
  fetchedAt: number | undefined;
  /** A request is in flight. */
  loading: boolean;
  /** Message of the last failed load (the DeskError's); cleared by the next answer. */
  error: string | undefined;
  /** Loads the overview valued in `quote`. Never rejects: a failure lands in `error`. */
  load(quote: string): Promise<void>;
}

/** Each load gets a number; only the answer to the latest one is taken (a quote switch wins). */
let latest = 0;

export const useOverviewStore = create<OverviewStore>()((set) => ({
  data: undefined,
  fetchedAt: undefined,
  loading: false,
  error: undefined,
  async load(quote) {
    const ticket = ++latest;
    set({ loading: true });
    try {
      const data = await shared(`portfolio.overview:${quote}`, () =>
        getDesk().portfolio.overview({ quote }),
      );
      if (ticket !== latest) return;
      set({ data, fetchedAt: Date.now(), loading: false, error: undefined });
    } catch (error) {
      if (ticket !== latest) return;
      set({ loading: false, error: asDeskError(error).message });
    }
  },
}));
