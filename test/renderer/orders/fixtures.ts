import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useMarkets } from '../../../src/renderer/features/trade';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, DOT_USDT, ETH_USDT } from '../trade/fixtures';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useTransfersStore } from '../../../src/renderer/features/transfers/transfersStore';
import { useOrdersStore } from '../../../src/renderer/features/orders/ordersStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type {
  ActiveOrders,
  ConditionalLeg,
  ConditionalOrders,
  ExecutedOrder,
  OcoOrder,
  Order,
  OtoOrder,
  ProfileSummary,
  ProfilesState,
} from '../../../src/shared/model';

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export function order(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 4_200_000_001,
    clientOrderId: '',
    market: 'BTC_USDT',
    side: 'buy',
    type: 'limit',
    timestamp: NOW - 3_600_000,
    dealMoney: '0',
    dealStock: '0',
    amount: '0.5',
    left: '0.5',
    dealFee: '0',
    price: '60000',
    postOnly: false,
    ioc: false,
    status: 'NEW',
    ...overrides,
  };
}

export function activeList(orders: Order[], overrides: Partial<ActiveOrders> = {}) {
  return { orders, capped: false, fetchedAt: Date.now(), ...overrides } satisfies ActiveOrders;
}

export function leg(overrides: Partial<ConditionalLeg> = {}): ConditionalLeg {
  return { ...order({ side: 'sell', amount: '0.01', left: '0.01' }), ...overrides };
}

export function oco(id: number, market = 'BTC_USDT'): OcoOrder {
  return {
    kind: 'oco',
    id,
    stopLoss: leg({
      orderId: id * 10 + 1,
      market,
      type: 'stop limit',
      price: '57900',
      activationPrice: '58000',
      activationCondition: 'lte',
      activated: false,
    }),
    takeProfit: leg({ orderId: id * 10 + 2, market, price: '72000' }),
  };
}

export function oto(id: number): OtoOrder {
  return {
    kind: 'oto',
    id,
    stopLossPrice: '56000',
    takeProfitPrice: '70000',
    conditionalOrder: leg({
      orderId: id * 10 + 1,
      side: 'buy',
      price: '60000',
      amount: '0.005',
      left: '0.005',
    }),
  };
}

export function conditional(
  records: (OcoOrder | OtoOrder)[],
  ocoList: OcoOrder[],
  total = records.length,
): ConditionalOrders {
  return {
    conditional: { limit: 100, offset: 0, total, records },
    oco: ocoList,
    fetchedAt: Date.now(),
  };
}

export function profile(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: 'demo',
    name: 'Demo',
    region: 'demo',
    baseUrl: 'http://127.0.0.1:9',
    isDemo: true,
    missingPermissions: [],
    oauth: { partnerConfigured: false, connected: false },
    ...overrides,
  };
}

export function profiles(active: ProfileSummary = profile()): ProfilesState {
  return { profiles: [active], activeId: active.id, keychain: { available: true } };
}

/** Stores are module singletons: every test starts from nothing, privacy off, auto-refresh off. */
export function resetStores(): void {
  useOrdersStore.setState(useOrdersStore.getInitialState(), true);
  useMarkets.setState(useMarkets.getInitialState(), true);
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  useProfilesStore.setState({ state: undefined, fetchedAt: undefined, error: undefined });
  useSettings.setState({ privacy: false, autoRefreshSeconds: 0 });
  useShellStore.setState({ screen: 'orders', ordersTab: 'active', refresh: undefined });
}

/** jsdom lays nothing out: give the tables' scrolling bodies a height so rows are rendered. */
export function sizeTableBodies(height = 800): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('table-body') ? height : 0;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  };
}

/** A promise and its resolve, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One executed order (order history), a filled limit sell by default. */
export function executed(overrides: Partial<ExecutedOrder> = {}): ExecutedOrder {
  return {
    orderId: 1,
    clientOrderId: '',
    market: 'BTC_USDT',
    side: 'sell',
    type: 'limit',
    price: '66820',
    amount: '0.0124',
    dealStock: '0.0124',
    dealMoney: '828.568',
    dealFee: '0.828568',
    timestamp: NOW - 86_400_000,
    status: 'FILLED',
    ...overrides,
  };
}

/** sizeTableBodies for a whole suite: sized before its first test, restored after its last. */
export function sizeTablesForSuite(height?: number): void {
  let unsize: () => void = () => undefined;
  beforeAll(() => {
    unsize = sizeTableBodies(height);
  });
  afterAll(() => unsize());
}

/** An Orders test file's hooks: tables with a height, stores fresh, no bridge after each test. */
export function setUpOrdersTests(): void {
  sizeTablesForSuite();
  beforeEach(resetStores);
  afterEach(() => {
    cleanup();
    setDesk(undefined);
  });
}

/**
 * A bridge for the Orders screens: `impl`, and the exchange's markets (BTC/USDT at 4 and 2 places,
 * ETH/USDT, DOT/USDT), which set the places amounts and prices are written with.
 */
export function ordersDesk(impl: Parameters<typeof fakeDesk>[0]): ReturnType<typeof fakeDesk> {
  return fakeDesk({ 'trade.markets': async () => [BTC_USDT, ETH_USDT, DOT_USDT], ...impl });
}
