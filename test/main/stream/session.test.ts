import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamOrders } from '../../../src/shared/model';
import { TinyExchange } from './tinyExchange';
import { streamUrl } from '../../../src/main/stream/connection';
import {
  StreamSession,
  type DataEvent,
  type SessionOptions,
  type SessionPhase,
  type SessionSink,
} from '../../../src/main/stream/session';

/**
 * The session over a real socket, against a small exchange on 127.0.0.1 that speaks the documented
 * protocol (REST token and markets, JSON-RPC authorize/subscribe/ping, depth snapshots and
 * increments). What is checked is the session's own behaviour: its phases, its resubscriptions,
 * its merged book, what it drops.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Records what the session tells its sink. */
function recorder() {
  const phases: SessionPhase[] = [];
  const data: Array<{ event: DataEvent; payload: unknown }> = [];
  const sink: SessionSink = {
    phase: (phase) => phases.push(phase),
    data: (event, payload) => data.push({ event, payload }),
  };
  const of = (event: DataEvent) => data.filter((d) => d.event === event).map((d) => d.payload);
  /** Every order change pushed, in order (each `stream.orders` carries a batch). */
  const changes = () => (of('stream.orders') as StreamOrders[]).flatMap((batch) => batch.changes);
  return { sink, phases, data, of, changes };
}

/** Timers the test holds: the session schedules, the test runs them when it chooses. */
function heldTimers() {
  const held: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  return {
    schedule: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      held.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** The waits of the timers not run or cancelled yet. */
    pending: () => held.filter((t) => !t.cancelled).map((t) => t.ms),
    runAll: () => {
      for (const timer of held.splice(0)) if (!timer.cancelled) timer.run();
    },
  };
}

async function started(options: Partial<SessionOptions> = {}) {
  const exchange = await TinyExchange.start();
  cleanups.push(() => exchange.stop());
  const seen = recorder();
  const session = new StreamSession(exchange.api(), seen.sink, {
    random: () => 0,
    bookIntervalMs: 0,
    pricesIntervalMs: 0,
    pushIntervalMs: 0,
    ...options,
  });
  cleanups.push(() => session.stop());
  return { exchange, session, ...seen };
}

const lastPhase = (phases: SessionPhase[]) => phases.at(-1)?.phase;

/** An order of the profile as ordersPending_update writes it. */
const restingOrder = {
  id: 8,
  market: 'BTC_USDT',
  type: 1,
  side: 2,
  ctime: 1738250982.28914,
  price: '90000',
  amount: '1',
  left: '1',
  deal_stock: '0',
  deal_money: '0',
  deal_fee: '0',
  client_order_id: 'mine-1',
  status: 'OPEN',
};

