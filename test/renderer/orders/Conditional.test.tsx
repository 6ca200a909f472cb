import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mergeOco } from '../../../src/renderer/features/orders/conditionalColumns';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { ConditionalOrders } from '../../../src/shared/model';
import { conditional, oco, oto, resetStores, sizeTableBodies, ordersDesk } from './fixtures';
import { DOT_USDT, ETH_USDT } from '../trade/fixtures';
import { clickCopy, stubClipboard } from '../clipboard';

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(() => {
  resetStores();
  useShellStore.setState({ ordersTab: 'conditional' });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const both = oco(1);
const onlyConditional = oco(2, 'ETH_USDT');
const onlyOcoList = { ...oco(3, 'SOL_USDT') };
onlyOcoList.stopLoss = { ...onlyOcoList.stopLoss, activated: true, activationCondition: 'gte' };
const data = conditional([both, onlyConditional, oto(4)], [both, onlyOcoList]);

function serve(answer: (input: { market?: string }) => ConditionalOrders) {
  const fake = ordersDesk({
    'orders.conditional': async (input) => answer(input as { market?: string }),
  });
  setDesk(fake.desk);
  return fake;
}

const ocoRows = () => screen.queryAllByTestId('oco-order');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Conditional orders', () => {
  it('merges OCO orders from both lists, one row per id', () => {
    const merged = mergeOco(data);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('shows each OCO with its stop-loss and take-profit legs, and each OTO with its prices', async () => {
    const fake = serve(() => data);
    render(<OrdersView />);
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
    expect(fake.callsTo('orders.conditional')).toEqual([{}]);
    expect(screen.getByRole('heading', { name: 'OCO (one cancels the other)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'OTO (one triggers the other)' })).toBeTruthy();

    const [first, second, third] = ocoRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(cells(first)).toEqual([
      'BTC/USDT',
      'Sell',
      '≤ 58,000.00 USDT',
      'Waiting',
      '57,900.00 USDT',
      // Amounts of a market share its places: the OTO on BTC_USDT has 0.005.
      '0.0100 BTC',
      '72,000.00 USDT',
      '0.0100 BTC',
      '1',
      'Cancel',
    ]);
    expect(cells(second)[0]).toBe('ETH/USDT');
    expect(cells(third)[2]).toBe('≥ 58,000.00 USDT');
    expect(cells(third)[3]).toBe('Activated');

    const otoRows = screen.getAllByTestId('oto-order');
    expect(otoRows).toHaveLength(1);
    const otoCells = cells(otoRows[0]!);
    expect(otoCells.slice(0, 6)).toEqual([
      'BTC/USDT',
      'Buy',
      '60,000.00 USDT',
      '0.0050 BTC',
      '56,000.00 USDT',
      '70,000.00 USDT',
    ]);
    expect(otoCells[7]).toBe('4');
  });

  it('copies the id of an OCO and of an OTO order', async () => {
    const writeText = stubClipboard();
    serve(() => data);
    render(<OrdersView />);
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
    await clickCopy(ocoRows()[1]!, 'Copy order id');
    await clickCopy(screen.getByTestId('oto-order'), 'Copy order id');
    expect(writeText.mock.calls).toEqual([['2'], ['4']]);
  });

  it('filters by a market chosen from the exchange’s markets', async () => {
    const fake = ordersDesk({
      'orders.conditional': async (input) =>
        (input as { market?: string }).market ? conditional([onlyConditional], []) : data,
      'trade.markets': async () => [DOT_USDT, ETH_USDT],
    });
    setDesk(fake.desk);
    render(<OrdersView />);
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
    const field = screen.getByLabelText('Market') as HTMLSelectElement;
    await waitFor(() =>
      expect([...field.options].map((o) => o.textContent)).toEqual([
        'All markets',
        'BTC/USDT',
        'DOT/USDT',
        'ETH/USDT',
        'SOL/USDT',
      ]),
    );
    fireEvent.change(field, { target: { value: 'ETH_USDT' } });
    await waitFor(() => expect(ocoRows()).toHaveLength(1));
    expect(fake.callsTo('orders.conditional')[1]).toEqual({ market: 'ETH_USDT' });
    expect(screen.getByText('No OTO orders on ETH/USDT.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
    expect(fake.callsTo('orders.conditional')[2]).toEqual({});
  });

  it('cancels an OCO or OTO order after confirmation, and keeps the dialog with the reason when refused', async () => {
    let records = [both, oto(4)];
    const fake = ordersDesk({
      'orders.conditional': async () =>
        conditional(
          records,
          records.filter((r) => r.kind === 'oco'),
        ),
      'orders.cancelConditional': async (input) => {
        const { id } = input as { id: number };
        if (id === 4)
          throw new DeskFailure(
            'EXCHANGE_VALIDATION',
            'Unexecuted order was not found.',
          ).toDeskError();
        records = records.filter((r) => r.id !== id);
        return true;
      },
    });
    setDesk(fake.desk);
    render(<OrdersView />);
    await waitFor(() => expect(ocoRows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel OCO order 1 on BTC/USDT' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this OCO order?' });
    expect(within(dialog).getByTestId('cancel-question').textContent).toBe(
      'Cancel the sell OCO order 1 of 0.0100 BTC on BTC/USDT? This cancels its stop-loss and take-profit.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(fake.callsTo('orders.cancelConditional')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel OCO order 1 on BTC/USDT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(ocoRows()).toHaveLength(0));
    expect(fake.callsTo('orders.cancelConditional')).toEqual([{ market: 'BTC_USDT', id: 1 }]);
    expect(screen.getByRole('status').textContent).toBe('OCO order 1 on BTC/USDT was canceled.');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel OTO order 4 on BTC/USDT' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this OTO order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unexecuted order was not found.',
    );
    expect(screen.getAllByTestId('oto-order')).toHaveLength(1);
  });

  it('says when the exchange holds more than it listed', async () => {
    serve(() => conditional([both], [], 250));
    render(<OrdersView />);
    expect(await screen.findByText(/Showing the first 1 of 250 conditional orders/)).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    serve(() => {
      if (fail)
        throw new DeskFailure('EXCHANGE_NETWORK', 'The exchange did not answer.').toDeskError();
      return data;
    });
    render(<OrdersView />);
    expect(await screen.findAllByText('The exchange did not answer.')).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
  });

  it('hides prices and amounts in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    serve(() => data);
    render(<OrdersView />);
    await waitFor(() => expect(ocoRows()).toHaveLength(3));
    for (const name of ['OCO orders', 'OTO orders']) {
      const text = screen.getByRole('table', { name }).textContent ?? '';
      for (const amount of ['58,000', '57,900', '72,000', '0.010', '60,000', '0.005', '56,000'])
        expect(text).not.toContain(amount);
    }
  });
});
