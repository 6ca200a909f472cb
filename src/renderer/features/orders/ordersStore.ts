import { create } from 'zustand';
import type { ChannelInput, ChannelParsed } from '../../../shared/contract';
import type { ActiveOrdersPage, ConditionalOrders, ExecutedOrders } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { shared } from '../../lib/remote';
import { useProfilesStore } from '../accounts/profilesStore';

export type OrdersTab = 'active' | 'conditional' | 'history';

/** The filters and page of the active-orders query, as the contract parses them. */
export type ActiveQuery = ChannelParsed<'orders.active'>;
export type ActiveFilters = Pick<ActiveQuery, 'market' | 'orderId' | 'clientOrderId'>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_QUERY: ActiveQuery = { offset: 0, limit: 50 };

/** One piece of server data with its loading state. The data carries its own fetch time. */
interface Slot<T> {
  data: T | undefined;
  loading: boolean;
  error: string | undefined;
}

const emptySlot = <T>(): Slot<T> => ({ data: undefined, loading: false, error: undefined });

/** Executed orders as received, with the time they were fetched (the channel answers without it). */
export interface ExecutedOrdersData {
  orders: ExecutedOrders;
  fetchedAt: number;
}

interface OrdersStore {
  tab: OrdersTab;
  activeQuery: ActiveQuery;
  active: Slot<ActiveOrdersPage>;
  conditionalMarket: string | undefined;
  conditional: Slot<ConditionalOrders>;
  history: Slot<ExecutedOrdersData>;
  setTab(tab: OrdersTab): void;
  /** New filters: back to the first page, then load. */
  filterActive(filters: ActiveFilters): void;
  /** Another page or page size with the same filters. */
  pageActive(offset: number, limit: number): void;
  loadActive(): Promise<void>;
  /** Cancels an order; rejects with the DeskError main answered with. Reloads the list after. */
  cancel(market: string, orderId: number): Promise<void>;
  filterConditional(market: string | undefined): void;
  loadConditional(): Promise<void>;
  loadHistory(): Promise<void>;
  /** Forgets every answer (another profile became active) and reloads what was in use. */
  reset(): void;
}

// A request answered after a newer one was sent (or after a reset) is dropped.
const seq = { active: 0, conditional: 0, history: 0 };

async function run<T>(
  key: keyof typeof seq,
  request: () => Promise<T>,
  apply: (patch: Partial<Slot<T>>) => void,
): Promise<void> {
  const mine = ++seq[key];
  apply({ loading: true, error: undefined });
  try {
    const data = await request();
    if (mine === seq[key]) apply({ data, loading: false, error: undefined });
  } catch (error) {
    if (mine === seq[key]) apply({ loading: false, error: asDeskError(error).message });
  }
}

export const useOrdersStore = create<OrdersStore>()((set, get) => ({
  tab: 'active',
  activeQuery: DEFAULT_QUERY,
  active: emptySlot(),
  conditionalMarket: undefined,
  conditional: emptySlot(),
  history: emptySlot(),
  setTab: (tab) => set({ tab }),
  filterActive(filters) {
    const { limit } = get().activeQuery;
    set({ activeQuery: { ...filters, offset: 0, limit }, active: emptySlot() });
    void get().loadActive();
  },
  pageActive(offset, limit) {
    set((s) => ({ activeQuery: { ...s.activeQuery, offset, limit }, active: emptySlot() }));
    void get().loadActive();
  },
  loadActive() {
    const input: ChannelInput<'orders.active'> = get().activeQuery;
    return run(
      'active',
      () => shared(`orders.active:${JSON.stringify(input)}`, () => getDesk().orders.active(input)),
      (patch) => set((s) => ({ active: { ...s.active, ...patch } })),
    );
  },
  async cancel(market, orderId) {
    await getDesk()
      .orders.cancel({ market, orderId })
      .catch((error: unknown) => {
        throw asDeskError(error);
      });
    await get().loadActive();
  },
  filterConditional(market) {
    set({ conditionalMarket: market, conditional: emptySlot() });
    void get().loadConditional();
  },
  loadConditional() {
    const market = get().conditionalMarket;
    const input: ChannelInput<'orders.conditional'> = market ? { market } : {};
    return run(
      'conditional',
      () =>
        shared(`orders.conditional:${JSON.stringify(input)}`, () =>
          getDesk().orders.conditional(input),
        ),
      (patch) => set((s) => ({ conditional: { ...s.conditional, ...patch } })),
    );
  },
  loadHistory() {
    return run(
      'history',
      () =>
        shared('orders.history', async () => ({
          orders: await getDesk().orders.history(),
          fetchedAt: Date.now(),
        })),
      (patch) => set((s) => ({ history: { ...s.history, ...patch } })),
    );
  },
  reset() {
    const { active, conditional, history } = get();
    const used = (slot: Slot<unknown>) => slot.data !== undefined || slot.loading;
    seq.active++;
    seq.conditional++;
    seq.history++;
    set({ active: emptySlot(), conditional: emptySlot(), history: emptySlot() });
    // What was on screen loads again for the new profile; the rest waits until it is opened.
    if (used(active)) void get().loadActive();
    if (used(conditional)) void get().loadConditional();
    if (used(history)) void get().loadHistory();
  },
}));

// Orders belong to the active profile: another profile's answers must never show under this one.
useProfilesStore.subscribe((state, previous) => {
  const now = state.state?.activeId;
  const before = previous.state?.activeId;
  if (now && before && now !== before) useOrdersStore.getState().reset();
});
