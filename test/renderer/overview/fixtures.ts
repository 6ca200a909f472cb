import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setDesk } from '../../../src/renderer/lib/desk';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type {
  Market,
  NetWorthPoint,
  NetWorthSeries,
  PortfolioOverview,
  PortfolioRow,
  ProfitLoss,
  ProfitLossRow,
} from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';

export function row(overrides: Partial<PortfolioRow> & { ticker: string }): PortfolioRow {
  return {
    name: overrides.ticker,
    main: '0',
    tradeAvailable: '0',
    tradeFrozen: '0',
    flex: '0',
    total: '0',
    price: null,
    value: null,
    change24h: null,
    precision: 8,
    ...overrides,
  };
}

export const btc = row({
  ticker: 'BTC',
  name: 'Bitcoin',
  main: '0.51234567',
  tradeAvailable: '0.1',
  tradeFrozen: '0.02',
  flex: '0.25',
  total: '0.88234567',
  price: '64000.5',
  value: '56470.56405284',
  change24h: '2.345',
});

export const eth = row({
  ticker: 'ETH',
  name: 'Ethereum',
  main: '3.5',
  tradeAvailable: '1.25',
  total: '4.75',
  price: '3120.4',
  value: '14821.9',
  change24h: '-1.5',
});

export const usdt = row({
  ticker: 'USDT',
  name: 'Tether',
  main: '1523.77',
  tradeAvailable: '250',
  total: '1773.77',
  price: '1',
  value: '1773.77',
  precision: 2,
});

/** Held, but nothing prices it in USDT. */
export const dot = row({
  ticker: 'DOT',
  name: 'Polkadot',
  main: '42.1234',
  total: '42.1234',
  precision: 4,
});

/** Priced, but nothing held. */
export const xrp = row({ ticker: 'XRP', name: 'XRP', price: '0.61', value: '0', change24h: '0.4' });

export function overview(overrides: Partial<PortfolioOverview> = {}): PortfolioOverview {
  return {
    quote: 'USDT',
    quotes: ['USDT', 'BTC', 'EUR'],
    quotePrecision: 2,
    rows: [btc, dot, eth, usdt, xrp],
    total: '73066.23405284',
    unpriced: ['DOT'],
    flexUnavailable: false,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

/** Stores are module singletons: every test starts from nothing, auto-refresh off. */
export function resetStores(): void {
  clearRemotes();
  useSettings.setState({ privacy: false, quote: 'USDT', autoRefreshSeconds: 0 });
  useShellStore.setState({ screen: 'overview', refresh: undefined });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * jsdom lays nothing out: give the tables' scrolling bodies a height so the virtualised DataTable
 * renders its rows. Returns the undo.
 */
export function sizeTableBodies(height = 600): () => void {
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

const DAY = 86_400_000;
/** Midnight UTC, 1 March 2026: the series' first day. */
export const START = Date.UTC(2026, 2, 1);

/**
 * A net-worth series: backfilled days first (one a day), then live snapshots, with whatever the
 * test overrides (gaps, nulls, unpriced assets).
 */
export function netWorth(overrides: Partial<NetWorthSeries> = {}): NetWorthSeries {
  const points: NetWorthPoint[] = [
    { time: START, value: '61000.5', source: 'backfill' },
    { time: START + DAY, value: '62250.25', source: 'backfill' },
    { time: START + 2 * DAY, value: '60500', source: 'backfill' },
    { time: START + 3 * DAY, value: '63875.75', source: 'live' },
    { time: START + 3 * DAY + 3_600_000, value: '64120.1', source: 'live' },
  ];
  return {
    quote: 'USDT',
    range: '3m',
    from: START,
    periods: [],
    transfers: [],
    points,
    gaps: [],
    since: START,
    historyLimit: START - 180 * DAY,
    unpriced: [],
    fetchedAt: Date.now(),
    ...overrides,
  };
}

export function plRow(overrides: Partial<ProfitLossRow> & { ticker: string }): ProfitLossRow {
  return {
    amount: '0',
    averageCost: null,
    costBasis: null,
    realised: '0',
    unrealised: null,
    fees: '0',
    price: null,
    estimated: false,
    ...overrides,
  };
}

export function profitLoss(overrides: Partial<ProfitLoss> = {}): ProfitLoss {
  return {
    quote: 'USDT',
    rows: [
      plRow({
        ticker: 'BTC',
        amount: '0.88234567',
        averageCost: '58000.12',
        costBasis: '51176.15',
        realised: '1234.5',
        unrealised: '5294.41',
        fees: '12.3456',
        price: '64000.5',
      }),
      plRow({
        ticker: 'ETH',
        amount: '4.75',
        averageCost: '3300',
        costBasis: '15675',
        realised: '-210.75',
        unrealised: '-853.1',
        fees: '3.2',
        price: '3120.4',
        estimated: true,
      }),
      plRow({ ticker: 'DOT', amount: '42.1234', realised: '0', fees: '0' }),
    ],
    totals: { costBasis: '66851.15', realised: '1023.75', unrealised: '4441.31', fees: '15.5456' },
    since: START,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

/**
 * The hooks every Overview screen test needs: table bodies with a height, stores from nothing, the
 * DOM and the bridge cleared after each test.
 */
export function overviewScreenHooks(): void {
  let unsize: () => void;
  beforeAll(() => {
    unsize = sizeTableBodies();
  });
  afterAll(() => unsize());
  beforeEach(resetStores);
  afterEach(() => {
    cleanup();
    setDesk(undefined);
  });
}

/** A market with the places the Overview writes its prices with (`moneyPrec`: its tick). */
export function market(name: string, stockPrec: number, moneyPrec: number): Market {
  const [stock = name, money = ''] = name.split('_');
  return {
    name,
    stock,
    money,
    stockPrec,
    moneyPrec,
    feePrec: 4,
    makerFee: '0.1',
    takerFee: '0.1',
    minAmount: '0.0001',
    minTotal: '5',
    maxTotal: '10000000',
    tradesEnabled: true,
    type: 'spot',
  };
}

/** The exchange's markets of the fixture: BTC and ETH trade against USDT and EUR at 2 places. */
export const MARKETS: Market[] = [
  market('BTC_USDT', 8, 2),
  market('ETH_USDT', 8, 2),
  market('BTC_EUR', 8, 2),
  market('ETH_EUR', 4, 2),
];

/**
 * The fake bridge of the Overview screen: holdings, a net-worth series (of the quote and range
 * asked), profit and loss and the markets answer by default; `impl` replaces or adds channels.
 */
export function serveOverview(impl: FakeImpl = {}) {
  const fake = fakeDesk({
    // The holdings in the quote asked (their figures are the fixture's, whatever the quote).
    'portfolio.overview': async (input) => {
      const { quote } = input as { quote: string };
      return quote === 'USDT' ? overview() : overview({ quote, quotePrecision: 8 });
    },
    'portfolio.netWorth': async (input) => {
      const { quote, range } = input as { quote: string; range: NetWorthSeries['range'] };
      return netWorth({ quote, range });
    },
    'portfolio.profitLoss': async () => profitLoss(),
    'trade.markets': async () => MARKETS,
    ...impl,
  });
  setDesk(fake.desk);
  return fake;
}
