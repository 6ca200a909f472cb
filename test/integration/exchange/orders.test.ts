import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { ExchangeApi, ORDER_PATHS, type PlaceOrderInput } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { placeOrder } from '../../../src/main/exchange/orders';
import {
  Transport,
  type HttpRequest,
  type HttpResponse,
} from '../../../src/main/exchange/transport';
import { MARKET_BY_NAME, stepOf } from '@exchange-desk/demo-exchange';
import type { DemoExchange } from '@exchange-desk/demo-exchange';
import { setup, teardown, unlimitedPacer, type Setup } from './helpers';

const ORDER_PATH_SET = new Set(Object.values(ORDER_PATHS));

/** Every order the demo exchange holds (active and finished) with this client order id. */
function ordersWith(ex: DemoExchange, clientOrderId: string) {
  const { active, history } = ex.engine.state;
  return [...active, ...history].filter((o) => o.clientOrderId === clientOrderId);
}

/** Order-placing requests in the demo's log for this client order id (either casing). */
function attempts(ex: DemoExchange, clientOrderId: string) {
  return ex.requestLog().filter((e) => {
    const body = e.body as Record<string, unknown> | null;
    return (
      ORDER_PATH_SET.has(e.path) &&
      (body?.clientOrderId === clientOrderId || body?.client_order_id === clientOrderId)
    );
  });
}

/** A Transport that runs a hook after every order-placing request (to change faults mid-flow). */
class HookTransport extends Transport {
  afterOrder: (() => void) | undefined;

  override async request(req: HttpRequest): Promise<HttpResponse> {
    try {
      return await super.request(req);
    } finally {
      if (ORDER_PATH_SET.has(req.url.pathname)) this.afterOrder?.();
    }
  }
}

/** mulberry32: a small seeded generator, so a failing trial can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Markets where the seeded trade account holds both assets. */
const TRADABLE = [
  'BTC_USDT',
  'ETH_USDT',
  'ETH_BTC',
  'SOL_USDT',
  'XRP_USDT',
  'DOGE_USDT',
  'LTC_USDT',
  'BNB_USDT',
];

function randomOrder(ex: DemoExchange, random: () => number, id: string): PlaceOrderInput {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const m = MARKET_BY_NAME.get(pick(TRADABLE))!;
  const side = pick(['buy', 'sell'] as const);
  const kind = pick(['stock_market', 'market', 'limit'] as const);
  const k = 1 + Math.floor(random() * 3);
  const mid = Number(ex.engine.price(m).toString());
  const step = Number(stepOf(m).toString());
  const stockAmount = (min: number) =>
    (Math.ceil(Math.max(Number(m.minAmount) * k, min) / step) * step).toFixed(m.stockPrec);
  if (kind === 'limit') {
    // Crossing: 1 % through the mid price, so it executes at once.
    const price = (side === 'buy' ? mid * 1.01 : mid * 0.99).toFixed(m.moneyPrec);
    const amount = stockAmount((Number(m.minTotal) * 1.5) / Number(price));
    return { kind, market: m.name, side, amount, price, clientOrderId: id };
  }
  if (kind === 'market' && side === 'buy') {
    // order/market buys spend money.
    const amount = (Number(m.minTotal) * (1 + k)).toFixed(m.moneyPrec);
    return { kind, market: m.name, side, amount, clientOrderId: id };
  }
  return { kind, market: m.name, side, amount: stockAmount(0), clientOrderId: id };
}

