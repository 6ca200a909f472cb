import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pushes, PUSH_INTERVAL_MS, type PushEvent } from '../../../src/main/stream/pushes';
import type { Order, OrderChange } from '../../../src/shared/model';

/**
 * Pushed balances and orders are coalesced in main (issue 30): per asset and per id, at most a
 * few flushes a second, whatever the exchange sends. The clock and timers are the test's.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

function recorded() {
  const sent: Array<{ event: PushEvent; payload: unknown }> = [];
  const pushes = new Pushes((event, payload) => sent.push({ event, payload }));
  const of = (event: PushEvent) => sent.filter((s) => s.event === event).map((s) => s.payload);
  return { pushes, sent, of };
}

const order = (orderId: number, left = '1'): Order => ({
  orderId,
  clientOrderId: '',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: 1_000,
  dealMoney: '0',
  dealStock: '0',
  amount: '1',
  left,
  dealFee: '0',
  price: '1',
  postOnly: false,
  ioc: false,
});
const change = (event: OrderChange['event'], orderId: number, left = '1'): OrderChange => ({
  event,
  order: order(orderId, left),
});

describe('Pushes', () => {
  it('sends the first change at once, then at most one flush an interval however many came', () => {
    const { pushes, of } = recorded();
    pushes.balance({ BTC: { available: '1', freeze: '0' } });
    expect(of('stream.balances')).toHaveLength(1);
    // 10,000 balance and order messages a second for 3 s, spread evenly (one every 0.1 ms).
    for (let i = 0; i < 30_000; i += 1) {
      if (i % 10 === 0) vi.advanceTimersByTime(1);
      if (i % 2) pushes.balance({ [`T${i % 50}`]: { available: String(i), freeze: '0' } });
      else pushes.order(change('update', 1 + (i % 1_000), String(i)));
    }
    vi.advanceTimersByTime(PUSH_INTERVAL_MS);
    // The first at once, one an interval over the 3 s, the last after them.
    const flushes = 2 + 3_000 / PUSH_INTERVAL_MS;
    expect(of('stream.balances').length).toBeLessThanOrEqual(flushes);
    expect(of('stream.orders').length).toBeLessThanOrEqual(flushes);
    expect(PUSH_INTERVAL_MS).toBeGreaterThanOrEqual(200);
  });

  it('keeps the latest balance of each asset and the latest change of each order', () => {
    const { pushes, of } = recorded();
    pushes.balance({ USDT: { available: '0', freeze: '0' } }); // the first goes at once
    pushes.balance({ BTC: { available: '1', freeze: '0' }, USDT: { available: '5', freeze: '0' } });
    pushes.balance({ BTC: { available: '2', freeze: '1' } });
    pushes.order(change('new', 7, '1'));
    pushes.order(change('update', 7, '0.5'));
    pushes.order(change('update', 8, '0.9'));
    pushes.order(change('finish', 8, '0'));
    pushes.order(change('update', 8, '0.4')); // nothing comes after a finish
    pushes.order(change('finish', 9, '0'));
    vi.advanceTimersByTime(PUSH_INTERVAL_MS);
    expect(of('stream.balances').at(-1)).toEqual({
      balances: { BTC: { available: '2', freeze: '1' }, USDT: { available: '5', freeze: '0' } },
      at: 1_000_000 + PUSH_INTERVAL_MS,
    });
    expect(of('stream.orders')).toEqual([
      {
        changes: [change('new', 7, '0.5'), change('finish', 8, '0'), change('finish', 9, '0')],
        at: 1_000_000 + PUSH_INTERVAL_MS,
      },
    ]);
  });

  it('holds at most the active-order cap of orders a flush; past it, the page is told to resync', () => {
    const { pushes, of } = recorded();
    pushes.order(change('new', 1));
    for (let id = 2; id <= 10_002 + 5; id += 1) pushes.order(change('new', id));
    vi.advanceTimersByTime(PUSH_INTERVAL_MS);
    const [, batch] = of('stream.orders') as Array<{ changes: OrderChange[] }>;
    expect(batch!.changes).toHaveLength(10_000);
    expect(of('stream.resync')).toHaveLength(1);
  });

  it('sends what it holds when flushed now, and nothing once cancelled', () => {
    const { pushes, sent } = recorded();
    pushes.order(change('new', 1));
    pushes.order(change('new', 2));
    pushes.flushNow();
    expect(sent).toHaveLength(2);
    pushes.order(change('new', 3));
    pushes.order(change('new', 4));
    pushes.cancel();
    vi.advanceTimersByTime(10 * PUSH_INTERVAL_MS);
    expect(sent).toHaveLength(2);
  });
});
