import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VirtualClock } from '../../../../test/support/virtualClock';
import { start, WsClient, type Client, type WsMessage } from './helpers';
import type { DemoExchange, DemoExchangeOptions } from '../../src/server';
import {
  BOOL,
  NULL,
  NUM,
  STR,
  list,
  map,
  problems,
  rec,
  tuple,
  typed,
  type Shape,
} from '../shapes';

/**
 * The demo exchange's WebSocket API (/ws) against its documentation
 * (the exchange's WebSocket pages, whitebit-exchange/api-docs public/websocket.mdx and private/websocket.mdx), over a real socket. The
 * shape table below is written from those files, field by field and type by type: the answer and
 * update envelopes, each method's result, each channel's update params.
 */

// ---- the shape table -----------------------------------------------------------------------------

const ROW = tuple(STR, STR);
const CANDLE = tuple(NUM, STR, STR, STR, STR, STR, STR, STR);
const MARKET_STATS = typed('period:n last:s open:s close:s high:s low:s volume:s deal:s');
const TODAY_STATS = typed('last:s open:s high:s low:s volume:s deal:s');
const TRADE = typed('id:n time:n price:s amount:s type:s');
const TRADE_UPDATE = typed('id:n time:n price:s amount:s type:s rpi:b');
const DEPTH = typed('timestamp:n', { asks: list(ROW), bids: list(ROW) });
const DEPTH_FULL = typed('timestamp:n update_id:n event_time:n asks bids', {
  asks: list(ROW),
  bids: list(ROW),
});
const DEPTH_DIFF = typed('timestamp:n update_id:n past_update_id:n event_time:n asks bids', {
  asks: list(ROW),
  bids: list(ROW),
});
const STATUS = typed('status:s');
const BALANCE = map(typed('available:s freeze:s'));
const PENDING = typed(
  'id:n market:s type:n side:n post_only:b ioc:b ctime:n mtime:n price:s amount:s left:s ' +
    'deal_stock:s deal_money:s deal_fee:s client_order_id:s stp:s status:s position_side:s rpi:b',
);
const EXECUTED = typed(
  'id:n ctime:n ftime:n market:s source:s type:n side:n post_only:b ioc:b price:s amount:s ' +
    'deal_stock:s deal_money:s deal_fee:s client_order_id:s status:s fee_asset:s rpi:b',
);
const DEAL = typed(
  'time:n id:n side:n role:n price:s amount:s deal:s fee:s order_id:n deal_order_id:n market:s ' +
    'client_order_id:s fee_asset:s',
);
const DEAL_UPDATE = tuple(NUM, NUM, STR, NUM, STR, STR, STR, STR, NUM, NUM, STR);

/** Query results, by method. */
const RESULTS: Record<string, Shape> = {
  ping: STR,
  time: NUM,
  candles_request: list(CANDLE),
  lastprice_request: STR,
  market_request: MARKET_STATS,
  marketToday_query: TODAY_STATS,
  trades_request: list(TRADE),
  depth_request: DEPTH,
  balanceSpot_request: BALANCE,
  ordersPending_request: typed('limit:n offset:n total:n', { records: list(PENDING) }),
  ordersExecuted_request: typed('limit:n offset:n', { records: list(EXECUTED) }),
  deals_request: typed('limit:n offset:n', { records: list(DEAL) }),
};

/** Update params, by channel. */
const UPDATES: Record<string, Shape> = {
  lastprice: tuple(STR, STR),
  market: tuple(STR, MARKET_STATS),
  marketToday: tuple(STR, TODAY_STATS),
  candles: list(CANDLE),
  trades: tuple(STR, list(TRADE_UPDATE)),
  depthFull: tuple(BOOL, DEPTH_FULL, STR),
  depthDiff: tuple(BOOL, DEPTH_DIFF, STR),
  balanceSpot: tuple(BALANCE),
  ordersPending: tuple(NUM, PENDING),
  ordersExecuted: tuple(PENDING),
  deals: DEAL_UPDATE,
};

const answerShape = (result: Shape) => rec('id result error', { id: NUM, result, error: NULL });
const errorShape = rec('id result error', {
  id: NUM,
  result: NULL,
  error: typed('code:n message:s'),
});
const updateShape = (params: Shape) => rec('id method params', { id: NULL, method: STR, params });

function expectResult(answer: WsMessage, method: string): void {
  expect(problems(answer, answerShape(RESULTS[method] ?? STATUS), method)).toEqual([]);
}