describe('StreamSession', () => {
  it('authorizes with the token, subscribes, goes live and asks the page to resync', async () => {
    const { exchange, session, phases, of } = await started();
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    expect(exchange.requests[0]).toMatchObject({
      method: 'authorize',
      params: ['tok-123', 'public'],
    });
    expect(exchange.methods()).toEqual([
      'authorize',
      'lastprice_subscribe',
      'balanceSpot_subscribe',
      'ordersPending_subscribe',
      'ordersExecuted_subscribe',
    ]);
    // Prices of the tradable markets; balances and orders of all (an empty list).
    expect(exchange.requests.slice(1).map((r) => r.params)).toEqual([
      ['BTC_USDT'],
      [],
      [],
      [[], 0],
    ]);
    expect(of('stream.resync')).toHaveLength(1);
  });

  it('follows the watched market: depth from its snapshot, the previous market dropped', async () => {
    const { exchange, session, phases, of } = await started();
    session.watch('BTC_USDT');
    session.start();
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(1));
    expect(lastPhase(phases)).toBe('live');
    expect(of('stream.book')[0]).toMatchObject({
      market: 'BTC_USDT',
      book: { asks: [['101', '1']], bids: [['99', '1']] },
    });
    exchange.push('depth_update', [
      false,
      { update_id: 101, past_update_id: 100, asks: [['101', '0']], bids: [['99.5', '2']] },
      'BTC_USDT',
    ]);
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(2));
    expect(of('stream.book')[1]).toMatchObject({
      book: {
        asks: [],
        bids: [
          ['99.5', '2'],
          ['99', '1'],
        ],
      },
    });
    session.watch(null);
    await vi.waitFor(() => expect(exchange.methods()).toContain('trades_unsubscribe'));
    expect(exchange.methods()).toContain('depth_unsubscribe');
  });

  it('asks for a fresh snapshot on an update_id gap and emits nothing from the broken book', async () => {
    const logged = capturedLog();
    const { exchange, session, of } = await started();
    session.watch('BTC_USDT');
    session.start();
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(1));
    const depthSubscribes = () => exchange.methods().filter((m) => m === 'depth_subscribe').length;
    expect(depthSubscribes()).toBe(1);
    exchange.push('depth_update', [
      false,
      { update_id: 205, past_update_id: 204, asks: [['150', '9']], bids: [] },
      'BTC_USDT',
    ]);
    await vi.waitFor(() => expect(depthSubscribes()).toBe(2));
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(2));
    // The book came from the fresh snapshot: the level of the gapped increment is not in it.
    expect(of('stream.book')[1]).toMatchObject({ book: { asks: [['101', '1']] } });
    expect(logged()).toMatch(/the BTC_USDT book missed an update: asking for a fresh snapshot/);
  });

  it('reconnects after a drop, resubscribes everything and asks for a resync again', async () => {
    const logged = capturedLog();
    const { exchange, session, phases, of } = await started();
    session.watch('BTC_USDT');
    session.start();
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(1));
    exchange.dropAll();
    await vi.waitFor(() =>
      expect(phases).toContainEqual({ phase: 'waiting', why: 'dropped', retryInMs: 500 }),
    );
    await vi.waitFor(() => expect(of('stream.resync')).toHaveLength(2));
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(2));
    expect(lastPhase(phases)).toBe('live');
    expect(exchange.methods().filter((m) => m === 'authorize')).toHaveLength(2);
    expect(exchange.methods().filter((m) => m === 'depth_subscribe')).toHaveLength(2);
    expect(logged()).toMatch(/the live stream dropped: closed by the exchange/);
  });

  it('treats a connection that stops answering pings as dropped', async () => {
    const logged = capturedLog();
    const { exchange, session, phases } = await started({
      pingIntervalMs: 50,
      answerTimeoutMs: 200,
    });
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    exchange.answerPings = false;
    await vi.waitFor(() =>
      expect(phases).toContainEqual(expect.objectContaining({ why: 'dropped' })),
    );
    expect(logged()).toMatch(/the live stream dropped: the exchange stopped answering \(ping\)/);
  });

  it('reports a refused authorize as refused, and keeps trying', async () => {
    const logged = capturedLog();
    const { exchange, session, phases } = await started();
    exchange.refuseAuthorize = true;
    session.start();
    await vi.waitFor(() =>
      expect(phases).toContainEqual({ phase: 'waiting', why: 'refused', retryInMs: 500 }),
    );
    exchange.refuseAuthorize = false;
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    expect(logged()).toMatch(/could not open the live stream: authorize: invalid argument/);
  });

  it('closes a connection still authorizing when stopped', async () => {
    const { exchange, session, phases } = await started();
    exchange.silentAuthorize = true;
    session.start();
    await vi.waitFor(() => expect(exchange.methods()).toContain('authorize'));
    expect(exchange.sockets.size).toBe(1);
    session.stop();
    await vi.waitFor(() => expect(exchange.sockets.size).toBe(0));
    expect(lastPhase(phases)).toBe('stopped');
  });

  it('drops hostile frames, keeps the connection, and never logs the token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(
      () => warn.mockRestore(),
      () => error.mockRestore(),
    );
    const { exchange, session, phases, of, changes } = await started();
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    exchange.raw('{"id":');
    exchange.raw(
      JSON.stringify({ id: null, method: 'lastprice_update', params: ['BTC_USDT', '-5'] }),
    );
    exchange.raw(JSON.stringify({ id: null, method: 'balanceSpot_update', params: [{ BTC: 7 }] }));
    exchange.raw(JSON.stringify({ id: null, method: 'ordersPending_update', params: [1, {}] }));
    exchange.raw(JSON.stringify({ id: 99999, result: 'x', error: null }));
    exchange.push('lastprice_update', ['__proto__', '1']);
    exchange.push('lastprice_update', ['ETH_BTC', '1']);
    exchange.push('lastprice_update', ['BTC_USDT', '65000.5']);
    await vi.waitFor(() => expect(of('stream.prices')).toHaveLength(1));
    // Only the markets subscribed to (here BTC_USDT) are kept.
    expect(of('stream.prices')).toEqual([
      { prices: { BTC_USDT: '65000.5' }, at: expect.any(Number) },
    ]);
    expect(of('stream.balances')).toHaveLength(0);
    expect(changes()).toHaveLength(0);
    expect(lastPhase(phases)).toBe('live');
    const logged = [...warn.mock.calls, ...error.mock.calls].flat().join('\n');
    expect(logged).toMatch(/dropped a message/);
    expect(logged).not.toContain('tok-123');
  });

  it('pushes the chart’s candles at most once an interval, each candle with its latest values', async () => {
    const { exchange, session, phases, of } = await started({ bookIntervalMs: 60_000 });
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    session.watchCandles({ market: 'BTC_USDT', interval: '1m' });
    await vi.waitFor(() => expect(exchange.methods()).toContain('candles_subscribe'));
    const row = (close: string) => [1655204760, '100', close, '200', '50', '1', '100', 'BTC_USDT'];
    exchange.push('candles_update', [row('101')]);
    exchange.push('candles_update', [row('102')]);
    exchange.push('candles_update', [row('103')]);
    // Prices are pushed at once (interval 0): once they are, the candles before them were read.
    exchange.push('lastprice_update', ['BTC_USDT', '103']);
    await vi.waitFor(() => expect(of('stream.prices')).toHaveLength(1));
    // The first at once; the two after it wait for the interval (a minute here).
    expect(of('stream.candles')).toEqual([
      expect.objectContaining({
        market: 'BTC_USDT',
        candle: expect.objectContaining({ close: '101' }),
      }),
    ]);
  });

  it('maps order updates and emits a finished order once', async () => {
    const { exchange, session, phases, of, changes } = await started();
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    const order = {
      ...restingOrder,
      id: 7,
      left: '0',
      deal_stock: '1',
      deal_money: '90000',
      status: 'FILLED',
    };
    exchange.push('ordersPending_update', [3, order]);
    exchange.push('ordersExecuted_update', [order]);
    exchange.push('balanceSpot_update', [{ BTC: { available: '1', freeze: '0' } }]);
    await vi.waitFor(() => expect(of('stream.balances')).toHaveLength(1));
    expect(changes()).toEqual([
      expect.objectContaining({
        event: 'finish',
        order: expect.objectContaining({ orderId: 7, side: 'buy' }),
      }),
    ]);
  });
});

