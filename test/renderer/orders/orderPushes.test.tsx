import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesRegion } from '../../../src/renderer/components/Notices';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import {
  applyOrdersPush,
  useActiveOrders,
} from '../../../src/renderer/features/orders/ordersStore';
import { useApiDeals, useApiOrders } from '../../../src/renderer/features/orders/keyHistoryStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useNotices } from '../../../src/renderer/lib/noticesStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useMarkets } from '../../../src/renderer/features/trade/tradeStore';
import { BTC_USDT } from '../trade/fixtures';
import { ACTIVE_CAP, type Order, type OrderChange } from '../../../src/shared/model';
import { activeList, order, resetStores, sizeTableBodies, ordersDesk } from './fixtures';

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(() => {
  resetStores();
  useNotices.setState({ shown: [], kept: [], unread: 0 });
  // The markets' places: BTC at 6, USDT (money and tick) at 2.
  useMarkets.setState({
    data: { markets: [{ ...BTC_USDT, stockPrec: 6 }], fetchedAt: Date.now() },
  });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.restoreAllMocks();
});

const resting = order({ orderId: 11, amount: '0.5', left: '0.5', timestamp: 1_000 });
const older = order({ orderId: 10, market: 'ETH_USDT', price: '3000', timestamp: 500 });

function open() {
  const fake = ordersDesk({
    'orders.active': async () => activeList([resting, older]),
    'app.notify': async () => true,
  });
  setDesk(fake.desk);
  render(
    <>
      <NoticesRegion />
      <OrdersView />
    </>,
  );
  return fake;
}

const ids = () =>
  screen.queryAllByTestId('active-order').map((row) => within(row).getAllByRole('cell')[0]);
const count = () => screen.getByTestId('active-count').textContent;
const push = (event: OrderChange['event'], o: Order) =>
  act(() => applyOrdersPush({ changes: [{ event, order: o }], at: Date.now() }));
const pushAll = (changes: OrderChange[]) => act(() => applyOrdersPush({ changes, at: Date.now() }));

describe('pushed orders arrive in batches', () => {
  it('applies a batch in one change of the list: new first, updates in place, finished gone', async () => {
    open();
    await waitFor(() => expect(count()).toBe('2 orders'));
    const changes: string[] = [];
    const off = useActiveOrders.subscribe(() => changes.push('changed'));
    pushAll([
      { event: 'new', order: order({ orderId: 12, price: '61000', timestamp: 2_000 }) },
      { event: 'new', order: order({ orderId: 13, price: '62000', timestamp: 3_000 }) },
      { event: 'update', order: { ...resting, left: '0.2', dealStock: '0.3' } },
      { event: 'finish', order: { ...older, status: 'CANCELED' } },
      { event: 'finish', order: order({ orderId: 99, status: 'CANCELED' }) },
    ]);
    off();
    expect(changes).toEqual(['changed']);
    expect(useActiveOrders.getState().data!.orders.map((o) => o.orderId)).toEqual([13, 12, 11]);
    expect(useActiveOrders.getState().data!.orders[2]!.left).toBe('0.2');
    expect(count()).toBe('3 orders');
  });

  it('keeps the active list within the cap REST loads, and says it is capped', async () => {
    const many = Array.from({ length: ACTIVE_CAP - 1 }, (_, i) =>
      order({ orderId: 1_000 + i, timestamp: 1_000 }),
    );
    setDesk(ordersDesk({ 'orders.active': async () => activeList(many) }).desk);
    await act(() => useActiveOrders.getState().load());
    pushAll(
      Array.from({ length: 5 }, (_, i) => ({
        event: 'new' as const,
        order: order({ orderId: 50_000 + i, timestamp: 2_000 + i }),
      })),
    );
    const data = useActiveOrders.getState().data!;
    expect(data.orders).toHaveLength(ACTIVE_CAP);
    expect(data.capped).toBe(true);
    // The newest are kept first.
    expect(data.orders.slice(0, 5).map((o) => o.orderId)).toEqual([
      50_004, 50_003, 50_002, 50_001, 50_000,
    ]);
  });

  it('many fills in one batch raise their notices and one desktop notification', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const fake = ordersDesk({ 'app.notify': async () => true });
    setDesk(fake.desk);
    render(<NoticesRegion />);
    const filled = (orderId: number, market: string) =>
      ({
        event: 'finish',
        order: order({ orderId, market, dealStock: '0.01', dealMoney: '400', status: 'FILLED' }),
      }) as const;
    pushAll([
      filled(1, 'BTC_USDT'),
      filled(2, 'ETH_USDT'),
      filled(3, 'BTC_USDT'),
      { event: 'finish', order: order({ orderId: 4, status: 'CANCELED' }) },
    ]);
    expect(screen.getAllByTestId('fill-notice')).toHaveLength(3);
    expect(fake.callsTo('app.notify')).toEqual([
      { title: '3 orders filled', body: '3 orders filled on BTC/USDT and ETH/USDT' },
    ]);
  });
});

