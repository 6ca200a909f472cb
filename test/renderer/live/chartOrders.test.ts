import { afterEach, describe, expect, it } from 'vitest';
import { useChartFills } from '../../../src/renderer/features/chart/chartStore';
import { useChartOverlays } from '../../../src/renderer/features/chart/lines';
import { connectChartOrders } from '../../../src/renderer/features/live/chartOrders';
import { useKeyHistoryStore } from '../../../src/renderer/features/orders/keyHistoryStore';
import { useActiveOrders, useOrdersStore } from '../../../src/renderer/features/orders/ordersStore';
import { useMarkets } from '../../../src/renderer/features/trade/tradeStore';
import { MASK } from '../../../src/renderer/lib/decimal';
import { setDesk } from '../../../src/renderer/lib/desk';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type { MarketDeal } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT } from '../trade/fixtures';
import { activeOrder, dealsPage } from '../chart/fixtures';

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  setDesk(undefined);
  clearRemotes();
  useSettings.setState({ privacy: false });
  useShellStore.setState({ screen: 'overview', ordersTab: 'active' });
});

const order = (orderId: number, price: string) => activeOrder({ orderId, price });

const deal: MarketDeal = {
  dealId: 70,
  orderId: 9,
  clientOrderId: '',
  side: 'sell',
  role: 'taker',
  price: '60000',
  amount: '0.1',
  deal: '6000',
  fee: '0',
  time: 5,
  market: 'BTC_USDT',
};

const layer = () => useChartOverlays.getState().layers.orders;

/** The chart shown (its fills loaded) with one active order; the bridge connected. */
async function connect() {
  const fake = fakeDesk({
    'orders.active': async () => ({ orders: [order(1, '61000')], capped: false, fetchedAt: 1 }),
    'trade.markets': async () => [BTC_USDT],
    'keyHistory.deals': async () => dealsPage([deal]),
    'keyHistory.orderDeals': async () => ({ orderId: 9, deals: [], capped: false, fetchedAt: 1 }),
    'keyHistory.orders': async () => ({ ...dealsPage([]), records: [] }),
  });
  setDesk(fake.desk);
  await useMarkets.getState().load();
  disconnect = connectChartOrders();
  await useChartFills.getState().load('BTC_USDT');
  await expect.poll(() => layer()?.lines.map((l) => l.id)).toEqual(['order:1']);
  return fake;
}

describe('your orders and fills on the chart', () => {
  it('the active orders are loaded once the chart shows, and their lines follow the stream', async () => {
    const fake = await connect();
    expect(fake.callsTo('orders.active')).toHaveLength(1);
    useActiveOrders.getState().applyOrders([
      { event: 'new', order: order(2, '62000') },
      { event: 'finish', order: order(1, '61000') },
    ]);
    expect(layer()!.lines.map((l) => [l.id, l.price])).toEqual([['order:2', '62000']]);
    useActiveOrders.getState().applyOrders([{ event: 'update', order: order(2, '62500') }]);
    expect(layer()!.lines.map((l) => [l.id, l.price])).toEqual([['order:2', '62500']]);
    expect(layer()!.markers.map((m) => [m.id, m.side])).toEqual([['deal:70', 'sell']]);
  });

  it('privacy mode takes the amounts off the labels at once', async () => {
    await connect();
    expect(layer()!.lines[0]!.title).toBe('Buy 0.5000 BTC limit');
    useSettings.setState({ privacy: true });
    expect(layer()!.lines[0]!.title).toBe(`Buy ${MASK} BTC limit`);
    expect(layer()!.markers[0]!.label).toBe(`Sold ${MASK} BTC at 60,000.00 USDT, order 9`);
  });

  it('a line opens its order on Orders’ Active tab; a fill of a finished order its deals', async () => {
    await connect();
    layer()!.lines[0]!.onSelect!();
    expect(useShellStore.getState()).toMatchObject({ screen: 'orders', ordersTab: 'active' });
    expect(useOrdersStore.getState().activeFilters.orderId).toBe('1');
    layer()!.markers[0]!.onSelect!();
    expect(useShellStore.getState()).toMatchObject({ screen: 'orders', ordersTab: 'executed' });
    expect(useKeyHistoryStore.getState()).toMatchObject({
      detail: 9,
      filters: expect.objectContaining({ market: 'BTC_USDT' }),
    });
  });

  it('disconnected, the layer is gone', async () => {
    await connect();
    disconnect!();
    disconnect = undefined;
    expect(layer()).toBeUndefined();
  });
});
