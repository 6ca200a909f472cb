import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { ActiveOrdersPage, Order } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { activePage, order, resetStores, sizeTableBodies } from './fixtures';

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

const btcBuy = order({ clientOrderId: 'my-order-1' });
const ethSell = order({
  orderId: 4_200_000_002,
  market: 'ETH_USDT',
  side: 'sell',
  amount: '2',
  left: '1.5',
  dealStock: '0.5',
  price: '3120.4',
  status: 'PARTIALLY_FILLED',
  timestamp: btcBuy.timestamp - 60_000,
});

function serve(answer: (input: { offset: number; limit: number }) => ActiveOrdersPage) {
  const fake = fakeDesk({
    'orders.active': async (input) => answer(input as { offset: number; limit: number }),
  });
  setDesk(fake.desk);
  return fake;
}

const rows = () => screen.queryAllByTestId('active-order');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Active orders', () => {
  it('loads the first page and shows each order with side, filled %, local time and client id', async () => {
    const fake = serve(() => activePage([btcBuy, ethSell]));
    render(<OrdersView />);
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.callsTo('orders.active')).toEqual([{ offset: 0, limit: 50 }]);

    // Newest first.
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    const btc = cellsOf(first);
    expect(btc.slice(0, 3)).toEqual(['BTC_USDT', 'Buy', 'Limit']);
    expect(btc[3]).toBe('60,000.00 USDT');
    expect(btc[4]).toBe('0.5 BTC');
    expect(btc[5]).toBe('0.00 %');
    expect(btc[7]).toBe('New');
    expect(btc[8]).toBe(
      new Date(btcBuy.timestamp).toLocaleString(undefined, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
    expect(btc[9]).toBe('my-order-1');
    expect(within(first).getByText('Buy').className).toContain('side-buy');

    const eth = cellsOf(second);
    expect(eth[3]).toBe('3,120.40 USDT');
    expect(eth[4]).toBe('2.0 ETH');
    expect(eth[5]).toBe('25.00 %');
    expect(eth[6]).toBe('1.5');
    expect(eth[7]).toBe('Partially filled');
    expect(within(second).getByText('Sell').className).toContain('side-sell');
    expect(screen.getByTestId('data-age').textContent).toContain('Updated');
  });

  it('sends the filters it was given, the market in capitals', async () => {
    const fake = serve(() => activePage([btcBuy]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));

    const market = screen.getByLabelText('Market') as HTMLInputElement;
    fireEvent.change(market, { target: { value: 'btc_usdt' } });
    expect(market.value).toBe('BTC_USDT');
    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: '4200000001' } });
    fireEvent.change(screen.getByLabelText('Client order id'), {
      target: { value: ' my-order-1 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fake.callsTo('orders.active')).toHaveLength(2));
    expect(fake.callsTo('orders.active')[1]).toEqual({
      market: 'BTC_USDT',
      orderId: 4_200_000_001,
      clientOrderId: 'my-order-1',
      offset: 0,
      limit: 50,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(fake.callsTo('orders.active')).toHaveLength(3));
    expect(fake.callsTo('orders.active')[2]).toEqual({ offset: 0, limit: 50 });
    expect(market.value).toBe('');
  });

  it('puts the contract’s message under an invalid filter and sends nothing', async () => {
    const fake = serve(() => activePage([btcBuy]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));

    const market = screen.getByLabelText('Market');
    fireEvent.change(market, { target: { value: 'BTC' } });
    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(market.getAttribute('aria-invalid')).toBe('true');
    const marketError = document.getElementById(market.getAttribute('aria-describedby')!);
    expect(marketError?.textContent).toBe('Choose a market.');
    const orderId = screen.getByLabelText('Order id');
    expect(document.getElementById(orderId.getAttribute('aria-describedby')!)?.textContent).toBe(
      'An order id is a positive whole number.',
    );
    fireEvent.change(orderId, { target: { value: 'abc' } });
    fireEvent.change(market, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter the order id as a whole number, e.g. 4200000123.')).toBeTruthy();
    expect(market.getAttribute('aria-invalid')).toBeNull();
    expect(fake.callsTo('orders.active')).toHaveLength(1);
  });

  it('pages with Previous and Next while the exchange says there is more, and changes the page size', async () => {
    const fake = serve(({ offset, limit }) =>
      activePage([order({ orderId: offset + 1 }), order({ orderId: offset + 2 })], {
        offset,
        limit,
        hasMore: offset === 0,
      }),
    );
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(screen.getByText('Orders 1–2')).toBeTruthy();

    fireEvent.click(next);
    await waitFor(() => expect(screen.getByText('Orders 51–52')).toBeTruthy());
    expect(fake.callsTo('orders.active')[1]).toEqual({ offset: 50, limit: 50 });
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);

    fireEvent.click(previous);
    await waitFor(() => expect(screen.getByText('Orders 1–2')).toBeTruthy());
    expect(fake.callsTo('orders.active')[2]).toEqual({ offset: 0, limit: 50 });

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '100' } });
    await waitFor(() => expect(fake.callsTo('orders.active')).toHaveLength(4));
    expect(fake.callsTo('orders.active')[3]).toEqual({ offset: 0, limit: 100 });
    expect(screen.getByRole('option', { name: '100' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '200' })).toBeNull();
  });

  it('cancels an order only after confirmation, then reloads the list', async () => {
    let open: Order[] = [btcBuy, ethSell];
    const fake = fakeDesk({
      'orders.active': async () => activePage(open),
      'orders.cancel': async (input) => {
        const { orderId } = input as { orderId: number };
        const canceled = open.find((o) => o.orderId === orderId)!;
        open = open.filter((o) => o.orderId !== orderId);
        return { ...canceled, status: 'CANCELED' };
      },
    });
    setDesk(fake.desk);
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel buy order 4200000001 on BTC_USDT' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-question').textContent).toBe(
      'Cancel the buy order of 0.5 BTC at 60,000 USDT on BTC_USDT?',
    );
    // Dismissing sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('orders.cancel')).toEqual([]);

    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel buy order 4200000001 on BTC_USDT' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(fake.callsTo('orders.cancel')).toEqual([{ market: 'BTC_USDT', orderId: 4_200_000_001 }]);
    expect(fake.callsTo('orders.active')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Order 4200000001 on BTC_USDT was canceled.',
    );
  });

  it('says plainly why a cancel failed and keeps the dialog open', async () => {
    const fake = fakeDesk({
      'orders.active': async () => activePage([ethSell]),
      'orders.cancel': async () => {
        throw new DeskFailure('EXCHANGE', 'Unexecuted order was not found.').toDeskError();
      },
    });
    setDesk(fake.desk);
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Cancel sell order/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Already filled: 0.5 ETH');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unexecuted order was not found.',
    );
    expect(fake.callsTo('orders.active')).toHaveLength(1);
  });

  it('shows a load error with a retry, and an empty list plainly', async () => {
    let fail = true;
    serve(() => {
      if (fail) throw new DeskFailure('OFFLINE', 'The exchange did not answer.').toDeskError();
      return activePage([]);
    });
    render(<OrdersView />);
    expect(await screen.findByText('The exchange did not answer.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No active orders.')).toBeTruthy();
  });

  it('hides every amount and price in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    serve(() => activePage([btcBuy, ethSell]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const table = screen.getByRole('table', { name: 'Active orders' });
    const text = table.textContent ?? '';
    for (const shown of ['60,000', '3,120', '0.5', '2.0', '1.5']) expect(text).not.toContain(shown);
    expect(text).toContain('•••••');

    fireEvent.click(screen.getByRole('button', { name: /Cancel buy order/ }));
    expect(screen.getByTestId('cancel-question').textContent).not.toMatch(/60,000|0\.5/);
    act(() => useSettings.setState({ privacy: false }));
    expect(table.textContent).toContain('60,000.00');
  });
});