describe('one refused subscription, and the pace of reconnecting', () => {
  it('a refused depth subscription is that market’s problem: retried on its own, the rest stays live', async () => {
    const logged = capturedLog();
    const timers = heldTimers();
    const { exchange, session, phases, of } = await started({ schedule: timers.schedule });
    exchange.refuseDepth.add('BTC_USDT');
    session.watch('BTC_USDT');
    session.start();
    // Its own backoff: 2 s doubling (random 0: half a step).
    await vi.waitFor(() =>
      expect(phases.at(-1)).toEqual({
        phase: 'live',
        noBook: { market: 'BTC_USDT', retryInMs: 1_000 },
      }),
    );
    expect(timers.pending()).toEqual([1_000]);
    expect(exchange.sockets.size).toBe(1);
    exchange.push('balanceSpot_update', [{ BTC: { available: '1', freeze: '0' } }]);
    await vi.waitFor(() => expect(of('stream.balances')).toHaveLength(1));
    expect(logged()).toMatch(/no live book for BTC_USDT: depth_subscribe: invalid argument/);

    // Refused again: the market's wait doubles; the connection is never closed.
    timers.runAll();
    await vi.waitFor(() =>
      expect(phases.at(-1)).toEqual({
        phase: 'live',
        noBook: { market: 'BTC_USDT', retryInMs: 2_000 },
      }),
    );
    exchange.refuseDepth.clear();
    timers.runAll();
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(1));
    expect(phases.at(-1)).toEqual({ phase: 'live' });
    expect(exchange.methods().filter((m) => m === 'authorize')).toHaveLength(1);
    expect(phases.filter((p) => p.phase === 'waiting')).toEqual([]);
  });

  /** A session whose clock and timers the test holds (its log kept off the console). */
  async function held(options: Partial<SessionOptions> = {}) {
    const logged = capturedLog();
    const timers = heldTimers();
    const clock = { now: 1_000_000 };
    const session = await started({ schedule: timers.schedule, now: () => clock.now, ...options });
    return { ...session, timers, clock, logged };
  }

  it('drops a connection that floods past the sustained rate, and backs off', async () => {
    const { exchange, session, phases, logged } = await held({
      floodLimit: { perSecond: 10, seconds: 2 },
    });
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    // At most 20 frames in the window (the clock stands still: all in one second), answers too.
    for (let i = 0; i < 21; i += 1) {
      exchange.push('balanceSpot_update', [{ BTC: { available: String(i), freeze: '0' } }]);
    }
    await vi.waitFor(() =>
      expect(phases.at(-1)).toEqual({ phase: 'waiting', why: 'flooded', retryInMs: 500 }),
    );
    await vi.waitFor(() => expect(exchange.sockets.size).toBe(0));
    expect(logged()).toMatch(/more than 10 messages a second for 2 s/);
  });

  it('resets the reconnect backoff only after the connection stayed up a minute', async () => {
    const { exchange, session, phases, timers, clock } = await held();
    const waits = () => phases.filter((p) => p.phase === 'waiting').map((p) => p.retryInMs);
    const liveAgain = async (count: number) =>
      vi.waitFor(() => expect(phases.filter((p) => p.phase === 'live')).toHaveLength(count));
    session.start();
    await liveAgain(1);
    exchange.dropAll();
    await vi.waitFor(() => expect(waits()).toEqual([500]));
    clock.now += 59_000;
    timers.runAll();
    await liveAgain(2);
    // Up for less than a minute: the next wait is the next step, not the first again.
    exchange.dropAll();
    await vi.waitFor(() => expect(waits()).toEqual([500, 1_000]));
    timers.runAll();
    await liveAgain(3);
    clock.now += 60_000;
    exchange.dropAll();
    await vi.waitFor(() => expect(waits()).toEqual([500, 1_000, 500]));
  });

  it('asks for at most 8 tokens a minute, however often it fails', async () => {
    const { exchange, session, phases, timers, clock } = await held();
    exchange.refuseAuthorize = true;
    session.start();
    for (let attempt = 1; attempt <= 8; attempt++) {
      await vi.waitFor(() => expect(timers.pending()).toHaveLength(1));
      expect(exchange.tokenRequests).toHaveLength(attempt);
      clock.now += 1_000;
      if (attempt < 8) timers.runAll();
    }
    // The ninth attempt waits for the first token's minute to pass, whatever asks for it sooner.
    session.reconnectNow();
    await vi.waitFor(() =>
      expect(phases.at(-1)).toEqual({ phase: 'waiting', why: 'limited', retryInMs: 52_000 }),
    );
    expect(exchange.tokenRequests).toHaveLength(8);
    clock.now += 52_000;
    timers.runAll();
    await vi.waitFor(() => expect(exchange.tokenRequests).toHaveLength(9));
  });
});