function expectUpdate(update: WsMessage, channel: string): void {
  expect(problems(update, updateShape(UPDATES[channel]!), channel)).toEqual([]);
}

function expectError(answer: WsMessage, code: number, message?: string): void {
  expect(problems(answer, errorShape, 'error')).toEqual([]);
  expect(answer.error?.code).toBe(code);
  if (message) expect(answer.error?.message).toBe(message);
}

const MESSAGES = {
  1: 'invalid argument',
  4: 'method not found',
};

// ---- helpers -----------------------------------------------------------------------------------------

type Row = [string, string];

/** The documentation's client: a snapshot replaces the book, an update sets levels ("0" removes). */
class Book {
  asks: Row[] = [];
  bids: Row[] = [];
  updateId = 0;

  constructor(readonly limit: number) {}

  apply(params: unknown): void {
    const [full, body] = params as [
      boolean,
      { update_id: number; past_update_id?: number; asks: Row[]; bids: Row[] },
    ];
    if (full) {
      expect(body.past_update_id).toBeUndefined();
      this.asks = body.asks.map((r) => [...r]);
      this.bids = body.bids.map((r) => [...r]);
    } else {
      expect(body.past_update_id).toBe(this.updateId);
      expect(body.update_id).toBeGreaterThan(this.updateId);
      this.asks = Book.side(this.asks, body.asks, 1, this.limit);
      this.bids = Book.side(this.bids, body.bids, -1, this.limit);
    }
    this.updateId = body.update_id;
  }

  private static side(rows: Row[], changes: Row[], order: 1 | -1, limit: number): Row[] {
    const out = new Map(rows);
    for (const [price, amount] of changes) {
      if (amount === '0') out.delete(price);
      else out.set(price, amount);
    }
    return [...out.entries()].sort(([a], [b]) => order * (Number(a) - Number(b))).slice(0, limit);
  }
}

async function restBook(client: Client, market: string, limit: number) {
  const r = await client.get<{ asks: Row[]; bids: Row[] }>(
    `/api/v4/public/orderbook/${market}?limit=${limit}`,
  );
  expect(r.status).toBe(200);
  return { asks: r.json.asks, bids: r.json.bids };
}

const sockets: WsClient[] = [];
async function open(ex: DemoExchange): Promise<WsClient> {
  const ws = await WsClient.open(ex);
  sockets.push(ws);
  return ws;
}
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** Runs `run` against an exchange of its own, started with `options`, stopped after. */
async function withExchange(
  options: DemoExchangeOptions,
  run: (ex: DemoExchange, client: Client) => Promise<void>,
): Promise<void> {
  const { ex, client } = await start(options);
  try {
    await run(ex, client);
  } finally {
    for (const s of sockets.splice(0)) s.close();
    await ex.stop();
  }
}

async function authorized(ex: DemoExchange, client: Client): Promise<WsClient> {
  const ws = await open(ex);
  const token = await client.post<{ websocket_token: string }>('/api/v4/profile/websocket_token');
  expect((await ws.request('authorize', [token.json.websocket_token, 'public'])).result).toEqual({
    status: 'success',
  });
  return ws;
}

// ---- tests -----------------------------------------------------------------------------------------

