import { clearRemotes } from '../../../src/renderer/lib/remote';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type { PortfolioOverview, PortfolioRow } from '../../../src/shared/model';

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
