import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { EarnView } from '../../../src/renderer/features/earn/EarnView';
import { useEarnStore } from '../../../src/renderer/features/earn/earnStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type {
  FlexInvestment,
  FlexOverview,
  FlexPayment,
  FlexPayments,
  FlexPlan,
} from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';

export const USDT_PLAN: FlexPlan = {
  id: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
  ticker: 'USDT',
  minInvestment: '10',
  maxInvestment: '100000',
  maxRate: '0.052',
};
export const BTC_PLAN: FlexPlan = {
  id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  ticker: 'BTC',
  minInvestment: '0.0005',
  maxInvestment: '5',
  maxRate: '0.025',
};
export const ETH_PLAN: FlexPlan = {
  id: '0b9a8c7d-6e5f-4d3c-8b2a-1f0e9d8c7b6a',
  ticker: 'ETH',
  minInvestment: '0.01',
  maxInvestment: '100',
  maxRate: '0.04',
};

const DAY = 86_400_000;
export function investment(overrides: Partial<FlexInvestment> = {}): FlexInvestment {
  return {
    id: 'inv-usdt',
    planId: USDT_PLAN.id,
    currency: 'USDT',
    invested: '1500',
    withAutoReinvest: true,
    status: 'ACTIVE',
    createdAt: Date.now() - 40 * DAY,
    updatedAt: Date.now() - 2 * DAY,
    ...overrides,
  };
}

export function overview(overrides: Partial<FlexOverview> = {}): FlexOverview {
  return {
    plans: [USDT_PLAN, BTC_PLAN, ETH_PLAN],
    investments: [
      investment(),
      investment({
        id: 'inv-btc',
        planId: BTC_PLAN.id,
        currency: 'BTC',
        invested: '0',
        withAutoReinvest: false,
        status: 'CLOSED',
        createdAt: Date.now() - 120 * DAY,
        updatedAt: Date.now() - 60 * DAY,
      }),
    ],
    balances: { USDT: '12.5', BTC: '0.25', ETH: '3' },
    precisions: { USDT: 6, BTC: 8, ETH: 8 },
    fetchedAt: Date.now(),
    ...overrides,
  };
}

/** When the latest fixture payment was made (fixed: every payments() answer is the same). */
export const LAST_PAID = Date.now() - DAY;

export function payment(overrides: Partial<FlexPayment> = {}): FlexPayment {
  return {
    transactionId: 'tx-usdt-1',
    investmentId: 'inv-usdt',
    planId: USDT_PLAN.id,
    currency: 'USDT',
    amount: '0.2',
    createdAt: LAST_PAID,
    ...overrides,
  };
}

/**
 * Three payments of the active USDT investment (the latest 0.2 USDT, a day ago: 0.2 x 365 / 1500 =
 * 4.87 % a year) and two of the closed BTC one, with main's totals of them.
 */
export function payments(overrides: Partial<FlexPayments> = {}): FlexPayments {
  const usdt = [
    payment(),
    payment({ transactionId: 'tx-usdt-2', amount: '0.1', createdAt: LAST_PAID - DAY }),
    payment({ transactionId: 'tx-usdt-3', amount: '0.000001', createdAt: LAST_PAID - 2 * DAY }),
  ];
  const btc = [
    payment({
      transactionId: 'tx-btc-1',
      investmentId: 'inv-btc',
      planId: BTC_PLAN.id,
      currency: 'BTC',
      amount: '0.00000684',
      createdAt: LAST_PAID - 60 * DAY,
    }),
    payment({
      transactionId: 'tx-btc-2',
      investmentId: 'inv-btc',
      planId: BTC_PLAN.id,
      currency: 'BTC',
      amount: '0.00000684',
      createdAt: LAST_PAID - 61 * DAY,
    }),
  ];
  return {
    records: [...usdt, ...btc],
    interest: [
      { investmentId: 'inv-usdt', currency: 'USDT', total: '0.300001', count: 3, last: usdt[0]! },
      { investmentId: 'inv-btc', currency: 'BTC', total: '0.00001368', count: 2, last: btc[0]! },
    ],
    // Main's totals per month (fixed months: main, not the page, reads the clock and the prices).
    byMonth: {
      quote: 'USDT',
      quotePlaces: 6,
      months: [
        { month: '2026-03', currency: 'USDT', amount: '0.300001', value: '0.300001' },
        { month: '2026-01', currency: 'BTC', amount: '0.00001368', value: '0.82080000' },
      ],
    },
    capped: false,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

/** The demo exchange's refusals, as they cross the bridge (code 2 inner validation, §4 fields). */
export const REFUSALS = {
  amountMax: {
    code: 'EXCHANGE_VALIDATION',
    message: 'Inner validation failed: The amount must not be greater than 100000.',
    fields: { amount: ['The amount must not be greater than 100000.'] },
  },
  balance: {
    code: 'EXCHANGE_VALIDATION',
    message: 'Inner validation failed: Not enough balance.',
    fields: { balance: ['Not enough balance.'] },
  },
  plan: {
    code: 'EXCHANGE_VALIDATION',
    message: 'Inner validation failed: Plan is not active or not available in your region.',
    fields: { plan: ['Plan is not active or not available in your region.'] },
  },
  investment: {
    code: 'EXCHANGE_VALIDATION',
    message:
      'Inner validation failed: Investment is not in ACTIVE status or its amount is not greater than zero.',
    fields: {
      investment: ['Investment is not in ACTIVE status or its amount is not greater than zero.'],
    },
  },
  permission: {
    code: 'EXCHANGE_PERMISSION',
    message:
      "You don't have permission to use this endpoint. Please contact support to get lending access.",
  },
};

/** Stores are module singletons: start every test from nothing. */
export function resetEarn(): void {
  useEarnStore.setState({ data: undefined, loading: false, error: undefined });
  useSettings.setState({ privacy: false, autoRefreshSeconds: 0 });
}

/**
 * jsdom lays nothing out: the virtualised table would render no rows. Give its scrolling bodies a
 * height (the rest stays 0).
 */
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

/** Every Earn test file: tables with a height, stores and settings fresh, no bridge after. */
export function setUpEarnTests(): void {
  let unsize: () => void;
  beforeAll(() => {
    unsize = sizeTableBodies();
  });
  afterAll(() => unsize());
  beforeEach(resetEarn);
  afterEach(() => {
    cleanup();
    setDesk(undefined);
  });
}

/**
 * Renders Earn on a fake bridge answering the overview (`data`) and the payments fixtures, unless
 * `impl` answers a channel otherwise.
 */
export function serveEarn(impl: FakeImpl = {}, data: () => FlexOverview = () => overview()) {
  const fake = fakeDesk({
    'flex.overview': async () => data(),
    'flex.payments': async () => payments(),
    ...impl,
  });
  setDesk(fake.desk);
  render(createElement(EarnView));
  return fake;
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