describe('stream data obeys the REST rules', () => {
  it('drops an order of a market the exchange does not list', async () => {
    const logged = capturedLog();
    const { exchange, session, phases, changes } = await started();
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    exchange.push('ordersPending_update', [1, { ...restingOrder, id: 9, market: 'ETH_USDT' }]);
    exchange.push('ordersPending_update', [1, restingOrder]);
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ orderId: 8 }) }),
    ]);
    expect(logged()).toMatch(/an order of a market the exchange does not list/);
  });

  it('shows no crossed book: it asks for a fresh snapshot at once, then after a backoff', async () => {
    const logged = capturedLog();
    const timers = heldTimers();
    const { exchange, session, of } = await started({ schedule: timers.schedule });
    const depthSubscribes = () => exchange.methods().filter((m) => m === 'depth_subscribe').length;
    exchange.depthSnapshot = { update_id: 100, asks: [['100', '1']], bids: [['101', '1']] };
    session.watch('BTC_USDT');
    session.start();
    // The first crossed snapshot is asked again at once; the second waits (random 0: 500 ms).
    await vi.waitFor(() => expect(timers.pending()).toEqual([500]));
    expect(depthSubscribes()).toBe(2);
    expect(of('stream.book')).toEqual([]);
    exchange.depthSnapshot = { update_id: 200, asks: [['101', '1']], bids: [['99', '1']] };
    timers.runAll();
    await vi.waitFor(() => expect(of('stream.book')).toHaveLength(1));
    expect(depthSubscribes()).toBe(3);
    expect(of('stream.book')[0]).toMatchObject({
      book: { asks: [['101', '1']], bids: [['99', '1']] },
    });
    expect(logged()).toMatch(/the BTC_USDT book is crossed or locked/);
  });
});

