import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { KillSwitchTimer, Order } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { BTC_USDT, ETH_USDT } from '../trade/fixtures';
import { activeList, order, setUpOrdersTests } from './fixtures';

setUpOrdersTests();

const btcBuy = order({ clientOrderId: 'my-order-1' });
const btcSell = order({
  orderId: 4_200_000_003,
  side: 'sell',
  price: '70000',
  amount: '0.1',
  left: '0.1',
});
const ethStop = order({
  orderId: 4_200_000_002,
  market: 'ETH_USDT',
  side: 'sell',
  type: 'stop limit',
  price: '2900',
  amount: '2',
  left: '2',
  activationPrice: '2950',
  activated: false,
});

function serve(orders: Order[], impl: FakeImpl = {}) {
  let list = orders;
  let timers: KillSwitchTimer[] = [];
  const fake = fakeDesk({
    'orders.active': async () => activeList(list),
    'trade.markets': async () => [BTC_USDT, ETH_USDT],
    'orders.killSwitchStatus': async () => ({ timers, fetchedAt: Date.now() }),
    ...impl,
  });
  setDesk(fake.desk);
  return {
    fake,
    setList: (next: Order[]) => {
      list = next;
    },
    setTimers: (next: KillSwitchTimer[]) => {
      timers = next;
    },
  };
}

const rows = () => screen.queryAllByTestId('active-order');
const dialog = () => screen.getByRole('dialog');

async function openModify(o: Order) {
  render(<OrdersView />);
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  fireEvent.click(
    screen.getByRole('button', {
      name: `Modify ${o.side} order ${o.orderId} on ${o.market.replace('_', '/')}`,
    }),
  );
  // The dialog is its own chunk, loaded on the first Modify.
  return screen.findByRole('dialog');
}

