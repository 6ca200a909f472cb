import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useMarkets } from '../../../src/renderer/features/trade';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type { Market } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT } from '../trade/fixtures';
import { activeList, order, resetStores, sizeTablesForSuite } from './fixtures';

/** Issue 32 item 1: EUR prices "2,810.6688951" and amounts "0.0105411186958" on Active orders. */

const ETH_EUR: Market = { ...BTC_USDT, name: 'ETH_EUR', stock: 'ETH', money: 'EUR', stockPrec: 4 };

sizeTablesForSuite();
beforeEach(() => {
  resetStores();
  useMarkets.setState({ data: { markets: [BTC_USDT, ETH_EUR], fetchedAt: Date.now() } });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  useMarkets.getState().reset();
});

function serve() {
  setDesk(
    fakeDesk({
      'orders.active': async () =>
        activeList([
          order({
            market: 'ETH_EUR',
            type: 'stop limit',
            price: '2810.6688951',
            activationPrice: '2800.12345',
            activationCondition: 'lte',
            amount: '0.0105411186958',
            left: '0.0105411186958',
          }),
        ]),
    }).desk,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Order lists at the market precision', () => {
  it('writes an active order’s EUR price and stop at the tick, its amount at the stock’s places', async () => {
    serve();
    useShellStore.setState({ ordersTab: 'active' });
    render(<OrdersView />);
    const row = await screen.findByTestId('active-order');
    const [, , , price, amount, , left] = cells(row);
    expect(price).toBe('2,810.67 EUR stop ≤ 2,800.12 EUR');
    expect(amount).toBe('0.0105 ETH');
    expect(left).toBe('0.0105');
    expect(row.textContent).not.toContain('2,810.6688951');
    expect(row.textContent).not.toContain('0.0105411186958');
  });
});
