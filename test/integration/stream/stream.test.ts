import Decimal from 'decimal.js';
import { describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import type { EventName, EventPayload } from '../../../src/shared/contract';
import type { CandleSeries, Order, StreamStatus, TradeBalances } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * Issue 16 over a real socket: main's live stream against the demo exchange's /ws, through the
 * app's own wiring (core, accounts, the Demo profile). Prices are frozen, so the book only moves
 * when an order of the test does.
 */

const WAIT = { timeout: 15_000, interval: 50 };

async function liveCore() {
  const { core, call } = await startMainCore({
    demoExchange: { control: true, freezePrices: true },
    stream: { random: () => 0 },
  });
  const seen: Array<{ name: EventName; payload: unknown }> = [];
  core.events.subscribe((name, payload) => seen.push({ name, payload }));
  const of = <E extends EventName>(name: E) =>
    seen.filter((e) => e.name === name).map((e) => e.payload as EventPayload<E>);
  await vi.waitFor(() => expect(core.stream.current().mode).toBe('live'), WAIT);
  const api = core.accounts.active().api;
  return { core, call, of, api };
}

/** A resting limit buy far below the market (BTC_USDT trades around 64,000). */
async function restingBuy(api: ExchangeApi, price = '30000'): Promise<Order> {
  return api.createOrder({
    kind: 'limit',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price,
    clientOrderId: `stream-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  });
}

/** What the page keeps: reloaded over REST on every resync, then kept by the stream's events. */
class Mirror {
  orders = new Map<number, Order>();
  balances: TradeBalances = {};
  reloads = 0;

  constructor(
    private readonly api: ExchangeApi,
    events: { subscribe(listener: (name: EventName, payload: unknown) => void): () => void },
  ) {
    events.subscribe((name, payload) => {
      if (name === 'stream.resync') void this.reload();
      if (name === 'stream.orders') {
        for (const { event, order } of (payload as EventPayload<'stream.orders'>).changes) {
          if (event === 'finish') this.orders.delete(order.orderId);
          else this.orders.set(order.orderId, order);
        }
      }
      if (name === 'stream.balances') {
        this.balances = {
          ...this.balances,
          ...(payload as EventPayload<'stream.balances'>).balances,
        };
      }
    });
  }

  async reload(): Promise<void> {
    const [orders, balances] = await Promise.all([
      this.api.activeOrders({ market: 'BTC_USDT', limit: 100 }),
      this.api.tradeBalance(),
    ]);
    this.orders = new Map(orders.map((o) => [o.orderId, o]));
    this.balances = balances;
    this.reloads += 1;
  }
}

/** Active order ids and the trade balances of BTC and USDT, as REST tells them and as kept. */
async function rest(api: ExchangeApi) {
  const [orders, balances] = await Promise.all([
    api.activeOrders({ market: 'BTC_USDT', limit: 100 }),
    api.tradeBalance(),
  ]);
  return { ids: orders.map((o) => o.orderId).sort(), btc: balances.BTC, usdt: balances.USDT };
}
const kept = (mirror: Mirror) => ({
  ids: [...mirror.orders.keys()].sort(),
  btc: mirror.balances.BTC,
  usdt: mirror.balances.USDT,
});

describe('the live stream against the demo exchange', () => {
  it('connects, authorizes and subscribes: live, and the channel says so', async () => {
    const { call, of } = await liveCore();
    expect(await call<StreamStatus>('stream.status')).toMatchObject({ mode: 'live' });
    expect(of('stream.resync').length).toBeGreaterThanOrEqual(1);
  });

  it('an order placed over REST arrives in stream.orders, and its balances in stream.balances', async () => {
    const { api, of } = await liveCore();
    const changes = () => of('stream.orders').flatMap((batch) => batch.changes);
    const order = await restingBuy(api);
    await vi.waitFor(
      () =>
        expect(changes()).toContainEqual(
          expect.objectContaining({
            event: 'new',
            order: expect.objectContaining({
              orderId: order.orderId,
              market: 'BTC_USDT',
              side: 'buy',
              price: order.price,
              amount: order.amount,
            }),
          }),
        ),
      WAIT,
    );
    const usdt = (await api.tradeBalance()).USDT;
    await vi.waitFor(
      () => expect(of('stream.balances').map((b) => b.balances.USDT)).toContainEqual(usdt),
      WAIT,
    );
    await api.cancelOrder('BTC_USDT', { orderId: order.orderId });
    await vi.waitFor(
      () =>
        expect(changes()).toContainEqual(
          expect.objectContaining({
            event: 'finish',
            order: expect.objectContaining({ orderId: order.orderId }),
          }),
        ),
      WAIT,
    );
  });

  it('the chart’s candles: pushed for the market and interval watched, equal to the kline’s; another interval replaces them', async () => {
    const { core, call, of } = await liveCore();
    await call('stream.watchCandles', { market: 'BTC_USDT', interval: '1m' });
    await vi.waitFor(() => expect(of('stream.candles').length).toBeGreaterThan(0), WAIT);
    const pushed = of('stream.candles').at(-1)!;
    expect([pushed.market, pushed.interval]).toEqual(['BTC_USDT', '1m']);
    const rest = await call<CandleSeries>('trade.candles', { market: 'BTC_USDT', interval: '1m' });
    expect(pushed.candle).toEqual(rest.candles.at(-1));
    // The price moves: the candle follows (a step with trades at the new price).
    const before = of('stream.candles').length;
    core.demoExchange.engine.setPrice('BTC_USDT', '70000');
    // Each check steps the demo's own clock a second until a push shows: no fixed sleep.
    await vi.waitFor(() => {
      if (of('stream.candles').length === before) core.demoExchange.engine.advance(1);
      expect(of('stream.candles').length).toBeGreaterThan(before);
    }, WAIT);
    // Another interval replaces it; none stops the pushes.
    await call('stream.watchCandles', { market: 'BTC_USDT', interval: '1h' });
    await vi.waitFor(() => expect(of('stream.candles').at(-1)!.interval).toBe('1h'), WAIT);
    await expect(
      call('stream.watchCandles', { market: 'NOPE_USDT', interval: '1h' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await call('stream.watchCandles', { market: null, interval: '1h' });
  });

  it('the merged book of the watched market equals REST’s, after the price moves and an order rests', async () => {
    const { core, call, api, of } = await liveCore();
    await call('stream.watch', { market: 'BTC_USDT' });
    const latestBook = () => of('stream.book').at(-1)?.book;
    const restBook = async () => {
      const book = await api.orderBook('BTC_USDT', { limit: 50 });
      return { asks: book.asks, bids: book.bids };
    };
    await vi.waitFor(async () => {
      const book = latestBook();
      expect(book && { asks: book.asks, bids: book.bids }).toEqual(await restBook());
    }, WAIT);
    // The price walks one step (the demo's book is its market maker's, around the price): the
    // stream's increments must bring the merged book to REST's new one.
    const before = latestBook()!;
    const moved = await fetch(`${core.demoExchange.url}/__control/advance-price`, {
      method: 'POST',
      body: JSON.stringify({ steps: 5 }),
    });
    expect(moved.ok).toBe(true);
    await vi.waitFor(async () => {
      const book = latestBook()!;
      expect({ asks: book.asks, bids: book.bids }).not.toEqual({
        asks: before.asks,
        bids: before.bids,
      });
      expect({ asks: book.asks, bids: book.bids }).toEqual(await restBook());
    }, WAIT);
    // A resting order of the account joins the best bid: that level grows by its amount.
    const [bestPrice, bestAmount] = latestBook()!.bids[0]!;
    const order = await restingBuy(api, bestPrice);
    await vi.waitFor(async () => {
      const book = latestBook()!;
      const grown = new Decimal(bestAmount).plus(order.amount);
      expect(new Decimal(book.bids[0]![1]).eq(grown)).toBe(true);
      expect({ asks: book.asks, bids: book.bids }).toEqual(await restBook());
    }, WAIT);
    expect(of('stream.trades').at(-1)).toMatchObject({ market: 'BTC_USDT' });
  });

  it('a dropped connection is detected, refused while the exchange refuses, reconnected and resynced with nothing missed', async () => {
    // Main's log says so (log.warn writes to console.error): kept off the console, asserted.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { core, api, of } = await liveCore();
    const mirror = new Mirror(api, core.events);
    await mirror.reload();
    const kept1 = await restingBuy(api, '30000');
    await vi.waitFor(() => expect(mirror.orders.has(kept1.orderId)).toBe(true), WAIT);

    // The connection drops and new upgrades are refused: the stream falls back to polling.
    core.demoExchange.setFaults({ refuseWs: true });
    const dropped = await fetch(`${core.demoExchange.url}/__control/ws-drop`, { method: 'POST' });
    expect(dropped.ok).toBe(true);
    await vi.waitFor(
      () =>
        expect(core.stream.current()).toMatchObject({
          mode: 'polling',
          reason: expect.stringMatching(/^The exchange refused the live stream/),
        }),
      WAIT,
    );
    // Meanwhile, over REST: one order placed, one canceled: the stream cannot tell.
    const placedWhileDown = await restingBuy(api, '31000');
    await api.cancelOrder('BTC_USDT', { orderId: kept1.orderId });

    const reloadsBefore = mirror.reloads;
    core.demoExchange.setFaults({ refuseWs: false });
    await vi.waitFor(() => expect(core.stream.current().mode).toBe('live'), WAIT);
    await vi.waitFor(() => expect(mirror.reloads).toBeGreaterThan(reloadsBefore), WAIT);
    expect(mirror.orders.has(placedWhileDown.orderId)).toBe(true);
    expect(mirror.orders.has(kept1.orderId)).toBe(false);

    // And the stream keeps it current from there.
    const after = await restingBuy(api, '32000');
    await vi.waitFor(() => expect(mirror.orders.has(after.orderId)).toBe(true), WAIT);
    await vi.waitFor(async () => expect(kept(mirror)).toEqual(await rest(api)), WAIT);

    const modes = of('stream.status')
      .map((s) => s.mode)
      .filter((mode, i, all) => mode !== all[i - 1]);
    expect(modes.slice(-3)).toEqual(['live', 'polling', 'live']);
    const logged = error.mock.calls.flat().join('\n');
    error.mockRestore();
    expect(logged).toMatch(/\[stream\] the live stream dropped/);
    expect(logged).toMatch(/\[stream\] could not open the live stream: .*HTTP 503/);
  });
});
