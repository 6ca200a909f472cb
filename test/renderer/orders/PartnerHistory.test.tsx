import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
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

const history: ExecutedOrders = {
  BTC_USDT: [executed()],
  ETH_USDT: [
    executed({
      orderId: 2,
      market: 'ETH_USDT',
      side: 'buy',
      type: 'market',
      price: '3120.4',
      amount: '1.5',
      dealStock: '1.5',
      dealMoney: '4680.6',
      // A buy's fee is taken in the ETH it buys: 0.1 % of 1.5.
      dealFee: '0.0015',
      timestamp: NOW,
    }),
  ],
};

describe('Order history', () => {
  it('explains how to connect the partner app when the active profile is not connected', () => {
    const fake = ordersDesk({ 'orders.partnerHistory': async () => history });
    setDesk(fake.desk);
    useProfilesStore.setState({ state: profiles(profile()) });
    render(<OrdersView />);
    expect(
      screen.getByRole('heading', {
        name: 'Connect a partner app to see the orders it reads',
      }),
    ).toBeTruthy();
    // Executed orders and Deals read the history with the API key: this tab must not say otherwise.
    const section = screen.getByRole('heading', { name: /partner app/ }).closest('section')!;
    expect(section.textContent).toContain(
      'Executed orders and Deals show your history, read with the API key. This tab reads it through a partner (OAuth) app registered with the exchange',
    );
    expect(section.textContent).not.toMatch(/only to a partner|never with your API key/);
    const list = screen.getByRole('list');
    expect(list.textContent).toContain('Register a partner app with the exchange');
    expect(list.textContent).toContain('Press Connect and approve the access in your browser.');
    fireEvent.click(screen.getByRole('button', { name: 'Open Accounts' }));
    expect(useShellStore.getState().screen).toBe('accounts');
    expect(fake.callsTo('orders.partnerHistory')).toEqual([]);
  });

  it('says the saved partner app still needs connecting, and why the last attempt failed', () => {
    setDesk(ordersDesk({}).desk);
    useProfilesStore.setState({
      state: profiles(
        profile({ oauth: { partnerConfigured: true, connected: false, error: 'access_denied' } }),
      ),
    });
    render(<OrdersView />);
    expect(screen.getByText(/The partner app of “Demo” is saved but not connected/)).toBeTruthy();
    expect(screen.getByText('The last attempt failed: access_denied')).toBeTruthy();
  });

  it('says why a connection that worked was lost', () => {
    setDesk(ordersDesk({}).desk);
    useProfilesStore.setState({
      state: profiles(
        profile({
          oauth: {
            partnerConfigured: true,
            connected: false,
            lost: 'The partner connection has expired. Connect again to load order history.',
          },
        }),
      ),
    });
    render(<OrdersView />);
    expect(
      screen.getByText(
        'The connection was lost: The partner connection has expired. Connect again to load order history.',
      ),
    ).toBeTruthy();
  });

  it('loads and shows executed orders when connected, newest first', async () => {
    const fake = ordersDesk({ 'orders.partnerHistory': async () => history });
    setDesk(fake.desk);
    useProfilesStore.setState({
      state: profiles(profile({ oauth: { partnerConfigured: true, connected: true } })),
    });
    render(<OrdersView />);
    await waitFor(() => expect(screen.getAllByTestId('executed-order')).toHaveLength(2));
    expect(fake.callsTo('orders.partnerHistory')).toEqual([{ limit: 500 }]);
    const [first, second] = screen.getAllByTestId('executed-order') as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first).slice(0, 8)).toEqual([
      'ETH/USDT',
      'Buy',
      'Market, amount in ETH',
      '3,120.40 USDT',
      '1.5000 ETH',
      '1.5000 ETH',
      '4,680.60 USDT',
      '0.0015 ETH',
    ]);
    expect(cells(second).slice(0, 8)).toEqual([
      'BTC/USDT',
      'Sell',
      'Limit',
      '66,820.00 USDT',
      '0.0124 BTC',
      '0.0124 BTC',
      '828.57 USDT',
      '0.83 USDT',
    ]);
  });

  it('shows each order’s status, filters by market and side, and exports what is chosen', async () => {
    const fake = ordersDesk({
      'orders.partnerHistory': async () => ({
        ...history,
        BTC_USDT: [
          executed(),
          executed({ orderId: 3, side: 'buy', status: 'PARTIALLY_FILLED', timestamp: NOW - 5 }),
        ],
      }),
      'orders.exportPartnerHistoryCsv': async () => ({
        filename: 'x.csv',
        rows: 1,
        savedTo: '/tmp/x.csv',
      }),
    });
    setDesk(fake.desk);
    useProfilesStore.setState({
      state: profiles(profile({ oauth: { partnerConfigured: true, connected: true } })),
    });
    render(<OrdersView />);
    const rows = () => screen.queryAllByTestId('executed-order');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const statusOf = (row: HTMLElement) => within(row).getAllByRole('cell')[8]!.textContent;
    expect(rows().map(statusOf)).toEqual(['Filled', 'Partially filled', 'Filled']);
    expect(screen.getByTestId('executed-count').textContent).toBe('3 orders');

    fireEvent.change(screen.getByLabelText('Market'), { target: { value: 'BTC_USDT' } });
    fireEvent.change(screen.getByLabelText('Side'), { target: { value: 'buy' } });
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('BTC/USDT');
    expect(screen.getByTestId('executed-count').textContent).toBe('Showing 1 of 3 orders');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Saved 1 order to /tmp/x.csv')).toBeTruthy();
    expect(fake.callsTo('orders.exportPartnerHistoryCsv')).toEqual([
      { market: 'BTC_USDT', side: 'buy' },
    ]);

    fireEvent.change(screen.getByLabelText('Side'), { target: { value: 'sell' } });
    fireEvent.change(screen.getByLabelText('Market'), { target: { value: 'ETH_USDT' } });
    expect(screen.getByText('No executed orders match these filters.')).toBeTruthy();
    expect(fake.callsTo('orders.partnerHistory')).toHaveLength(1);
  });

  it('hides amounts in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    setDesk(ordersDesk({ 'orders.partnerHistory': async () => history }).desk);
    useProfilesStore.setState({
      state: profiles(profile({ oauth: { partnerConfigured: true, connected: true } })),
    });
    render(<OrdersView />);
    await waitFor(() => expect(screen.getAllByTestId('executed-order')).toHaveLength(2));
    const text = screen.getByRole('table', { name: 'Executed orders' }).textContent ?? '';
    for (const amount of ['3,120', '1.5', '4,680', '66,820', '0.0124', '828'])
      expect(text).not.toContain(amount);
  });

  it('moves between tabs with the arrow keys', () => {
    setDesk(ordersDesk({}).desk);
    useProfilesStore.setState({ state: profiles() });
    render(<OrdersView />);
    const tab = screen.getByRole('tab', { name: 'Order history (partner)' });
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('orders-tab-active');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Active' }), { key: 'ArrowLeft' });
    expect(useShellStore.getState().ordersTab).toBe('partner');
  });
});