describe.each(CASINGS)('order placement, %s casing', (casing) => {
  let s: Setup;
  let transport: HookTransport;
  beforeAll(async () => {
    transport = new HookTransport();
    s = await setup({ casing }, { pacer: unlimitedPacer(), transport });
  });
  afterAll(() => teardown(s));

  it('placed from the response; the client order id goes out in both casings', async () => {
    const clientOrderId = `ord-${casing}-1`;
    const result = await placeOrder(s.api, {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.0002',
      clientOrderId,
    });
    expect(result).toMatchObject({ outcome: 'placed', via: 'response', clientOrderId });
    const [entry, ...more] = attempts(s.ex, clientOrderId);
    expect(more).toHaveLength(0);
    expect(entry!.path).toBe('/api/v4/order/stock_market');
    expect(entry!.body).toMatchObject({
      client_order_id: clientOrderId,
      clientOrderId,
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.0002',
    });
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
  });

  it('a generated client order id when none is given', async () => {
    const result = await placeOrder(s.api, {
      kind: 'market',
      market: 'ETH_USDT',
      side: 'buy',
      amount: '12',
    });
    expect(result.outcome).toBe('placed');
    expect(result.clientOrderId).toMatch(/^desk-/);
    expect(ordersWith(s.ex, result.clientOrderId)).toHaveLength(1);
  });

  it('a refusal is rejected without reconciliation', async () => {
    const result = await placeOrder(s.api, {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.00001',
      clientOrderId: `ord-${casing}-small`,
    });
    expect(result).toMatchObject({ outcome: 'rejected', reconciled: false });
    if (result.outcome === 'rejected') expect(result.error.kind).toBe('validation');
    expect(ordersWith(s.ex, `ord-${casing}-small`)).toHaveLength(0);
  });

  it('reset BEFORE execution → rejected (not placed), reconciled, nothing on the exchange', async () => {
    const clientOrderId = `ord-${casing}-rb`;
    s.ex.setFaults({ resetBeforeOrder: 1 });
    const result = await placeOrder(
      s.api,
      {
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '10000',
        clientOrderId,
      },
      { reconcileDelayMs: 0 },
    );
    expect(result).toMatchObject({ outcome: 'rejected', reconciled: true, clientOrderId });
    if (result.outcome === 'rejected') {
      expect(result.error.kind).toBe('network');
      expect(result.error.message).toMatch(/was not placed/);
    }
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(0);
    expect(attempts(s.ex, clientOrderId)).toHaveLength(1);
  });

  it('5xx (HTML 500, not executed) → rejected after reconciliation', async () => {
    const clientOrderId = `ord-${casing}-500`;
    s.ex.setFaults({ htmlError: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'stock_market', market: 'BTC_USDT', side: 'sell', amount: '0.0001', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result).toMatchObject({ outcome: 'rejected', reconciled: true });
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(0);
  });

  it('a garbled 2xx (malformed JSON, executed) → placed via reconciliation', async () => {
    const clientOrderId = `ord-${casing}-mj`;
    s.ex.setFaults({ malformedJson: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'stock_market', market: 'ETH_USDT', side: 'buy', amount: '0.01', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result).toMatchObject({ outcome: 'placed', via: 'order-history', clientOrderId });
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
    expect(attempts(s.ex, clientOrderId)).toHaveLength(1);
  });

  it('a timeout, the order executing late → placed via reconciliation, sent once', async () => {
    const slow = new HookTransport({ timeoutMs: 100 });
    const client = new ExchangeClient({
      baseUrl: s.ex.url,
      credentials: async () => ({ apiKey: s.ex.apiKey, apiSecret: s.ex.apiSecret }),
      transport: slow,
      pacer: unlimitedPacer(),
    });
    const clientOrderId = `ord-${casing}-to`;
    s.ex.setFaults({ latencyMs: 300 });
    slow.afterOrder = () => s.ex.setFaults({ latencyMs: 0 });
    try {
      const result = await placeOrder(
        new ExchangeApi(client),
        // A resting limit order: found among the active orders.
        {
          kind: 'limit',
          market: 'BTC_USDT',
          side: 'buy',
          amount: '0.001',
          price: '20000',
          clientOrderId,
        },
        { reconcileDelayMs: 500 },
      );
      expect(result).toMatchObject({ outcome: 'placed', via: 'active-orders', clientOrderId });
      expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
      expect(attempts(s.ex, clientOrderId)).toHaveLength(1);
    } finally {
      s.ex.setFaults({ latencyMs: 0 });
      client.close();
      await s.api.cancelOrder('BTC_USDT', { clientOrderId }).catch(() => undefined);
    }
  });

  it('lookups failing too → unknown, with what to check; never placed twice', async () => {
    const clientOrderId = `ord-${casing}-unk`;
    s.ex.setFaults({ resetAfterOrder: 1 });
    transport.afterOrder = () => s.ex.setFaults({ next503: 10 });
    try {
      const result = await placeOrder(
        s.api,
        { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0001', clientOrderId },
        { reconcileDelayMs: 0 },
      );
      expect(result.outcome).toBe('unknown');
      if (result.outcome === 'unknown') {
        expect(result.market).toBe('BTC_USDT');
        expect(result.error.kind).toBe('network');
        expect(result.check).toContain(clientOrderId);
        expect(result.check).toMatch(/Before placing it again/);
      }
    } finally {
      transport.afterOrder = undefined;
      s.ex.setFaults({ next503: 0 });
    }
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
    expect(attempts(s.ex, clientOrderId)).toHaveLength(1);
  });
});

describe('lost answers after execution (connection reset), 100 randomised trials', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({}, { pacer: unlimitedPacer() });
  });
  afterAll(() => teardown(s));

  it('each is reported as placed and executed exactly once', async () => {
    const seed = Date.now() % 1_000_000;
    const random = rng(seed);
    const kinds = new Set<string>();
    const via = new Map<string, number>();
    for (let trial = 0; trial < 100; trial++) {
      const clientOrderId = `trial-${seed}-${trial}`;
      const input = randomOrder(s.ex, random, clientOrderId);
      kinds.add(`${input.kind}/${input.side}`);
      s.ex.setFaults({ resetAfterOrder: 1 });
      const result = await placeOrder(s.api, input, { reconcileDelayMs: 0 });
      const what = `seed ${seed} trial ${trial}: ${JSON.stringify(input)} → ${JSON.stringify(result)}`;
      expect(result.outcome, what).toBe('placed');
      expect(result.clientOrderId, what).toBe(clientOrderId);
      if (result.outcome === 'placed') via.set(result.via, (via.get(result.via) ?? 0) + 1);
      expect(ordersWith(s.ex, clientOrderId), what).toHaveLength(1);
      const sent = attempts(s.ex, clientOrderId);
      expect(sent, what).toHaveLength(1);
      expect(sent[0]!.fault, what).toBe('resetAfterOrder');
    }
    // Every trial went through reconciliation (the answer was always lost).
    expect(via.get('response') ?? 0).toBe(0);
    expect(kinds.size).toBeGreaterThan(3);
  });
});