describe('pushed orders change the active list in place', () => {
  it('inserts a new order first, replaces an update by id, removes a finished one', async () => {
    const fake = open();
    await waitFor(() => expect(count()).toBe('2 orders'));

    push('new', order({ orderId: 12, price: '61000', timestamp: 2_000 }));
    expect(count()).toBe('3 orders');
    expect(screen.getAllByTestId('active-order')[0]?.textContent).toContain('61,000.00');

    push('update', { ...resting, left: '0.2', dealStock: '0.3', status: 'PARTIALLY_FILLED' });
    expect(count()).toBe('3 orders');
    expect(screen.getByText('60.00 %')).toBeTruthy();

    push('finish', { ...older, status: 'CANCELED' });
    expect(count()).toBe('2 orders');
    // Gone from the table (the market filter still lists every market of the exchange).
    expect(
      screen.getAllByTestId('active-order').some((row) => row.textContent?.includes('ETH/USDT')),
    ).toBe(false);

    // Nothing was fetched again: the pushes alone did it.
    expect(fake.callsTo('orders.active')).toHaveLength(1);
    expect(ids()).toHaveLength(2);
    // A cancel without a fill raises no notice.
    expect(screen.queryByTestId('fill-notice')).toBeNull();
  });

  it('a finish that dealt shows a dismissible notice, without a desktop one while focused', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const fake = open();
    await waitFor(() => expect(count()).toBe('2 orders'));
    push('finish', {
      ...resting,
      amount: '0.01',
      left: '0',
      dealStock: '0.01',
      dealMoney: '400',
      price: '40000',
      status: 'FILLED',
    });
    const notice = screen.getByTestId('fill-notice');
    expect(notice.textContent).toContain(
      'Filled: buy 0.010000 BTC for 400.00 USDT at 40,000.00 USDT on BTC/USDT',
    );
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(count()).toBe('1 order');
    expect(fake.callsTo('app.notify')).toEqual([]);

    fireEvent.click(within(notice).getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByTestId('fill-notice')).toBeNull();
  });

  it('notifies the desktop when the window is not focused, with the amounts', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const fake = open();
    await waitFor(() => expect(count()).toBe('2 orders'));
    push('finish', { ...resting, dealStock: '0.01', dealMoney: '400', status: 'FILLED' });
    expect(fake.callsTo('app.notify')).toEqual([
      {
        title: 'Order filled',
        body: 'Filled: buy 0.010000 BTC for 400.00 USDT at 40,000.00 USDT on BTC/USDT',
      },
    ]);
  });

  it('in privacy mode the desktop notification names only the market, the notice masks amounts', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    useSettings.setState({ privacy: true });
    const fake = open();
    await waitFor(() => expect(screen.getAllByTestId('active-order')).toHaveLength(2));
    push('finish', { ...resting, dealStock: '0.01', dealMoney: '400', status: 'FILLED' });
    expect(fake.callsTo('app.notify')).toEqual([
      { title: 'Order filled', body: 'An order filled on BTC/USDT' },
    ]);
    const notice = screen.getByTestId('fill-notice');
    expect(notice.textContent).not.toMatch(/0\.01|40,000|400/);
    expect(notice.textContent).toContain('•••••');
    expect(notice.textContent).toContain('BTC/USDT');
  });

  it('an order canceled after part of it filled says so, in the notice and the notification', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const fake = ordersDesk({ 'app.notify': async () => true });
    setDesk(fake.desk);
    render(<NoticesRegion />);
    push('finish', {
      ...resting,
      dealStock: '0.2',
      dealMoney: '8000',
      left: '0.3',
      status: 'CANCELED',
    });
    expect(screen.getByTestId('fill-notice').textContent).toContain(
      'Partly filled: buy 0.200000 BTC for 8,000.00 USDT at 40,000.00 USDT on BTC/USDT (the rest canceled)',
    );
    expect(fake.callsTo('app.notify')).toEqual([
      {
        title: 'Order partly filled',
        body: 'Partly filled: buy 0.200000 BTC for 8,000.00 USDT at 40,000.00 USDT on BTC/USDT (the rest canceled)',
      },
    ]);
  });

  it('a fill of an order the list never showed still raises the notice', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    setDesk(ordersDesk({}).desk);
    render(<NoticesRegion />);
    push('finish', order({ orderId: 99, side: 'sell', dealStock: '2', dealMoney: '6000.5' }));
    expect(screen.getByTestId('fill-notice').textContent).toContain(
      'Filled: sell 2.000000 BTC for 6,000.50 USDT at 3,000.25 USDT on BTC/USDT',
    );
  });
});

