import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { ActiveOrders, Order } from '../../../src/shared/model';
import { activeList, order, setUpOrdersTests, ordersDesk } from './fixtures';
import { clickCopy, stubClipboard } from '../clipboard';

setUpOrdersTests();

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

function serve(answer: () => ActiveOrders) {
  const fake = ordersDesk({ 'orders.active': async () => answer() });
  setDesk(fake.desk);
  return fake;
}

const rows = () => screen.queryAllByTestId('active-order');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Active orders', () => {
  it('loads every order and shows each with side, filled %, local time and client id', async () => {
    const fake = serve(() => activeList([btcBuy, ethSell]));
    render(<OrdersView />);
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.callsTo('orders.active')).toEqual([undefined]);

    // Newest first.
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    const btc = cellsOf(first);
    expect(btc.slice(0, 3)).toEqual(['BTC/USDT', 'Buy', 'Limit']);
    expect(btc[3]).toBe('60,000.00 USDT');
    expect(btc[4]).toBe('0.5000 BTC');
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
    expect(btc[9]).toBe('4200000001');
    expect(btc[10]).toBe('my-order-1');
    expect(within(first).getByText('Buy').className).toContain('side-buy');

    const eth = cellsOf(second);
    expect(eth[3]).toBe('3,120.40 USDT');
    expect(eth[4]).toBe('2.0000 ETH');
    expect(eth[5]).toBe('25.00 %');
    expect(eth[6]).toBe('1.5000');
    expect(eth[7]).toBe('Partially filled');
    expect(within(second).getByText('Sell').className).toContain('side-sell');
    expect(screen.getByTestId('data-age').textContent).toContain('Updated');
  });

  it('sorts the whole list: the newest order is first though the exchange listed it last', async () => {
    const older = Array.from({ length: 30 }, (_, i) =>
      order({ orderId: 100 + i, timestamp: btcBuy.timestamp - (30 - i) * 60_000 }),
    );
    const newest = order({ orderId: 999, timestamp: btcBuy.timestamp + 5_000 });
    serve(() => activeList([...older, newest]));
    render(<OrdersView />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(
      within(rows()[0]!)
        .getByRole('button', { name: /^Cancel/ })
        .getAttribute('aria-label'),
    ).toBe('Cancel buy order 999 on BTC/USDT');
    expect(screen.getByTestId('active-count').textContent).toBe('31 orders');
  });

  it('filters the loaded list by market, order id and client order id without asking again', async () => {
    const fake = serve(() =>
      activeList([btcBuy, ethSell, order({ orderId: 7, clientOrderId: 'My-Grid-7' })]),
    );
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(3));

    const market = screen.getByLabelText('Market') as HTMLSelectElement;
    expect([...market.options].map((o) => o.textContent)).toEqual([
      'All markets',
      'BTC/USDT',
      'ETH/USDT',
    ]);
    fireEvent.change(market, { target: { value: 'ETH_USDT' } });
    expect(rows()).toHaveLength(1);
    expect(cellsOf(rows()[0]!)[0]).toBe('ETH/USDT');
    expect(screen.getByTestId('active-count').textContent).toBe('Showing 1 of 3 orders');
    fireEvent.change(market, { target: { value: '' } });

    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: ' 4200000001 ' } });
    expect(rows().map((r) => cellsOf(r)[10])).toEqual(['my-order-1']);
    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: '' } });

    fireEvent.change(screen.getByLabelText('Client order id'), { target: { value: 'grid' } });
    expect(rows().map((r) => cellsOf(r)[10])).toEqual(['My-Grid-7']);

    fireEvent.change(market, { target: { value: 'ETH_USDT' } });
    expect(screen.getByText('No active orders match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(3);
    expect(market.value).toBe('');
    expect((screen.getByLabelText('Client order id') as HTMLInputElement).value).toBe('');
    expect(fake.callsTo('orders.active')).toHaveLength(1);
  });

  it('says under the order id when it cannot be one, and filters nothing by it', async () => {
    serve(() => activeList([btcBuy, ethSell]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const orderId = screen.getByLabelText('Order id');
    fireEvent.change(orderId, { target: { value: '42abc' } });
    expect(orderId.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(orderId.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Order ids are whole numbers and match whole: enter digits only, e.g. 4200000123.',
    );
    expect(rows()).toHaveLength(2);
  });

  it('says how an order id matches: whole, so a part of one matches nothing (issue 32 point 9)', async () => {
    serve(() => activeList([btcBuy, ethSell]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const orderId = screen.getByLabelText('Order id');
    const said = () =>
      document.getElementById(orderId.getAttribute('aria-describedby')!)?.textContent;
    expect(said()).toBe('Matches the whole id.');
    fireEvent.change(orderId, { target: { value: '4200' } });
    expect(said()).toBe('No order has the id 4200: ids match whole, not in part.');
    expect(screen.getByText('No active orders match these filters.')).toBeTruthy();
    fireEvent.change(orderId, { target: { value: String(btcBuy.orderId) } });
    expect(said()).toBe('Matches the whole id.');
    expect(rows()).toHaveLength(1);
  });

  it('says when the exchange holds more open orders than were loaded', async () => {
    serve(() => activeList([btcBuy, ethSell], { capped: true }));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('active-count').textContent).toBe(
      '2 orders · the first 2 the exchange listed; more are open',
    );
  });

  it('cancels an order only after confirmation, then reloads the list', async () => {
    let open: Order[] = [btcBuy, ethSell];
    const fake = ordersDesk({
      'orders.active': async () => activeList(open),
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
      screen.getByRole('button', { name: 'Cancel buy order 4200000001 on BTC/USDT' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-question').textContent).toBe(
      'Cancel the buy order of 0.5000 BTC at 60,000.00 USDT on BTC/USDT?',
    );
    // Dismissing sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('orders.cancel')).toEqual([]);

    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel buy order 4200000001 on BTC/USDT' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(fake.callsTo('orders.cancel')).toEqual([{ market: 'BTC_USDT', orderId: 4_200_000_001 }]);
    expect(fake.callsTo('orders.active')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Order 4200000001 on BTC/USDT was canceled.',
    );
  });

  it('says plainly why a cancel failed and keeps the dialog open', async () => {
    const fake = ordersDesk({
      'orders.active': async () => activeList([ethSell]),
      'orders.cancel': async () => {
        throw new DeskFailure(
          'EXCHANGE_VALIDATION',
          'Unexecuted order was not found.',
        ).toDeskError();
      },
    });
    setDesk(fake.desk);
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Cancel sell order/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Already filled: 0.5000 ETH');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unexecuted order was not found.',
    );
    expect(fake.callsTo('orders.active')).toHaveLength(1);
  });

  it('shows a load error with a retry, and an empty list plainly', async () => {
    let fail = true;
    serve(() => {
      if (fail)
        throw new DeskFailure('EXCHANGE_NETWORK', 'The exchange did not answer.').toDeskError();
      return activeList([]);
    });
    render(<OrdersView />);
    expect(await screen.findByText('The exchange did not answer.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No active orders.')).toBeTruthy();
  });

  it('copies the order id and the client order id whole', async () => {
    const long = 'a-client-order-id-long-enough-to-be-cut-by-its-cell-0001';
    const writeText = stubClipboard();
    serve(() => activeList([order({ clientOrderId: long }), ethSell]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [withClient, without] = rows() as [HTMLElement, HTMLElement];
    await clickCopy(withClient, 'Copy order id');
    await clickCopy(withClient, 'Copy client order id');
    await clickCopy(without, 'Copy order id');
    expect(writeText.mock.calls).toEqual([['4200000001'], [long], ['4200000002']]);
    // No client order id: nothing to copy.
    expect(cellsOf(without)[10]).toBe('—');
    expect(within(without).queryByRole('button', { name: 'Copy client order id' })).toBeNull();
  });

  it('hides every amount and price in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    serve(() => activeList([btcBuy, ethSell]));
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const table = screen.getByRole('table', { name: 'Active orders' });
    const text = table.textContent ?? '';
    for (const shown of ['60,000', '3,120', '0.5', '2.0', '1.5']) expect(text).not.toContain(shown);
    expect(text).toContain('•••••');

    fireEvent.click(screen.getByRole('button', { name: /Cancel buy order/ }));
    expect(screen.getByTestId('cancel-question').textContent).not.toMatch(/60,000|0\.5/);
    act(() => {
      useSettings.setState({ privacy: false });
    });
    expect(table.textContent).toContain('60,000.00');
  });
});
