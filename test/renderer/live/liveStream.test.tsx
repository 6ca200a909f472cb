import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive } from '../../../src/renderer/features/live/liveStore';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { useActiveOrders } from '../../../src/renderer/features/orders/ordersStore';
import { useNotices } from '../../../src/renderer/lib/noticesStore';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import {
  useLiveTrades,
  useTradeContext,
  useTradeStore,
} from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { resetProfileData } from '../../../src/renderer/lib/remote';
import type { LockState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { activeList, order } from '../orders/fixtures';
import { overview, resetStores } from '../overview/fixtures';
import { context } from '../trade/fixtures';

const OPEN: LockState = { enabled: true, locked: false, idleMinutes: 5 };
const LOCKED: LockState = { enabled: true, locked: true, idleMinutes: 5 };

let disconnect: (() => void) | undefined;
beforeEach(() => {
  resetStores();
  useTradeStore.setState({ market: 'BTC_USDT' });
  useNotices.setState({ shown: [], kept: [], unread: 0 });
  useLockStore.setState({ state: OPEN, error: undefined });
  vi.spyOn(document, 'hasFocus').mockReturnValue(false);
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  cleanup();
  setDesk(undefined);
  vi.restoreAllMocks();
});

/** A bridge answering the streamed channels; the overview, active orders and trade context loaded. */
async function connected() {
  const fake = fakeDesk({
    'portfolio.overview': async () => overview(),
    'orders.active': async () => activeList([order({ orderId: 1 })]),
    'trade.context': async () => context(),
    'app.notify': async () => true,
  });
  setDesk(fake.desk);
  await useOverviewStore.getState().load('USDT');
  await useActiveOrders.getState().load();
  await useTradeContext.getState().load('BTC_USDT');
  disconnect = connectLive();
  return fake;
}

const calls = (fake: ReturnType<typeof fakeDesk>) => ({
  overview: fake.callsTo('portfolio.overview').length,
  active: fake.callsTo('orders.active').length,
  context: fake.callsTo('trade.context').length,
});

function pushEverything(emit: (event: string, payload: unknown) => void) {
  emit('stream.prices', { prices: { BTC_USDT: '65000.1' }, at: 1 });
  emit('stream.orders', {
    changes: [
      { event: 'finish', order: order({ orderId: 1, dealStock: '0.5', dealMoney: '30000' }) },
    ],
    at: 1,
  });
  emit('stream.book', {
    market: 'BTC_USDT',
    book: { tickerId: 'BTC_USDT', timestamp: 1, asks: [['1', '1']], bids: [] },
  });
  emit('stream.trades', {
    market: 'BTC_USDT',
    trades: [{ tradeId: 1, price: '1', amount: '1', total: '1', time: 1, side: 'buy', rpi: false }],
  });
  emit('stream.balances', { balances: { BTC: { available: '9', freeze: '0' } }, at: 1 });
  emit('transfers.arrived', {
    arrivals: [
      {
        method: 1,
        ticker: 'USDT',
        amount: '25',
        places: 2,
        createdAt: 1,
        network: 'TRC20',
        status: 3,
      },
    ],
    at: 2,
  });
}

describe('the live stream reaches the stores', () => {
  it('applies each pushed event to the store that holds the same data', async () => {
    const fake = await connected();
    act(() => pushEverything(fake.emit));
    expect(useOverviewStore.getState().data?.total).toBe('73948.22678457');
    expect(useActiveOrders.getState().data?.orders).toEqual([]);
    await waitFor(() =>
      expect(useNotices.getState().shown.map((n) => n.id)).toEqual(['fill-1', 'transfer-2-0']),
    );
    expect(fake.callsTo('app.notify')).toHaveLength(1);
    expect(useTradeContext.getState().data?.book.asks).toEqual([['1', '1']]);
    expect(useTradeContext.getState().data?.stock.available).toBe('9');
    expect(useLiveTrades.getState().trades).toHaveLength(1);
  });

  it('revalues the Overview on screen as prices are pushed', async () => {
    const fake = await connected();
    render(<OverviewView />);
    expect(screen.getByTestId('overview-total').textContent).toBe('73,066.23 USDT');
    act(() => fake.emit('stream.prices', { prices: { BTC_USDT: '65000.1' }, at: 1 }));
    expect(screen.getByTestId('overview-total').textContent).toBe('73,948.23 USDT');
  });

  it('ignores every pushed event while the app is locked', async () => {
    const fake = await connected();
    const before = {
      overview: useOverviewStore.getState().data,
      orders: useActiveOrders.getState().data,
      context: useTradeContext.getState().data,
    };
    act(() => useLockStore.setState({ state: LOCKED }));
    act(() => pushEverything(fake.emit));
    expect(useOverviewStore.getState().data).toBe(before.overview);
    expect(useActiveOrders.getState().data).toBe(before.orders);
    expect(useTradeContext.getState().data).toBe(before.context);
    expect(useLiveTrades.getState().trades).toEqual([]);
    expect(useNotices.getState().kept).toEqual([]);
    expect(fake.callsTo('trade.markets')).toEqual([]);
    expect(fake.callsTo('app.notify')).toEqual([]);
  });

  it('ignores pushes before main has said whether the app is locked', async () => {
    const fake = await connected();
    useLockStore.setState({ state: undefined, error: undefined });
    act(() => fake.emit('stream.prices', { prices: { BTC_USDT: '65000.1' }, at: 1 }));
    expect(useOverviewStore.getState().data?.total).toBe('73066.23405284');
  });

  it('after unlocking, the streamed slots in use reload (what was pushed meanwhile was dropped)', async () => {
    const fake = await connected();
    act(() => useLockStore.getState().set(LOCKED));
    const locked = calls(fake);
    act(() => useLockStore.getState().set(OPEN));
    await waitFor(() =>
      expect(calls(fake)).toEqual({
        overview: locked.overview + 1,
        active: locked.active + 1,
        context: locked.context + 1,
      }),
    );
  });

  it('stops applying pushes once disconnected', async () => {
    const fake = await connected();
    disconnect?.();
    disconnect = undefined;
    act(() => fake.emit('stream.prices', { prices: { BTC_USDT: '65000.1' }, at: 1 }));
    expect(useOverviewStore.getState().data?.total).toBe('73066.23405284');
  });
});

describe('stream.resync', () => {
  it('reloads the streamed slots in use, and only those', async () => {
    const fake = fakeDesk({
      'portfolio.overview': async () => overview(),
      'orders.active': async () => activeList([]),
      'trade.context': async () => context(),
    });
    setDesk(fake.desk);
    await useOverviewStore.getState().load('EUR');
    await useActiveOrders.getState().load();
    disconnect = connectLive();
    act(() => fake.emit('stream.resync', { at: 1 }));
    await waitFor(() => expect(fake.callsTo('portfolio.overview')).toHaveLength(2));
    expect(fake.callsTo('portfolio.overview')[1]).toEqual({ quote: 'EUR' });
    await waitFor(() => expect(fake.callsTo('orders.active')).toHaveLength(2));
    // The Trade screen was never opened: its context is not loaded for nothing.
    expect(fake.callsTo('trade.context')).toEqual([]);
  });
});

describe('profile switch', () => {
  it('forgets pushed trades and fill notices with the slots', async () => {
    const fake = await connected();
    act(() => pushEverything(fake.emit));
    expect(useLiveTrades.getState().trades).toHaveLength(1);
    await waitFor(() => expect(useNotices.getState().shown).toHaveLength(2));
    act(() => resetProfileData());
    expect(useLiveTrades.getState().trades).toEqual([]);
    expect(useNotices.getState().shown).toEqual([]);
    expect(useNotices.getState().kept).toEqual([]);
    expect(useTradeContext.getState().data).toBeUndefined();
  });
});
