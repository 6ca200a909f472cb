import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ChannelName } from '../../shared/contract';
import { asDeskError, type DeskError } from '../../shared/errors';

/**
 * The renderer's one way to hold server data (rule 8, docs/architecture.md): a remote slot keeps the last
 * answer (which carries the time it was fetched), whether a request is in flight, and the last
 * failure as a DeskError. Only the answer to the latest request is taken. Slots of the active
 * profile are reset and reloaded together when another profile becomes active, and a mutation
 * refreshes the slots it changes (the map below, the only place that says what changes what).
 */
export interface Remote<T> {
  /** The last answer; kept while refreshing and after a failed refresh. */
  data: T | undefined;
  /** A request is in flight. */
  loading: boolean;
  /** The last failure; cleared by the next answer. */
  error: DeskError | undefined;
}

/**
 * A screen's reload (a slot's \`load\`, or a sync refresh): it never rejects, a failure lands in
 * the slot's error, so a caller that does not wait for it voids it.
 */
export type Reload = () => Promise<void> | void;

/** What a view shows for a slot: its data once there is any, else the error, else loading. */
export function statusOf(remote: Remote<unknown>): 'ready' | 'error' | 'loading' {
  return remote.data !== undefined ? 'ready' : remote.error ? 'error' : 'loading';
}

export interface RemoteSlot<T, Q> extends Remote<T> {
  /** The query of the last load. */
  query: Q | undefined;
  /** The slot has been loaded at least once (a screen uses it): it reloads after a change. */
  used: boolean;
  /** Loads `query`; never rejects (a failure lands in `error`). A newer load wins. */
  load(query: Q): Promise<void>;
  /**
   * Loads `query` ahead of the view that shows it (the first screen, while the app starts): as
   * `load`, but a failure is dropped, not kept: the view's own load asks again and shows it.
   */
  prefetch(query: Q): Promise<void>;
  /** Loads the last query again (nothing when the slot was never used). */
  refresh(): Promise<void>;
  /** Forgets the data and any answer still on its way. */
  reset(): void;
}

/** Server data carries the time main fetched it (rule 7: the renderer keeps no second clock). */
export interface Fetched {
  fetchedAt: number;
}

export interface RemoteOptions<T, Q> {
  /** The contract channel it reads: mutations name what they change by channel. */
  channel: ChannelName;
  fetch(query: Q): Promise<T>;
  /** Identical requests in flight are shared under this key (default: channel + query). */
  key?(query: Q): string;
  /** Data of the active profile (the default) is reset when another profile becomes active. */
  perProfile?: boolean;
  /**
   * The query names something of the profile (a sub-account's id): on a profile switch the slot
   * is cleared and not asked again, since the other account does not know it; its screen loads it
   * again with one of the new profile's.
   */
  queryPerProfile?: boolean;
}

interface Registered {
  channel: ChannelName;
  perProfile: boolean;
  queryPerProfile: boolean;
  slot: () => RemoteSlot<unknown, unknown>;
  /** Back to the state it was created with (tests). */
  clear: () => void;
}

const registry = new Set<Registered>();
/** State of the active profile kept outside a slot (what the stream pushed): reset with the slots. */
const profileResets = new Set<() => void>();
/** Bumped on a profile switch: a request in flight for the last profile is never shared again. */
let profileEpoch = 0;

/**
 * Creates a remote slot as a zustand store, registered for invalidation and profile switches.
 * `actions` adds the slot's own operations (its mutations), which see the slot through `get`.
 */
export function createRemote<T extends Fetched, Q = void, A extends object = object>(
  options: RemoteOptions<T, Q>,
  actions?: (
    get: () => RemoteSlot<T, Q> & A,
    set: (patch: Partial<RemoteSlot<T, Q> & A>) => void,
  ) => A,
): UseBoundStore<StoreApi<RemoteSlot<T, Q> & A>> {
  let latest = 0;
  const keyOf = options.key ?? ((query: Q) => `${options.channel}:${JSON.stringify(query)}`);
  const store = create<RemoteSlot<T, Q> & A>()((setState, get) => {
    const set = (patch: Partial<RemoteSlot<T, Q>>) =>
      setState(patch as Partial<RemoteSlot<T, Q> & A>);
    /** `load`, and `prefetch` (which drops a failure: keepError false). */
    const fetchInto = async (query: Q, keepError: boolean) => {
      const ticket = ++latest;
      set({ query, used: true, loading: true });
      try {
        const data = await shared(`${profileEpoch}:${keyOf(query)}`, () => options.fetch(query));
        if (ticket === latest) set({ data, loading: false, error: undefined });
      } catch (error) {
        if (ticket === latest) {
          set(keepError ? { loading: false, error: asDeskError(error) } : { loading: false });
        }
      }
    };
    return {
      ...(actions ? actions(get, setState) : ({} as A)),
      data: undefined,
      loading: false,
      error: undefined,
      query: undefined,
      used: false,
      load: (query) => fetchInto(query, true),
      prefetch: (query) => fetchInto(query, false),
      async refresh() {
        const { query, used } = get();
        if (used) await get().load(query as Q);
      },
      reset() {
        latest++;
        set({ data: undefined, loading: false, error: undefined });
      },
    };
  });
  registry.add({
    channel: options.channel,
    perProfile: options.perProfile ?? true,
    queryPerProfile: options.queryPerProfile ?? false,
    slot: () => store.getState() as unknown as RemoteSlot<unknown, unknown>,
    clear: () => {
      latest++;
      store.setState(store.getInitialState(), true);
    },
  });
  return store;
}