describe('the /ws protocol', () => {
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ wsTickMs: 10 })));
  afterAll(() => ex.stop());

  it('answers ping and time as documented', async () => {
    const ws = await open(ex);
    const ping = await ws.request('ping');
    expectResult(ping, 'ping');
    expect(ping.result).toBe('pong');
    const time = await ws.request('time');
    expectResult(time, 'time');
    expect(Math.abs((time.result as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('answers every public query in the documented shape', async () => {
    const ws = await open(ex);
    const now = Math.floor(Date.now() / 1000);
    const queries: [string, unknown[]][] = [
      ['candles_request', ['BTC_USDT', now - 7200, now, 900]],
      ['lastprice_request', ['BTC_USDT']],
      ['market_request', ['ETH_BTC', 86400]],
      ['marketToday_query', ['ETH_BTC']],
      ['trades_request', ['BTC_USDT', 10, 0]],
      ['depth_request', ['BTC_USDT', 5, '0']],
      ['depth_request', ['BTC_USDT', 100, '0.1']],
    ];
    for (const [method, params] of queries) {
      const answer = await ws.request(method, params);
      expectResult(answer, method);
    }
    const candles = (await ws.request('candles_request', ['BTC_USDT', now - 7200, now, 900]))
      .result as unknown[][];
    expect(candles.length).toBeGreaterThanOrEqual(8);
    expect(candles.every((c) => c[7] === 'BTC_USDT' && (c[0] as number) % 900 === 0)).toBe(true);
    const trades = (await ws.request('trades_request', ['BTC_USDT', 10, 0])).result as unknown[];
    expect(trades).toHaveLength(10);
    const depth = (await ws.request('depth_request', ['BTC_USDT', 5, '0'])).result as {
      asks: Row[];
      bids: Row[];
    };
    expect({ asks: depth.asks, bids: depth.bids }).toEqual(await restBook(client, 'BTC_USDT', 5));
    const price = (await ws.request('lastprice_request', ['BTC_USDT'])).result as string;
    expect(Number(price)).toBeGreaterThan(Number(depth.bids[0]![0]));
    expect(Number(price)).toBeLessThan(Number(depth.asks[0]![0]));
    const grouped = (await ws.request('depth_request', ['BTC_USDT', 100, '10'])).error;
    expect(grouped?.code).toBe(1);
  });

  it('trades carry fractional Unix seconds (1580905394.70332 in the docs); REST the whole second', async () => {
    const ws = await open(ex);
    const trades = (await ws.request('trades_request', ['BTC_USDT', 50, 0])).result as {
      id: number;
      time: number;
    }[];
    expect(trades.some((t) => !Number.isInteger(t.time))).toBe(true);
    const rest = await client.get<{ tradeID: number; trade_timestamp: number }[]>(
      '/api/v4/public/trades/BTC_USDT',
    );
    const restTime = new Map(rest.json.map((t) => [t.tradeID, t.trade_timestamp]));
    const shared = trades.filter((t) => restTime.has(t.id));
    expect(shared.length).toBeGreaterThan(0);
    for (const t of shared) expect([t.id, Math.floor(t.time)]).toEqual([t.id, restTime.get(t.id)]);
    expect(rest.json.every((t) => Number.isInteger(t.trade_timestamp))).toBe(true);
  });

  it('answers the documented errors and never crashes', async () => {
    const ws = await open(ex);
    expectError(await ws.request('nope'), 4, MESSAGES[4]);
    expectError(await ws.request('lastprice_request', ['NOPE_USDT']), 1, MESSAGES[1]);
    expectError(await ws.request('lastprice_request', [42]), 1);
    expectError(await ws.request('depth_request', ['BTC_USDT', 101, '0']), 1);
    expectError(await ws.request('depth_subscribe', ['BTC_USDT', 7, '0', true]), 1);
    expectError(await ws.request('candles_request', ['BTC_USDT', 0, 100, 7]), 1);
    expectError(await ws.request('candles_subscribe', ['BTC_USDT', 5400]), 1);
    expectError(await ws.request('market_request', ['BTC_USDT', 'day']), 1);
    expectError(await ws.request('trades_request', ['BTC_USDT', 1000, 0]), 1);
    expectError(await ws.request('__proto__'), 4);
    ws.sendRaw(JSON.stringify({ id: 9, method: 'ping', params: 'x' }));
    expectError(await ws.next((m) => m.id === 9), 1);
    ws.sendRaw(JSON.stringify([1, 2]));
    const notRequest = await ws.next((m) => m.id === null && m.error !== undefined);
    expect(notRequest.error?.code).toBe(1);
    expect((await ws.request('ping')).result).toBe('pong');
    ws.sendRaw('{not json');
    expect(await ws.closed).toBe(1007);
    const other = await open(ex);
    expect((await other.request('ping')).result).toBe('pong');
  });

  it('refuses an upgrade on any other path', async () => {
    await expect(WsClient.open(ex, '/socket')).rejects.toThrow('upgrade refused: 404');
    await expect(WsClient.open(ex, '/api/v4/public/ping')).rejects.toThrow('404');
  });

  it('bounds message size and markets per subscribe', async () => {
    const ws = await open(ex);
    const many = Array.from({ length: 21 }, () => 'BTC_USDT');
    expectError(await ws.request('lastprice_subscribe', many), 1);
    ws.sendRaw(JSON.stringify({ id: 1, method: 'ping', params: ['x'.repeat(20_000)] }));
    expect(await ws.closed).toBe(1009);
  });

  it('private methods before authorize, and authorize with a bad token, are refused', async () => {
    const ws = await open(ex);
    for (const method of [
      'balanceSpot_request',
      'balanceSpot_subscribe',
      'ordersPending_subscribe',
      'deals_subscribe',
    ]) {
      expectError(await ws.request(method, []), 6, 'require authentication');
    }
    expectError(await ws.request('authorize', ['not-a-token', 'public']), 6);
    expectError(await ws.request('authorize', [42, 'public']), 1);
    expectError(await ws.request('balanceSpot_request', ['BTC']), 6);
  });

  it('issues a token on the signed REST endpoint, as documented', async () => {
    const unsigned = await client.raw('/api/v4/profile/websocket_token', '{}', {
      'content-type': 'application/json',
    });
    expect(unsigned.status).toBe(401);
    const a = await client.post<{ websocket_token: string }>('/api/v4/profile/websocket_token');
    const b = await client.post<{ websocket_token: string }>('/api/v4/profile/websocket_token');
    expect(a.status).toBe(200);
    expect(problems(a.json, typed('websocket_token:s'), 'token')).toEqual([]);
    expect(a.json.websocket_token).toMatch(/^[0-9a-f]{32,}$/);
    expect(a.json.websocket_token).not.toBe(b.json.websocket_token);
  });
});

describe('public channels', () => {
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ wsTickMs: 5, wsSnapshotMs: 60_000 })));
  afterAll(() => ex.stop());

  it('lastprice, market, marketToday and candles send the current value, then changes', () =>
    // The exchange's clock stands still: its tape adds no trade, and the minute does not end,
    // between the candle pushed and the same candle asked for.
    withExchange({ wsTickMs: 5, now: new VirtualClock(Date.now()).now }, async (ex, client) => {
      const ws = await open(ex);
      for (const [method, params] of [
        ['lastprice_subscribe', ['BTC_USDT', 'ETH_BTC']],
        ['market_subscribe', ['BTC_USDT', 'ETH_BTC']],
        ['marketToday_subscribe', ['BTC_USDT', 'ETH_BTC']],
        ['candles_subscribe', ['BTC_USDT', 60]],
      ] as const) {
        expectResult(await ws.request(method, [...params]), method);
      }
      for (const channel of ['lastprice', 'market', 'marketToday']) {
        const first = await ws.update(channel);
        const second = await ws.update(channel);
        expectUpdate(first, channel);
        const markets = [first, second].map((u) => (u.params as unknown[])[0]).sort();
        expect(markets).toEqual(['BTC_USDT', 'ETH_BTC']);
      }
      const candle = await ws.update('candles');
      expectUpdate(candle, 'candles');
      const [current] = candle.params as [number, ...unknown[]][];
      const asked = await ws.request('candles_request', ['BTC_USDT', current![0], current![0], 60]);
      expect(asked.result).toEqual([current]);

      await client.control('POST', '/set-price', { market: 'BTC_USDT', price: '70000' });
      const price = await ws.next(
        (m) => m.method === 'lastprice_update' && (m.params as string[])[1] === '70000',
      );
      expect(price.params).toEqual(['BTC_USDT', '70000']);
      // The statistics and the candle are the trades': the current step's are at the book's first
      // level around the new price (a step without trades is walked past); the close is the last
      // trade's (the seed's own deal, stamped at this clock's standing second, comes last).
      const near = (p: string) => Math.abs(Number(p) / 70_000 - 1) < 0.002;
      const recent = async () =>
        (await client.get<{ price: string }[]>('/api/v4/public/trades/BTC_USDT')).json;
      let trades = await recent();
      for (let i = 0; i < 10 && !trades.some((t) => near(t.price)); i++) {
        await client.control('POST', '/advance-price', { steps: 1 });
        trades = await recent();
      }
      expect(trades.some((t) => near(t.price))).toBe(true);
      const stats = await ws.next(
        (m) =>
          m.method === 'market_update' && near((m.params as [string, { high: string }])[1].high),
      );
      expectUpdate(stats, 'market');
      const moved = await ws.next(
        (m) => m.method === 'candles_update' && near((m.params as string[][])[0]![3]!),
      );
      expect((moved.params as string[][])[0]![2]).toBe(trades[0]!.price);
      expectUpdate(moved, 'candles');
      await client.control('POST', '/set-price', { market: 'BTC_USDT', price: null });
    }));

  it('a new subscribe replaces the last one; unsubscribe stops the updates', async () => {
    const ws = await open(ex);
    await ws.request('lastprice_subscribe', ['BTC_USDT']);
    await ws.update('lastprice');
    await ws.request('lastprice_subscribe', ['ETH_BTC']);
    expect((await ws.update('lastprice')).params).toEqual([
      'ETH_BTC',
      expect.any(String) as unknown,
    ]);
    await client.control('POST', '/set-price', { market: 'BTC_USDT', price: '71000' });
    await client.control('POST', '/set-price', { market: 'ETH_BTC', price: '0.05' });
    expect((await ws.update('lastprice')).params).toEqual(['ETH_BTC', '0.05']);
    expect(ws.take('lastprice')).toEqual([]);
    expectResult(await ws.request('lastprice_unsubscribe'), 'lastprice_unsubscribe');
    await client.control('POST', '/set-price', { market: 'ETH_BTC', price: '0.06' });
    await ws.request('ping');
    await new Promise((r) => setTimeout(r, 50));
    expect(ws.take('lastprice')).toEqual([]);
    await client.control('POST', '/set-price', { market: 'BTC_USDT', price: null });
    await client.control('POST', '/set-price', { market: 'ETH_BTC', price: null });
  });

  it('trades: new tape trades and the account own deals, per market or all', async () => {
    const ws = await open(ex);
    expectResult(await ws.request('trades_subscribe', ['BTC_USDT']), 'trades_subscribe');
    await client.control('POST', '/advance-price', { steps: 5 });
    const update = await ws.update('trades');
    expectUpdate(update, 'trades');
    expect((update.params as unknown[])[0]).toBe('BTC_USDT');
    const order = await client.post<{ orderId: number }>('/api/v4/order/stock_market', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
    });
    expect(order.status).toBe(200);
    const own = await ws.next(
      (m) =>
        m.method === 'trades_update' &&
        (m.params as [string, { amount: string; type: string }[]])[1].some(
          (t) => t.amount === '0.001' && t.type === 'buy',
        ),
    );
    expectUpdate(own, 'trades');
    const all = await open(ex);
    await all.request('trades_subscribe', []);
    await client.control('POST', '/advance-price', { steps: 20 });
    const markets = new Set<string>();
    while (markets.size < 3) markets.add(((await all.update('trades')).params as string[])[0]!);
  });

  // About 2,400 round trips (each step: a control call, the updates, the REST books): 5 s on an
  // idle machine; the bound only says when a stuck run gives up.
  it(
    'depth: a snapshot, then updates that rebuild the REST order book, over 1,000 updates',
    { timeout: 90_000 },
    async () => {
      const options = { wsTickMs: 2, wsSnapshotMs: 60_000, rateLimits: { disabled: true } };
      await withExchange(options, async (fastEx, fastClient) => {
        const fast = { ex: fastEx, client: fastClient };
        const ws = await open(fast.ex);
        const subs = [
          { market: 'BTC_USDT', limit: 10 },
          { market: 'ETH_BTC', limit: 100 },
          { market: 'SOL_USDT', limit: 1 },
        ];
        const books = new Map(subs.map((s) => [s.market, new Book(s.limit)]));
        for (const s of subs) {
          expectResult(
            await ws.request('depth_subscribe', [s.market, s.limit, '0', true]),
            'depth_subscribe',
          );
        }
        /** One update of each changed market, then every rebuilt book equals the REST one. */
        const receive = async (changed: string[]) => {
          for (const s of subs.filter((x) => changed.includes(x.market))) {
            const u = await ws.next(
              (m) => m.method === 'depth_update' && (m.params as unknown[])[2] === s.market,
            );
            expectUpdate(u, books.get(s.market)!.updateId === 0 ? 'depthFull' : 'depthDiff');
            books.get(s.market)!.apply(u.params);
          }
          for (const s of subs) {
            const book = books.get(s.market)!;
            expect({ asks: book.asks, bids: book.bids }).toEqual(
              await restBook(fast.client, s.market, s.limit),
            );
          }
        };
        const all = subs.map((s) => s.market);
        await receive(all);
        let updates = 0;
        for (let i = 0; updates < 1000; i++) {
          // Mostly walk steps (every market's book changes), now and then a jump of one market's
          // price (its levels move away: removals and new levels).
          if (i % 10 === 9) {
            const price = i % 20 === 19 ? null : String(60000 + ((i * 37) % 9000));
            await fast.client.control('POST', '/set-price', { market: 'BTC_USDT', price });
            await receive(['BTC_USDT']);
            updates += 1;
          } else {
            await fast.client.control('POST', '/advance-price', { steps: 1 + (i % 3) });
            await receive(all);
            updates += subs.length;
          }
        }
        expect(ws.take('depth')).toEqual([]);
        expect(updates).toBeGreaterThanOrEqual(1000);
      });
    },
  );

  it('depth: a new snapshot after the quiet period; multiple flag false replaces all; unsubscribe', async () => {
    await withExchange({ wsTickMs: 5, wsSnapshotMs: 100 }, async (quietEx, quietClient) => {
      const quiet = { ex: quietEx, client: quietClient };
      const ws = await open(quiet.ex);
      await ws.request('depth_subscribe', ['BTC_USDT', 5, '0', true]);
      await ws.request('depth_subscribe', ['ETH_BTC', 5, '0', true]);
      const first = await ws.update('depth');
      expect((first.params as unknown[])[0]).toBe(true);
      const book = new Book(5);
      book.apply(first.params);
      const again = await ws.next(
        (m) => m.method === 'depth_update' && (m.params as unknown[])[2] === 'BTC_USDT',
      );
      expectUpdate(again, 'depthFull');
      expect((again.params as unknown[])[0]).toBe(true);
      expect((again.params as [boolean, { asks: Row[] }])[1].asks).toEqual(book.asks);
      await ws.request('depth_subscribe', ['SOL_USDT', 1, '0', false]);
      await ws.next(
        (m) => m.method === 'depth_update' && (m.params as unknown[])[2] === 'SOL_USDT',
      );
      ws.take('depth');
      await quiet.client.control('POST', '/advance-price', { steps: 1 });
      const only = await ws.update('depth');
      expect((only.params as unknown[])[2]).toBe('SOL_USDT');
      await new Promise((r) => setTimeout(r, 30));
      expect(ws.take('depth').every((m) => (m.params as unknown[])[2] === 'SOL_USDT')).toBe(true);
      await ws.request('depth_unsubscribe');
      ws.take('depth');
      await quiet.client.control('POST', '/advance-price', { steps: 1 });
      await new Promise((r) => setTimeout(r, 150));
      expect(ws.take('depth')).toEqual([]);
    });
  });
});