/** A token as long and as random-looking as a real one. */
const TOKEN = 'Zt4hQ9vR2mXc8LpW1sNb6YfK3dGj7EoA';

/** Main's log lines (log.warn and log.error write to console.error), kept off the console. */
function capturedLog(): () => string {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  cleanups.push(
    () => warn.mockRestore(),
    () => error.mockRestore(),
  );
  return () => [...warn.mock.calls, ...error.mock.calls].flat().join('\n');
}

describe('the stream token never leaves the session', () => {
  it('drops every frame that carries it, however written, and logs unknown names by length', async () => {
    const logged = capturedLog();
    const { exchange, session, phases, data, of, changes } = await started();
    exchange.token = TOKEN;
    session.start();
    await vi.waitFor(() => expect(lastPhase(phases)).toBe('live'));
    exchange.push(`${TOKEN}_update`, []);
    exchange.push('x'.repeat(45), []);
    exchange.push('balanceSpot_update', [{ [TOKEN]: { available: '1', freeze: '0' } }]);
    exchange.push('ordersPending_update', [1, { ...restingOrder, client_order_id: TOKEN }]);
    // The same token with JSON escapes: the frame's text does not hold it, its strings do.
    const escaped = TOKEN.replace(
      /[A-Z]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    exchange.raw(
      `{"id":null,"method":"balanceSpot_update","params":[{"${escaped}":{"available":"1","freeze":"0"}}]}`,
    );
    exchange.push('ordersPending_update', [1, restingOrder]);
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(of('stream.balances')).toEqual([]);
    expect(changes()).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ clientOrderId: 'mine-1' }) }),
    ]);
    expect(JSON.stringify(data)).not.toContain(TOKEN);
    expect(lastPhase(phases)).toBe('live');
    const lines = logged();
    expect(lines).not.toContain(TOKEN);
    expect(lines).not.toContain('x'.repeat(45));
    expect(lines).toMatch(/an unknown method \(45 characters\)/);
    expect(lines).toMatch(/a frame that carried the stream token/);
  });

  it('an authorize refused in words that quote the token is refused, and logged without it', async () => {
    const logged = capturedLog();
    const { exchange, session, phases } = await started();
    exchange.token = TOKEN;
    exchange.refuseAuthorize = true;
    exchange.authorizeRefusal = { code: 1, message: `invalid token ${TOKEN}` };
    session.start();
    await vi.waitFor(() =>
      expect(phases).toContainEqual(expect.objectContaining({ phase: 'waiting', why: 'refused' })),
    );
    expect(logged()).not.toContain(TOKEN);
    expect(logged()).toMatch(/could not open the live stream/);
  });

  it('masks a long token-like run in the exchange’s words even when it is not ours', async () => {
    const logged = capturedLog();
    const { exchange, session, phases } = await started();
    const other = '0123456789abcdef0123456789abcdef';
    exchange.refuseAuthorize = true;
    exchange.authorizeRefusal = { code: 1, message: `invalid token ${other}` };
    session.start();
    await vi.waitFor(() =>
      expect(phases).toContainEqual(expect.objectContaining({ phase: 'waiting', why: 'refused' })),
    );
    expect(logged()).toMatch(/authorize: invalid token \[masked\]/);
    expect(logged()).not.toContain(other);
  });
});

describe('streamUrl', () => {
  it('derives the stream URL from the REST base URL', () => {
    expect(streamUrl('https://whitebit.com')).toBe('wss://whitebit.com/ws');
    expect(streamUrl('http://127.0.0.1:4100')).toBe('ws://127.0.0.1:4100/ws');
    expect(streamUrl('https://example.com/api/')).toBe('wss://example.com/ws');
  });
});
