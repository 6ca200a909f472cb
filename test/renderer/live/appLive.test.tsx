import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/renderer/App';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useNotices } from '../../../src/renderer/lib/noticesStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type { LockState, StreamOrders } from '../../../src/shared/model';
import { openAppDesk, resetStores } from '../accounts/fixtures';
import { order } from '../orders/fixtures';

beforeEach(() => {
  resetStores();
  useNotices.setState({ shown: [], kept: [], unread: 0 });
  useShellStore.setState({ screen: 'settings' });
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.restoreAllMocks();
});

const fill = (orderId: number): StreamOrders => ({
  changes: [
    {
      event: 'finish',
      order: order({ orderId, dealStock: '0.01', dealMoney: '400', status: 'FILLED' }),
    },
  ],
  at: 1,
});

describe('the app follows the stream while it is open', () => {
  it('shows a fill notice on any screen, and nothing pushed while locked', async () => {
    const fake = openAppDesk();
    render(<App />);
    await screen.findByRole('navigation');

    act(() => fake.emit('stream.orders', fill(1)));
    // The markets are not loaded here: the notice keeps the exchange's own figures.
    expect((await screen.findByTestId('fill-notice')).textContent).toContain(
      'Filled: buy 0.01 BTC for 400 USDT at 40,000 USDT on BTC/USDT',
    );

    const locked: LockState = { enabled: true, locked: true, idleMinutes: 5 };
    act(() => fake.emit('lock.changed', locked));
    act(() => fake.emit('stream.orders', fill(2)));
    expect(await screen.findByRole('heading', { name: 'Exchange Desk is locked' })).toBeTruthy();
    expect(screen.queryByTestId('fill-notice')).toBeNull();
    expect(useNotices.getState().kept.map((n) => n.id)).toEqual(['fill-1']);
  });
});
