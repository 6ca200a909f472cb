import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import type { Market, PlacementOutcome, TradeContext } from '../../../src/shared/model';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { fakeDesk } from '../fakeDesk';
import type { OrderFormValues } from '../../../src/renderer/features/trade/checks';
import { useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';

export const BTC_USDT: Market = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  stockPrec: 4,
  moneyPrec: 2,
  feePrec: 4,
  makerFee: '0.1',
  takerFee: '0.1',
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '1000000',
  tradesEnabled: true,
  type: 'spot',
};

export const ETH_USDT: Market = {
  ...BTC_USDT,
  name: 'ETH_USDT',
  stock: 'ETH',
  minAmount: '0.001',
};

export const DOT_USDT: Market = {
  ...BTC_USDT,
  name: 'DOT_USDT',
  stock: 'DOT',
  tradesEnabled: false,
};

/** Asks 60000 × 0.01, 60100 × 0.02, 61000 × 1; bids 59900 × 0.01, 59800 × 0.05; last 60000. */
export function context(overrides: Partial<TradeContext> = {}): TradeContext {
  return {
    market: BTC_USDT,
    book: {
      tickerId: 'BTC_USDT',
      timestamp: 1_700_000_000_000,
      asks: [
        ['60000', '0.01'],
        ['60100', '0.02'],
        ['61000', '1'],
      ],
      bids: [
        ['59900', '0.01'],
        ['59800', '0.05'],
      ],
    },
    lastPrice: '60000',
    stock: { available: '0.5', freeze: '0.1' },
    money: { available: '1000', freeze: '0' },
    fetchedAt: Date.now(),
    ...overrides,
  };
}

export function form(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    kind: 'stock_market',
    side: 'buy',
    amount: '0.01',
    price: '',
    activationPrice: '',
    clientOrderId: '',
    stp: 'no',
    postOnly: false,
    ioc: false,
    ...overrides,
  };
}

/** Before each screen test: nothing stored, the stores as the app starts them, on Trade, privacy off. */
export function resetTradeScreen(): void {
  localStorage.clear();
  useTradeStore.setState(useTradeStore.getInitialState(), true);
  useSettings.setState({ privacy: false, autoRefreshSeconds: 0 });
  useShellStore.setState({ screen: 'trade', ordersTab: 'active', refresh: undefined });
  useProfilesStore.setState({ state: undefined, fetchedAt: undefined, error: undefined });
}

/** An order the exchange took and that rests (nothing filled yet). */
export const PLACED_RESTING: PlacementOutcome = {
  outcome: 'placed',
  clientOrderId: 'desk-abc123',
  orderId: 4242,
  market: 'BTC_USDT',
  side: 'buy',
  dealStock: '0',
  dealMoney: '0',
  dealFee: '0',
  status: 'NEW',
  reconciled: false,
};

/**
 * Trade on screen against a fake bridge: one market (BTC/USDT), its context(), and orders.place
 * answering `placed`. Resolves with the fake once the form is there.
 */
export async function openTrade(placed: PlacementOutcome = PLACED_RESTING) {
  const fake = fakeDesk({
    'trade.markets': async () => [BTC_USDT],
    'trade.context': async () => context(),
    'orders.place': async () => placed,
  });
  setDesk(fake.desk);
  render(createElement(TradeView));
  await screen.findByRole('button', { name: 'Review order' });
  return fake;
}

/** After each screen test: unmounted, no bridge. */
export function leaveTradeScreen(): void {
  cleanup();
  setDesk(undefined);
}
