import { create } from 'zustand';
import type { FlexOverview, FlexTransaction } from '../../../shared/model';
import { asDeskError, type DeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { shared } from '../../lib/remote';
import { useProfilesStore } from '../accounts/profilesStore';

interface EarnStore {
  /** The last overview main answered with (plans, investments, main balances, fetch time). */
  data: FlexOverview | undefined;
  loading: boolean;
  /** The last failed load, as main answered (its code tells a missing permission apart). */
  error: DeskError | undefined;
  /** Loads plans, investments and balances. Never rejects: a failure lands in `error`. */
  load(): Promise<void>;
  /** Invests; rejects with the DeskError main answered with. Reloads after a success. */
  invest(input: { plan: string; amount: string; withReinvest: boolean }): Promise<FlexTransaction>;
  /** Closes the ACTIVE investment of a plan; rejects with the DeskError. Reloads either way. */
  close(plan: string): Promise<FlexTransaction>;
  /** Forgets everything (another profile became active) and reloads what was in use. */
  reset(): void;
}

/** Only the answer to the latest load is taken (a reset drops the ones in flight). */
let latest = 0;

export const useEarnStore = create<EarnStore>()((set, get) => ({
  data: undefined,
  loading: false,
  error: undefined,
  async load() {
    const ticket = ++latest;
    set({ loading: true });
    try {
      const data = await shared('flex.overview', () => getDesk().flex.overview());
      if (ticket === latest) set({ data, loading: false, error: undefined });
    } catch (error) {
      if (ticket === latest) set({ loading: false, error: asDeskError(error) });
    }
  },
  async invest(input) {
    let tx: FlexTransaction;
    try {
      tx = await getDesk().flex.invest(input);
    } catch (error) {
      throw asDeskError(error);
    }
    await get().load();
    return tx;
  },
  async close(plan) {
    try {
      return await getDesk().flex.close({ plan });
    } catch (error) {
      throw asDeskError(error);
    } finally {
      // A refusal usually means the list is out of date: show what the exchange holds now.
      void get().load();
    }
  },
  reset() {
    const used = get().data !== undefined || get().loading || get().error !== undefined;
    latest++;
    set({ data: undefined, loading: false, error: undefined });
    if (used) void get().load();
  },
}));

/** Whether a failure says the key may not use this part of the API (HTTP 403). */
export const isPermissionError = (error: DeskError | undefined): boolean =>
  error?.code === 'EXCHANGE_PERMISSION';

// Plans, investments and balances belong to the active profile.
useProfilesStore.subscribe((state, previous) => {
  const now = state.state?.activeId;
  const before = previous.state?.activeId;
  if (now && before && now !== before) useEarnStore.getState().reset();
});
