import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import {
  activeList,
  executed,
  NOW,
  order,
  profile,
  profiles,
  setUpOrdersTests,
  ordersDesk,
} from './fixtures';

setUpOrdersTests();

/**
 * A buy stop-market order is sized in money: the exchange's `amount` (and `left`) is the total to
 * spend in USDT once it activates, like a market buy by money; a sell stop-market is sized in stock.
 * It has no price of its own (the exchange sends 0).
 */
const stopBuy = order({
  orderId: 4_200_000_010,
  type: 'stop market',
  side: 'buy',
  price: '0',
  amount: '150',
  left: '150',
  activationPrice: '70000',
  activationCondition: 'gte',
  timestamp: NOW - 60_000,
});
const stopSell = order({
  orderId: 4_200_000_011,
  type: 'stop market',
  side: 'sell',
  price: '0',
  amount: '0.25',
  left: '0.25',
  activationPrice: '55000',
  activationCondition: 'lte',
  timestamp: NOW - 120_000,
});

const rows = (testId: string) => screen.queryAllByTestId(testId);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Stop-market amounts', () => {
  it('Active: a buy stop-market shows its amount and what is left in USDT, a sell in BTC, no price 0', async () => {
    setDesk(ordersDesk({ 'orders.active': async () => activeList([stopBuy, stopSell]) }).desk);
    render(<OrdersView />);
    await waitFor(() => expect(rows('active-order')).toHaveLength(2));
    const [buy, sell] = rows('active-order').map(cellsOf);
    expect(buy!.slice(1, 3)).toEqual(['Buy', 'Stop market']);
    expect(buy![3]).toMatch(/^Market stop/);
    expect(buy![4]).toBe('150.00 USDT');
    expect(buy![5]).toBe('0.00 %');
    expect(buy![6]).toBe('150.00 USDT');
    expect(sell![3]).toMatch(/^Market stop/);
    expect(sell![4]).toBe('0.2500 BTC');
    expect(sell![6]).toBe('0.2500');
    const table = screen.getByRole('table', { name: 'Active orders' });
    expect(table.textContent).not.toContain('150.00 BTC');
  });

  it('Active: the cancel question names the money to be spent, never "0 USDT"', async () => {
    setDesk(ordersDesk({ 'orders.active': async () => activeList([stopBuy]) }).desk);
    render(<OrdersView />);
    await waitFor(() => expect(rows('active-order')).toHaveLength(1));
    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel buy order 4200000010 on BTC/USDT' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-question').textContent).toBe(
      'Cancel the buy order of 150.00 USDT at the market price on BTC/USDT?',
    );
  });

  it('Executed orders: an activated buy stop-market shows what it spent of what it was to spend', async () => {
    const filled = executed({
      orderId: 3,
      side: 'buy',
      type: 'stop market',
      price: '0',
      amount: '150',
      dealStock: '0.002',
      dealMoney: '140',
      dealFee: '0.14',
      timestamp: NOW,
    });
    setDesk(ordersDesk({ 'orders.partnerHistory': async () => ({ BTC_USDT: [filled] }) }).desk);
    useProfilesStore.setState({
      state: profiles(profile({ oauth: { partnerConfigured: true, connected: true } })),
    });
    useShellStore.setState({ ordersTab: 'partner' });
    render(<OrdersView />);
    await waitFor(() => expect(rows('executed-order')).toHaveLength(1));
    const [row] = rows('executed-order').map(cellsOf);
    expect(row![2]).toBe('Stop-market, spend USDT');
    expect(row!.slice(3, 6)).toEqual([
      'avg 70,000.00 USDT',
      'Spent 140.00 of 150.00 USDT',
      '0.0020 BTC',
    ]);
  });
});