describe('private channels', () => {
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ wsTickMs: 5 })));
  afterAll(() => ex.stop());

  const restBalance = async (ticker: string) =>
    (await client.post<Record<string, unknown>>('/api/v4/trade-account/balance', { ticker })).json[
      ticker
    ];

  it('answers the private queries in the documented shape, with the REST values', async () => {
    const ws = await authorized(ex, client);
    const balance = await ws.request('balanceSpot_request', ['USDT', 'BTC']);
    expectResult(balance, 'balanceSpot_request');
    expect((balance.result as Record<string, unknown>).USDT).toEqual(await restBalance('USDT'));
    const pending = await ws.request('ordersPending_request', ['BTC_USDT', 0, 30]);
    expectResult(pending, 'ordersPending_request');
    const rest = await client.post<unknown[]>('/api/v4/orders', { market: 'BTC_USDT' });
    expect((pending.result as { total: number }).total).toBe(rest.json.length);
    const executed = await ws.request('ordersExecuted_request', [
      { market: 'BTC_USDT', order_types: [1, 2] },
      0,
      30,
    ]);
    expectResult(executed, 'ordersExecuted_request');
    expect((executed.result as { records: unknown[] }).records.length).toBeGreaterThan(0);
    const deals = await ws.request('deals_request', ['BTC_USDT', 0, 30]);
    expectResult(deals, 'deals_request');
    expect((deals.result as { records: unknown[] }).records.length).toBeGreaterThan(0);
    expectError(await ws.request('ordersPending_request', ['BTC_USDT', 0, 101]), 1);
    expectError(await ws.request('deals_request', ['NOPE', 0, 10]), 1);
    expectError(await ws.request('balanceSpot_request', ['NOPE']), 1);
  });

  it('placing, canceling and filling orders over REST sends the documented updates', async () => {
    const ws = await authorized(ex, client);
    await ws.request('ordersPending_subscribe', ['BTC_USDT']);
    await ws.request('ordersExecuted_subscribe', [['BTC_USDT'], 0]);
    await ws.request('deals_subscribe', [['BTC_USDT']]);
    await ws.request('balanceSpot_subscribe', ['USDT', 'BTC']);
    const initial = await ws.update('balanceSpot');
    expectUpdate(initial, 'balanceSpot');
    expect((initial.params as Record<string, unknown>[])[0]).toEqual({
      USDT: await restBalance('USDT'),
      BTC: await restBalance('BTC'),
    });

    // A limit buy far below the price rests: event 1, the USDT balance freezes.
    const placed = await client.post<{ orderId: number }>('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
      clientOrderId: 'ws-test-1',
    });
    expect(placed.status).toBe(200);
    const opened = await ws.update('ordersPending');
    expectUpdate(opened, 'ordersPending');
    expect(opened.params).toMatchObject([
      1,
      {
        id: placed.json.orderId,
        market: 'BTC_USDT',
        type: 1,
        side: 2,
        price: '30000',
        amount: '0.001',
        left: '0.001',
        deal_stock: '0',
        client_order_id: 'ws-test-1',
        status: 'OPEN',
        stp: 'no',
      },
    ]);
    const frozen = await ws.update('balanceSpot');
    expectUpdate(frozen, 'balanceSpot');
    expect((frozen.params as Record<string, unknown>[])[0]).toEqual({
      USDT: await restBalance('USDT'),
    });

    // Canceled: event 3, the freeze released.
    await client.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: placed.json.orderId });
    const canceled = await ws.update('ordersPending');
    expect(canceled.params).toMatchObject([3, { id: placed.json.orderId, status: 'CANCELED' }]);
    expect((await ws.update('balanceSpot')).params).toEqual([{ USDT: await restBalance('USDT') }]);
    expect(ws.take('ordersExecuted')).toEqual([]);

    // A market buy fills at once: only event 3, an executed order, its deals, both balances.
    const market = await client.post<{ orderId: number; dealStock: string; dealFee: string }>(
      '/api/v4/order/stock_market',
      { market: 'BTC_USDT', side: 'buy', amount: '0.002' },
    );
    const finished = await ws.update('ordersPending');
    expect(finished.params).toMatchObject([
      3,
      { id: market.json.orderId, type: 202, status: 'FILLED', deal_stock: '0.002', left: '0' },
    ]);
    const executed = await ws.update('ordersExecuted');
    expectUpdate(executed, 'ordersExecuted');
    expect((executed.params as { id: number; deal_fee: string }[])[0]).toMatchObject({
      id: market.json.orderId,
      // 0.1 % of the 0.002 BTC bought: a buy pays its fee in the stock.
      deal_fee: '0.000002',
    });
    expect(market.json.dealFee).toBe('0.000002');
    const executedNow = await ws.request('ordersExecuted_request', [
      { market: 'BTC_USDT' },
      0,
      100,
    ]);
    const records = (executedNow.result as { records: { id: number }[] }).records;
    expect(records.find((o) => o.id === market.json.orderId)).toMatchObject({
      deal_fee: '0.000002',
      fee_asset: 'BTC',
    });
    const restDeals = await client.post<{ records: { id: number; amount: string }[] }>(
      '/api/v4/trade-account/order',
      { orderId: market.json.orderId },
    );
    const dealUpdates: WsMessage[] = [];
    for (const _ of restDeals.json.records) dealUpdates.push(await ws.update('deals'));
    for (const d of dealUpdates) expectUpdate(d, 'deals');
    expect(dealUpdates.map((d) => (d.params as unknown[])[0]).sort()).toEqual(
      restDeals.json.records.map((r) => r.id).sort(),
    );
    expect(dealUpdates.every((d) => (d.params as unknown[])[3] === market.json.orderId)).toBe(true);
    expect(dealUpdates.every((d) => (d.params as unknown[])[9] === 2)).toBe(true);
    expect(dealUpdates.every((d) => (d.params as unknown[])[10] === 'BTC')).toBe(true);
    const dealsNow = await ws.request('deals_request', [
      'BTC_USDT',
      0,
      restDeals.json.records.length,
    ]);
    expect(
      (dealsNow.result as { records: { order_id: number; fee_asset: string }[] }).records.every(
        (d) => d.order_id === market.json.orderId && d.fee_asset === 'BTC',
      ),
    ).toBe(true);
    const moved = (await ws.update('balanceSpot')).params as Record<string, unknown>[];
    expect(moved[0]).toEqual({ USDT: await restBalance('USDT'), BTC: await restBalance('BTC') });
    expect(ws.take('ordersPending')).toEqual([]);

    // A resting sell filled when the price crosses it: event 1, then 3 FILLED and a maker deal.
    const sell = await client.post<{ orderId: number }>('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      price: '90000',
    });
    expect((await ws.update('ordersPending')).params).toMatchObject([1, { side: 1 }]);
    await client.control('POST', '/set-price', { market: 'BTC_USDT', price: '91000' });
    const filled = await ws.next(
      (m) =>
        m.method === 'ordersPending_update' &&
        (m.params as [number, { id: number }])[1].id === sell.json.orderId,
    );
    expect(filled.params).toMatchObject([
      3,
      { id: sell.json.orderId, status: 'FILLED', deal_stock: '0.001', deal_money: '90' },
    ]);
    const maker = await ws.next(
      (m) => m.method === 'deals_update' && (m.params as unknown[])[3] === sell.json.orderId,
    );
    expect(maker.params).toMatchObject([
      expect.any(Number),
      expect.any(Number),
      'BTC_USDT',
      sell.json.orderId,
      '90000',
      '0.001',
      '0.09',
      '',
      1,
      1,
      'USDT',
    ]);
    await client.control('POST', '/set-price', { market: 'BTC_USDT', price: null });
  });

  it('filters: other markets and executed types stay out; unsubscribe stops', async () => {
    const ws = await authorized(ex, client);
    await ws.request('ordersPending_subscribe', ['ETH_USDT']);
    await ws.request('ordersExecuted_subscribe', [['BTC_USDT'], 1]);
    await client.post('/api/v4/order/stock_market', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
    });
    await ws.request('ping');
    expect(ws.take('ordersPending')).toEqual([]);
    expect(ws.take('ordersExecuted')).toEqual([]);
    await ws.request('ordersPending_unsubscribe');
    await client.post('/api/v4/order/new', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: '1000',
    });
    await ws.request('ping');
    expect(ws.take('ordersPending')).toEqual([]);
  });

  it('an expired token is refused', async () => {
    await withExchange({ wsTokenTtlMs: 1 }, async (shortEx, shortClient) => {
      const token = await shortClient.post<{ websocket_token: string }>(
        '/api/v4/profile/websocket_token',
      );
      await new Promise((r) => setTimeout(r, 10));
      const ws = await open(shortEx);
      expectError(await ws.request('authorize', [token.json.websocket_token, 'public']), 6);
    });
  });
});

