import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { TransfersView } from '../../../src/renderer/features/transfers/TransfersView';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useConditionalOrders } from '../../../src/renderer/features/orders/ordersStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { transfer } from '../transfers/fixtures';
import { activeList, order, profile, profiles, setUpOrdersTests, ordersDesk } from './fixtures';

setUpOrdersTests();

const main = profile({ id: 'main', name: 'Main', isDemo: false, region: 'global' });

describe('Another profile becomes active', () => {
  it('drops the previous profile’s orders and loads the new one’s', async () => {
    let owner = 'demo';
    const fake = ordersDesk({
      'orders.active': async () =>
        activeList([
          order({ orderId: owner === 'demo' ? 1 : 2, market: `${owner.toUpperCase()}_USDT` }),
        ]),
    });
    setDesk(fake.desk);
    useProfilesStore.setState({ state: profiles() });
    render(<OrdersView />);
    expect(await screen.findByRole('cell', { name: 'DEMO/USDT' })).toBeTruthy();

    owner = 'main';
    act(() => useProfilesStore.setState({ state: profiles(main) }));
    expect(screen.queryByText('DEMO/USDT')).toBeNull();
    expect(await screen.findByRole('cell', { name: 'MAIN/USDT' })).toBeTruthy();
    expect(fake.callsTo('orders.active')).toHaveLength(2);
    expect(useConditionalOrders.getState().data).toBeUndefined();
  });

  it('drops the previous profile’s deposits and withdrawals too', async () => {
    let owner = 'BTC';
    const fake = ordersDesk({
      'transfers.list': async () => ({
        records: [transfer({ ticker: owner, currency: owner })],
        total: 1,
        offset: 0,
        places: {},
        limit: 100,
        fetchedAt: Date.now(),
      }),
    });
    setDesk(fake.desk);
    useProfilesStore.setState({ state: profiles() });
    render(<TransfersView />);
    await waitFor(() => expect(screen.getAllByTestId('transfer')).toHaveLength(1));
    expect(screen.getByTestId('transfer').textContent).toContain('BTC');

    owner = 'SOL';
    act(() => useProfilesStore.setState({ state: profiles(main) }));
    await waitFor(() => expect(screen.getByTestId('transfer').textContent).toContain('SOL'));
    expect(fake.callsTo('transfers.list')).toHaveLength(2);
  });
});
