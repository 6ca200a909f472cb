import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ExecutedOrders } from '../../../src/shared/model';
import {
  executed,
  NOW,
  profile,
  profiles,
  resetStores,
  sizeTableBodies,
  ordersDesk,
} from './fixtures';

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(() => {
  resetStores();
  useShellStore.setState({ ordersTab: 'partner' });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

/** A market buy spending 100 USDT: the exchange gives the amount in USDT and price 0. */
const spend = executed({
  orderId: 2,
  side: 'buy',
  type: 'market',
  price: '0',
  amount: '100',
  dealStock: '0.0015',
  dealMoney: '99.9',
  // A buy's fee is taken in the BTC it buys: 0.1 % of 0.0015.
  dealFee: '0.0000015',
  timestamp: NOW,
});

async function show(history: ExecutedOrders) {
  setDesk(ordersDesk({ 'orders.partnerHistory': async () => history }).desk);
  useProfilesStore.setState({
    state: profiles(profile({ oauth: { partnerConfigured: true, connected: true } })),
  });
  render(<OrdersView />);
  await waitFor(() => expect(screen.getAllByTestId('executed-order').length).toBeGreaterThan(0));
  return screen.getAllByTestId('executed-order').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
}

describe('Order history amounts', () => {
  it('shows a market buy by money as spent USDT, the filled BTC and the average price, never "Price 0"', async () => {
    const [first] = await show({ BTC_USDT: [spend, executed()] });
    // 99.9 / 0.0015 = 66,600 (decimal, not float).
    // Issue 32 point 8: the type in words, and what was actually spent of what was to be.
    expect(first![2]).toBe('Market, spend USDT');
    expect(first!.slice(3, 8)).toEqual([
      'avg 66,600.00 USDT',
      'Spent 99.90 of 100.00 USDT',
      '0.0015 BTC',
      '99.90 USDT',
      '0.000002 BTC',
    ]);
    const table = screen.getByRole('table', { name: 'Executed orders' });
    expect(first![3]).not.toMatch(/^0\.00/);
    expect(table.textContent).not.toContain('100.0000 BTC');
  });

  it('names the columns plainly and shows units on prices, filled amounts and fees', async () => {
    const [row] = await show({ BTC_USDT: [executed({ dealFee: '0.0004' })] });
    expect(row![2]).toBe('Limit');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Filled');
    expect(headers).toContain('Total');
    expect(headers.join(' ')).not.toMatch(/Deal/);
    expect(row!.slice(3, 8)).toEqual([
      '66,820.00 USDT',
      '0.0124 BTC',
      '0.0124 BTC',
      '828.57 USDT',
      // A real fee is never rounded to 0.00.
      '0.0004 USDT',
    ]);
  });

  it('shows a market order that filled nothing with no price instead of 0', async () => {
    const [row] = await show({
      BTC_USDT: [executed({ ...spend, dealStock: '0', dealMoney: '0', dealFee: '0' })],
    });
    expect(row![3]).toBe('Market');
    expect(row![4]).toBe('Spent 0.00 of 100.00 USDT');
  });
});