describe('limits, lifecycle and faults', () => {
  it('closes an idle connection; ping keeps it alive', () =>
    withExchange({ wsIdleMs: 150 }, async (ex) => {
      // The idle timers run on the test's clock: 400 ms pass with a ping every 50 ms, however long
      // each ping takes on this machine.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const idle = await open(ex);
        const alive = await open(ex);
        for (let i = 0; i < 8; i++) {
          vi.advanceTimersByTime(50);
          expect((await alive.request('ping')).result).toBe('pong');
        }
        expect(await idle.closed).toBe(1000);
        expect(alive.socket.readyState).toBe(alive.socket.OPEN);
      } finally {
        vi.useRealTimers();
      }
    }));

  it('answers at most the configured requests a minute per connection', () =>
    withExchange({ wsRequestsPerMinute: 5 }, async (ex) => {
      const ws = await open(ex);
      for (let i = 0; i < 5; i++) expect((await ws.request('ping')).result).toBe('pong');
      expectError(await ws.request('ping'), 3, 'service unavailable');
      const other = await open(ex);
      expect((await other.request('ping')).result).toBe('pong');
    }));

  it('the drop control endpoint terminates every connection at once', async () => {
    await withExchange({}, async (ex, client) => {
      const a = await open(ex);
      const b = await open(ex);
      await a.request('lastprice_subscribe', ['BTC_USDT']);
      const dropped = await client.control<{ dropped: number }>('POST', '/ws-drop');
      expect(dropped.json).toEqual({ dropped: 2 });
      expect(await a.closed).toBe(1006);
      expect(await b.closed).toBe(1006);
      expect((await (await open(ex)).request('ping')).result).toBe('pong');
    });
    await withExchange({ control: false }, async (_ex, client) => {
      expect((await client.control('POST', '/ws-drop')).status).toBe(404);
    });
  });

  it('the refuseWs fault refuses new upgrades while set; open connections stay', () =>
    withExchange({}, async (ex, client) => {
      const before = await open(ex);
      await client.control('POST', '/faults', { refuseWs: true });
      await expect(WsClient.open(ex)).rejects.toThrow('upgrade refused: 503');
      await expect(WsClient.open(ex)).rejects.toThrow('upgrade refused: 503');
      expect((await before.request('ping')).result).toBe('pong');
      expect((await client.get('/api/v4/public/ping')).status).toBe(200);
      await client.control('POST', '/faults', { refuseWs: false });
      expect((await (await open(ex)).request('ping')).result).toBe('pong');
    }));

  it('stop closes every socket', async () => {
    const { ex } = await start({ wsTickMs: 5 });
    const ws = await WsClient.open(ex);
    await ws.request('depth_subscribe', ['BTC_USDT', 5, '0', true]);
    await ex.stop();
    expect(await ws.closed).toBe(1006);
  });
});