describe('reconciliation with a reused client order id', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({}, { pacer: unlimitedPacer() });
  });
  afterAll(() => teardown(s));

  /** An executed order with this id already in the history, as another program would leave it. */
  async function olderOrder(clientOrderId: string, amount: string, ageSeconds = 0) {
    const order = await s.api.createOrder({
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount,
      clientOrderId,
    });
    if (ageSeconds > 0) {
      const rec = ordersWith(s.ex, clientOrderId).find((o) => o.id === order.orderId)!;
      rec.timestamp -= ageSeconds;
      rec.ftime = (rec.ftime ?? rec.timestamp) - ageSeconds;
    }
    return order;
  }

  it('an older order with the same id but another amount is not taken for ours (reset before execution)', async () => {
    const clientOrderId = 'reused-amount';
    await olderOrder(clientOrderId, '0.0002');
    s.ex.setFaults({ resetBeforeOrder: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0003', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result.outcome).not.toBe('placed');
    expect(result).toMatchObject({ outcome: 'unknown', clientOrderId });
    if (result.outcome === 'unknown') expect(result.check).toMatch(/older order/);
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
  });

  it('an older order with the same id, market, side and amount but an older time is not taken for ours', async () => {
    const clientOrderId = 'reused-time';
    await olderOrder(clientOrderId, '0.0002', 120);
    s.ex.setFaults({ resetBeforeOrder: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0002', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result.outcome).not.toBe('placed');
    expect(ordersWith(s.ex, clientOrderId)).toHaveLength(1);
  });

  it('with the older order there, a reset AFTER execution still finds the new one', async () => {
    const clientOrderId = 'reused-found';
    const old = await olderOrder(clientOrderId, '0.0002', 120);
    s.ex.setFaults({ resetAfterOrder: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0002', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result).toMatchObject({ outcome: 'placed', via: 'order-history', clientOrderId });
    const mine = ordersWith(s.ex, clientOrderId).filter((o) => o.id !== old.orderId);
    expect(mine).toHaveLength(1);
    if (result.outcome === 'placed' && result.via === 'order-history') {
      expect(result.executed.orderId).toBe(mine[0]!.id);
    }
  });

  it('a market buy (money amount) found after a reset, next to an older one with the same id', async () => {
    const clientOrderId = 'reused-spend';
    await s.api.createOrder({
      kind: 'market',
      market: 'ETH_USDT',
      side: 'buy',
      amount: '20',
      clientOrderId,
    });
    s.ex.setFaults({ resetAfterOrder: 1 });
    const result = await placeOrder(
      s.api,
      { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '12', clientOrderId },
      { reconcileDelayMs: 0 },
    );
    expect(result).toMatchObject({ outcome: 'placed', via: 'order-history' });
    if (result.outcome === 'placed' && result.via === 'order-history') {
      expect(result.executed.amount).toBe('12');
    }
  });
});