/** Another profile became active: its slots forget the last profile's data; those in use reload. */
export function resetProfileData(): void {
  profileEpoch += 1;
  for (const entry of registry) {
    if (!entry.perProfile) continue;
    if (entry.queryPerProfile) {
      entry.clear();
      continue;
    }
    const slot = entry.slot();
    slot.reset();
    void slot.refresh();
  }
  for (const reset of profileResets) reset();
}

/** Registers pushed state that belongs to the active profile: it is forgotten on a profile switch. */
export function onProfileReset(reset: () => void): void {
  profileResets.add(reset);
}

/** Every slot back to its first state, unused (for tests between cases). */
export function clearRemotes(): void {
  for (const entry of registry) entry.clear();
  for (const reset of profileResets) reset();
}

/** Reloads every slot in use that reads one of `channels`. */
export function invalidate(channels: readonly ChannelName[]): void {
  for (const entry of registry) {
    if (!channels.includes(entry.channel)) continue;
    void entry.slot().refresh();
  }
}

/**
 * What a change of balances makes stale: the holdings. The net-worth series and the profit and loss
 * built from them follow the holdings' total (the Overview asks them again once per newer total,
 * when main has recorded its snapshot), so they are not asked here as well.
 */
const PORTFOLIO: readonly ChannelName[] = ['portfolio.overview'];

/**
 * What each mutation changes: after it, the slots reading these channels reload. (Block and unblock
 * answer with the new list of sub-accounts, which their slot takes as it is.) A profile switch needs
 * no entry: every per-profile slot reloads (resetProfileData).
 */
export const INVALIDATES: Partial<Record<ChannelName, readonly ChannelName[]>> = {
  'orders.place': [
    ...PORTFOLIO,
    'transfers.balances',
    'trade.context',
    'orders.active',
    'orders.conditional',
    'keyHistory.orders',
    'keyHistory.deals',
  ],
  'orders.cancel': [
    ...PORTFOLIO,
    'trade.context',
    'orders.active',
    'orders.conditional',
    'keyHistory.orders',
  ],
  'orders.cancelConditional': [...PORTFOLIO, 'trade.context', 'orders.conditional'],
  'orders.modify': [
    ...PORTFOLIO,
    'trade.context',
    'orders.active',
    'orders.conditional',
    'keyHistory.orders',
  ],
  'orders.cancelAll': [
    ...PORTFOLIO,
    'trade.context',
    'orders.active',
    'orders.conditional',
    'keyHistory.orders',
  ],
  'orders.killSwitch': ['orders.killSwitchStatus'],
  'flex.invest': ['flex.overview', ...PORTFOLIO],
  'flex.close': ['flex.overview', ...PORTFOLIO],
  'subAccounts.transfer': [...PORTFOLIO, 'subAccounts.balances', 'subAccounts.transfers'],
  'transfers.move': [...PORTFOLIO, 'trade.context', 'transfers.balances'],
  'profiles.resetDemo': [
    ...PORTFOLIO,
    'trade.context',
    'orders.active',
    'orders.conditional',
    'flex.overview',
    'flex.payments',
    'subAccounts.list',
    'transfers.list',
    'orders.killSwitchStatus',
    'keyHistory.orders',
    'keyHistory.deals',
    'subAccounts.balances',
    'subAccounts.transfers',
    'transfers.balances',
    'convert.history',
    'tax.report',
  ],
  'convert.confirm': [...PORTFOLIO, 'trade.context', 'transfers.balances', 'convert.history'],
  'portfolio.setAccounts': [...PORTFOLIO],
  'tax.saveSettings': ['tax.report'],
  'tax.setYearMethod': ['tax.report'],
  'tax.setDepositCost': ['tax.report'],
  'tax.setWithdrawalSpent': ['tax.report'],
};

/**
 * What the live stream pushes into: after a `stream.resync` (the stream missed something), or once
 * pushes were not applied for a while (the app was locked), the slots reading these reload.
 */
export const STREAMED: readonly ChannelName[] = [
  'portfolio.overview',
  'orders.active',
  'trade.context',
];

/**
 * Runs a mutation, then reloads what it changes; rejects with the DeskError it failed with. After
 * a failure nothing changed, so nothing reloads, unless `reloadOnFailure` (a refusal that means
 * the screen is out of date, e.g. closing an investment that is no longer active).
 */
export async function mutate<T>(
  channel: ChannelName,
  run: () => Promise<T>,
  options: { reloadOnFailure?: boolean } = {},
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    if (options.reloadOnFailure) invalidate(INVALIDATES[channel] ?? []);
    throw asDeskError(error);
  }
  invalidate(INVALIDATES[channel] ?? []);
  return result;
}

/**
 * Identical requests in flight are shared: a second caller with the same key gets the same promise
 * (a refresh click while auto-refresh is loading sends one request, not two).
 */
const inFlight = new Map<string, Promise<unknown>>();

export function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = inFlight.get(key);
  if (existing) return existing as Promise<T>;
  const promise = run().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}