describe('Modify an active order', () => {
  it('shows old → new, sends only what changed, and follows the replacement’s new id', async () => {
    const replaced = { ...btcBuy, orderId: 4_200_000_999, price: '61000' };
    const { fake, setList } = serve([btcBuy], {
      'orders.modify': async () => {
        setList([replaced]);
        return replaced;
      },
    });
    const form = await openModify(btcBuy);
    expect(within(form).queryByLabelText(/Activation price/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '61000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(within(dialog()).getByTestId('modify-changes').textContent).toBe(
      'Price: 60,000.00 → 61,000.00 USDT',
    );
    expect(dialog().textContent).toContain('same client order id my-order-1');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('orders.modify')).toEqual([
      { market: 'BTC_USDT', orderId: btcBuy.orderId, price: '61000' },
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      `Order ${btcBuy.orderId} on BTC/USDT was modified. The exchange replaced it: it is now order 4200000999. Its client order id my-order-1 is kept.`,
    );
    await waitFor(() => expect(rows()[0]!.textContent).toContain('4200000999'));
    expect(rows()).toHaveLength(1);
  });

  it('checks the market’s rules first: nothing is sent for a price finer than the tick or an unchanged order', async () => {
    const { fake } = serve([btcBuy], { 'orders.modify': async () => btcBuy });
    const form = await openModify(btcBuy);
    await waitFor(() => expect(fake.callsTo('trade.markets')).toHaveLength(1));
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(
      within(form).getByText('Change the amount, the price or the activation price.'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), {
      target: { value: '61000.123' },
    });
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.00001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    await waitFor(() =>
      expect(within(form).getByText(/Use at most 2 decimals for the price/)).toBeTruthy(),
    );
    expect(within(form).getByText('At least 0.0001 BTC')).toBeTruthy();
    expect(fake.callsTo('orders.modify')).toEqual([]);
  });

  it('a stop order’s activation price: the exchange’s refusal shows under its field', async () => {
    const { fake } = serve([ethStop], {
      'orders.modify': async () => {
        throw new DeskFailure('EXCHANGE_VALIDATION', 'Validation failed', {
          activation_price: ['Only a stop order not yet activated has an activation price.'],
        });
      },
    });
    const form = await openModify(ethStop);
    await waitFor(() => expect(fake.callsTo('trade.markets')).toHaveLength(1));
    fireEvent.change(within(form).getByLabelText('Activation price (USDT)'), {
      target: { value: '2960' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(within(dialog()).getByTestId('modify-changes').textContent).toBe(
      'Activation price: 2,950.00 → 2,960.00 USDT',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Modify order' }));
    await waitFor(() =>
      expect(
        screen.getByText('Only a stop order not yet activated has an activation price.'),
      ).toBeTruthy(),
    );
    expect(screen.getByLabelText('Activation price (USDT)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(fake.callsTo('orders.modify')).toEqual([
      { market: 'ETH_USDT', orderId: ethStop.orderId, activationPrice: '2960' },
    ]);
  });
});

describe('Cancel all', () => {
  it('counts the orders of the market in the filter, and cancels that market only', async () => {
    const { fake, setList } = serve([btcBuy, btcSell, ethStop], {
      'orders.cancelAll': async () => {
        setList([ethStop]);
        return true;
      },
    });
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Market'), { target: { value: 'BTC_USDT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all on BTC/USDT' }));
    expect(within(dialog()).getByRole('heading').textContent).toBe('Cancel 2 orders on BTC/USDT?');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel 2 orders' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('orders.cancelAll')).toEqual([{ market: 'BTC_USDT' }]);
    expect(screen.getByRole('status').textContent).toBe('The 2 orders on BTC/USDT were canceled.');
  });

  it('with every market: the count of them all, sent without a market; Keep sends nothing', async () => {
    const { fake } = serve([btcBuy, ethStop], { 'orders.cancelAll': async () => true });
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(within(dialog()).getByRole('heading').textContent).toBe(
      'Cancel 2 orders on every market?',
    );
    // Many orders are kept, in the plural.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep orders' }));
    expect(fake.callsTo('orders.cancelAll')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel 2 orders' }));
    await waitFor(() => expect(fake.callsTo('orders.cancelAll')).toEqual([{}]));
  });
});

describe('focus after an action (issue 32 point 9)', () => {
  /** The notice of the action, holding focus (never <body>). */
  const focusedNotice = () => {
    const notice = screen.getByRole('status');
    expect(document.activeElement).toBe(notice);
    return notice.textContent;
  };

  it('after Cancel, the notice holds focus', async () => {
    const { setList } = serve([btcBuy, btcSell], {
      'orders.cancel': async () => {
        setList([btcSell]);
        return { ...btcBuy, status: 'CANCELED' };
      },
    });
    render(<OrdersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const cancel = screen.getByRole('button', { name: new RegExp(`^Cancel .*${btcBuy.orderId}`) });
    cancel.focus();
    fireEvent.click(cancel);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(focusedNotice()).toContain('was canceled');
  });

  it('after Modify (the row is replaced) and Cancel all (the button is disabled), the notice', async () => {
    const replaced = { ...btcBuy, orderId: 4_200_000_999, price: '61000' };
    const { setList } = serve([btcBuy], {
      'orders.modify': async () => {
        setList([replaced]);
        return replaced;
      },
      'orders.cancelAll': async () => {
        setList([]);
        return true;
      },
    });
    const form = await openModify(btcBuy);
    fireEvent.change(within(form).getByLabelText('Price (USDT)'), { target: { value: '61000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(focusedNotice()).toContain('was modified');

    const all = screen.getByRole('button', { name: 'Cancel all' });
    all.focus();
    fireEvent.click(all);
    fireEvent.click(within(dialog()).getByRole('button', { name: /^Cancel 1 order/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(focusedNotice()).toContain('were canceled');
  });
});

describe('Kill-switch', () => {
  it('refuses a timeout outside 5–600 s under its field without a request; arms, counts down, disarms', async () => {
    const { fake, setTimers } = serve([btcBuy], {
      'orders.killSwitch': async (input) => {
        const { market, timeout } = input as { market: string; timeout: number | null };
        const start = Date.now();
        const timer = { market, startTime: start, cancellationTime: start + (timeout ?? 0) * 1000 };
        setTimers(timeout === null ? [] : [timer]);
        return timeout === null ? null : timer;
      },
    });
    render(<OrdersView />);
    await waitFor(() => expect(screen.getByTestId('kill-switch-none')).toBeTruthy());
    const panel = screen.getByRole('region', { name: 'Kill-switch' });
    await waitFor(() => expect(fake.callsTo('trade.markets')).toHaveLength(1));
    fireEvent.change(within(panel).getByLabelText('Kill-switch market'), {
      target: { value: 'BTC_USDT' },
    });
    const timeout = within(panel).getByLabelText('Timeout (seconds)');
    expect(within(panel).getByText('5 to 600 seconds')).toBeTruthy();
    for (const bad of ['4', '601', '1.5', '']) {
      fireEvent.change(timeout, { target: { value: bad } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Arm' }));
      expect(within(panel).getByText('Enter whole seconds from 5 to 600.')).toBeTruthy();
    }
    expect(fake.callsTo('orders.killSwitch')).toEqual([]);

    fireEvent.change(timeout, { target: { value: '90' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Arm' }));
    await waitFor(() => expect(within(panel).getByTestId('kill-switch-timer')).toBeTruthy());
    expect(fake.callsTo('orders.killSwitch')).toEqual([{ market: 'BTC_USDT', timeout: 90 }]);
    expect(within(panel).getByTestId('kill-switch-left').textContent).toMatch(/^1:(29|30)$/);

    fireEvent.click(
      within(panel).getByRole('button', { name: 'Disarm the kill-switch of BTC/USDT' }),
    );
    await waitFor(() => expect(within(panel).getByTestId('kill-switch-none')).toBeTruthy());
    expect(fake.callsTo('orders.killSwitch')).toEqual([
      { market: 'BTC_USDT', timeout: 90 },
      { market: 'BTC_USDT', timeout: null },
    ]);
  });

  it('when a timer fires, the timers and the active orders reload', async () => {
    // The countdown's clock is the test's: the timer fires when the test moves it 2 s on.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const start = Date.now();
      const { fake, setTimers } = serve([btcBuy]);
      setTimers([{ market: 'BTC_USDT', startTime: start, cancellationTime: start + 1000 }]);
      render(<OrdersView />);
      await waitFor(() => expect(screen.getByTestId('kill-switch-timer')).toBeTruthy());
      const activeCalls = fake.callsTo('orders.active').length;
      setTimers([]);
      act(() => {
        vi.advanceTimersByTime(999);
      });
      expect(screen.getByTestId('kill-switch-timer').textContent).not.toMatch(/fired/);
      expect(fake.callsTo('orders.active')).toHaveLength(activeCalls);
      act(() => {
        vi.advanceTimersByTime(1001);
      });
      await waitFor(() => expect(screen.getByTestId('kill-switch-none')).toBeTruthy());
      expect(fake.callsTo('orders.active').length).toBeGreaterThan(activeCalls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when a timer fires, an event says when and which orders went', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const start = Date.now();
      const { setTimers, setList } = serve([btcBuy, btcSell, ethStop]);
      setTimers([{ market: 'BTC_USDT', startTime: start, cancellationTime: start + 1000 }]);
      render(<OrdersView />);
      await waitFor(() => expect(rows()).toHaveLength(3));
      setTimers([]);
      setList([ethStop]);
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      const event = await screen.findByTestId('kill-switch-event');
      const at = new Date(start + 1000).toLocaleTimeString();
      expect(event.textContent).toBe(
        `The kill-switch of BTC/USDT fired at ${at}: 2 orders canceled (#${btcBuy.orderId}, #${btcSell.orderId}).`,
      );
      expect(screen.getByTestId('kill-switch-none')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never says armed and none armed at once; keep alive is sent and shown, its re-arm is no event', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      let fired = false;
      const { fake, setTimers } = serve([btcBuy], {
        'orders.killSwitch': async (input) => {
          const { market, timeout, keepAlive } = input as {
            market: string;
            timeout: number;
            keepAlive?: boolean;
          };
          const start = Date.now();
          const timer = { market, startTime: start, cancellationTime: start + timeout * 1000 };
          // The first one fires before the list is read again.
          setTimers(fired ? [{ ...timer, ...(keepAlive ? { keepAlive } : {}) }] : []);
          fired = true;
          return timer;
        },
      });
      render(<OrdersView />);
      const panel = screen.getByRole('region', { name: 'Kill-switch' });
      await waitFor(() => expect(fake.callsTo('trade.markets')).toHaveLength(1));
      fireEvent.change(within(panel).getByLabelText('Kill-switch market'), {
        target: { value: 'BTC_USDT' },
      });
      fireEvent.change(within(panel).getByLabelText('Timeout (seconds)'), {
        target: { value: '10' },
      });
      fireEvent.click(within(panel).getByRole('button', { name: 'Arm' }));
      await waitFor(() =>
        expect(fake.callsTo('orders.killSwitchStatus').length).toBeGreaterThan(1),
      );
      await waitFor(() => expect(within(panel).getByTestId('kill-switch-none')).toBeTruthy());
      expect(panel.textContent).not.toMatch(/is armed for/);

      fireEvent.click(within(panel).getByRole('checkbox', { name: 'Keep alive while connected' }));
      fireEvent.click(within(panel).getByRole('button', { name: 'Arm' }));
      const row = await within(panel).findByTestId('kill-switch-timer');
      expect(fake.callsTo('orders.killSwitch').at(-1)).toEqual({
        market: 'BTC_USDT',
        timeout: 10,
        keepAlive: true,
      });
      expect(row.textContent).toContain('kept alive while connected: armed again every 5 s');
      expect(panel.textContent).toMatch(/is armed for 10 s, kept alive while connected/);
      // Main armed it again: past the first cancellation time the list has the new one, no event.
      const now = Date.now();
      setTimers([
        {
          market: 'BTC_USDT',
          startTime: now + 5000,
          cancellationTime: now + 15_000,
          keepAlive: true,
        },
      ]);
      act(() => {
        vi.advanceTimersByTime(11_000);
      });
      await waitFor(() =>
        expect(fake.callsTo('orders.killSwitchStatus').length).toBeGreaterThan(3),
      );
      await waitFor(() => expect(within(panel).getByTestId('kill-switch-timer')).toBeTruthy());
      expect(screen.queryByTestId('kill-switch-event')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
