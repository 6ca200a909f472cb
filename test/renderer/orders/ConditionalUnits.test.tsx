import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { conditional, oco, resetStores, sizeTableBodies, ordersDesk } from './fixtures';

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

describe('Conditional orders units', () => {
  it('shows the money unit on every OCO price', async () => {
    const one = oco(1);
    setDesk(ordersDesk({ 'orders.conditional': async () => conditional([one], [one]) }).desk);
    render(<OrdersView />);
    await waitFor(() => expect(screen.queryAllByTestId('oco-order')).toHaveLength(1));
    const cells = within(screen.getByTestId('oco-order'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[4]).toBe('57,900.00 USDT');
    expect(cells[6]).toBe('72,000.00 USDT');
  });
});