describe('a pushed finish reaches the history by API key (issue 32 point 8)', () => {
  it('an order that finished reloads the executed orders and deals already shown once', async () => {
    const page = { records: [], from: 0, to: 1, earliest: 0, capped: false, fetchedAt: Date.now() };
    const fake = ordersDesk({
      'keyHistory.orders': async () => page,
      'keyHistory.deals': async () => page,
    });
    setDesk(fake.desk);
    await useApiOrders.getState().load({ from: 0, to: 1 });
    await useApiDeals.getState().load({ from: 0, to: 1 });
    push('update', resting);
    expect(fake.callsTo('keyHistory.orders')).toHaveLength(1);
    push('finish', { ...resting, dealStock: '0.5', left: '0' });
    await waitFor(() => expect(fake.callsTo('keyHistory.orders')).toHaveLength(2));
    await waitFor(() => expect(fake.callsTo('keyHistory.deals')).toHaveLength(2));
  });
});

describe('a fill is written by the number rule (issue 32 point 1)', () => {
  const filled = order({
    orderId: 77,
    amount: '0.098048',
    left: '0',
    dealStock: '0.098048',
    dealMoney: '6241.5003648',
    // A buy's fee is taken in the BTC it buys.
    dealFee: '0.000098048',
    status: 'FILLED',
  });
  const written =
    'Filled: buy 0.098048 BTC for 6,241.50 USDT (fee 0.000098 BTC) at 63,657.60 USDT on BTC/USDT';

  it('the in-app notice: the stock at its places, money, fee and price at the tick', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    setDesk(ordersDesk({}).desk);
    render(<NoticesRegion />);
    push('finish', filled);
    const notice = screen.getByTestId('fill-notice');
    expect(notice.textContent).toContain(written);
    // The exact values stay on hover.
    expect(within(notice).getByTitle('6241.5003648')).toBeTruthy();
    expect(within(notice).getByTitle('0.000098048')).toBeTruthy();
  });

  it('the desktop notification says the same', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const fake = ordersDesk({ 'app.notify': async () => true });
    setDesk(fake.desk);
    push('finish', filled);
    expect(fake.callsTo('app.notify')).toEqual([{ title: 'Order filled', body: written }]);
  });

  it('loads the markets first when no screen has, and writes at their places', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    useMarkets.setState(useMarkets.getInitialState(), true);
    const fake = ordersDesk({
      'trade.markets': async () => [{ ...BTC_USDT, stockPrec: 6 }],
      'app.notify': async () => true,
    });
    setDesk(fake.desk);
    render(<NoticesRegion />);
    push('finish', filled);
    await waitFor(() =>
      expect(fake.callsTo('app.notify')).toEqual([{ title: 'Order filled', body: written }]),
    );
    await waitFor(() => expect(screen.getByTestId('fill-notice').textContent).toContain(written));
    expect(fake.callsTo('trade.markets')).toHaveLength(1);
  });
});
