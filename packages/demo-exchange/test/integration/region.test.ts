import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal';
import { EU_ORDER_REFUSED } from '../../src/region';
import type { DemoExchange } from '../../src/server';
import { start, type Client } from './helpers';

/**
 * Issue 17 point 5: with `region: 'eu'` the demo is an EU account's exchange: on spot only market,
 * immediate-or-cancel limit and stop-market orders; the others are refused with HTTP 453, a modify
 * too when the replacement it places would be one of them. The OpenAPI documents no 453 body, so it
 * takes the other trade errors' shape, its code the status.
 */

let eu: { ex: DemoExchange; client: Client };
let global: { ex: DemoExchange; client: Client };
beforeAll(async () => {
  eu = await start({ region: 'eu' });
  global = await start();
  for (const { client } of [eu, global]) {
    await client.control('POST', '/set-price', { market: 'BTC_USDT', price: '60000' });
  }
});
afterAll(async () => {
  await eu.ex.stop();
  await global.ex.stop();
});

const order = { market: 'BTC_USDT', side: 'buy', amount: '0.001' };
const REFUSED = { code: 453, message: EU_ORDER_REFUSED, errors: {} };

describe('an EU account', () => {
  it('is refused a limit order without ioc=true and a stop-limit, with HTTP 453', async () => {
    for (const [path, fields] of [
      ['/api/v4/order/new', { ...order, price: '50000' }],
      ['/api/v4/order/new', { ...order, price: '50000', ioc: false }],
      ['/api/v4/order/stop_limit', { ...order, price: '62000', activation_price: '61000' }],
    ] as const) {
      const r = await eu.client.post(path, fields);
      expect([path, r.status, r.json]).toEqual([path, 453, REFUSED]);
    }
  });

  it('places market, immediate-or-cancel limit and stop-market orders', async () => {
    for (const [path, fields] of [
      ['/api/v4/order/new', { ...order, price: '50000', ioc: true }],
      ['/api/v4/order/stop_market', { ...order, amount: '10', activation_price: '61000' }],
      ['/api/v4/order/stock_market', order],
      ['/api/v4/order/market', { ...order, amount: '10' }],
    ] as const) {
      const r = await eu.client.post(path, fields);
      expect([path, r.status]).toEqual([path, 200]);
    }
  });
});

describe('an EU account modifying an order', () => {
  // A modify cancels the order and places a replacement of the same kind (new order id). Orders the
  // account held before (the seed's resting limit orders, a stop-limit placed past the region rule)
  // would come back as kinds an EU account may not place: refused with 453, the order left as it was.
  const activeIds = () => eu.ex.engine.state.active.map((o) => o.id);

  it('is refused a modify of a resting limit order (by id or client order id), with HTTP 453', async () => {
    const placed = eu.ex.engine.placeLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: new Decimal('0.001'),
      price: new Decimal('50000'),
      clientOrderId: 'eu-resting-limit',
    });
    if (!placed.ok) throw new Error('setup: the limit order was not placed');
    const before = activeIds();
    for (const ref of [{ orderId: placed.value.id }, { clientOrderId: 'eu-resting-limit' }]) {
      const r = await eu.client.post('/api/v4/order/modify', {
        market: 'BTC_USDT',
        ...ref,
        price: '50100',
      });
      expect([ref, r.status, r.json]).toEqual([ref, 453, REFUSED]);
    }
    expect(activeIds()).toEqual(before);
  });

  it('is refused a modify of a stop-limit order, with HTTP 453', async () => {
    const placed = eu.ex.engine.placeStopLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: new Decimal('0.001'),
      price: new Decimal('62000'),
      activationPrice: new Decimal('61000'),
    });
    if (!placed.ok) throw new Error('setup: the stop-limit order was not placed');
    const before = activeIds();
    const r = await eu.client.post('/api/v4/order/modify', {
      market: 'BTC_USDT',
      orderId: placed.value.id,
      activationPrice: '61500',
    });
    expect([r.status, r.json]).toEqual([453, REFUSED]);
    expect(activeIds()).toEqual(before);
  });

  it('modifies a stop-market order, and answers an unknown order as any account', async () => {
    const stop = await eu.client.post<{ orderId: number }>('/api/v4/order/stop_market', {
      ...order,
      amount: '10',
      activation_price: '61000',
    });
    expect(stop.status).toBe(200);
    const modified = await eu.client.post<{ orderId: number; activation_price: string }>(
      '/api/v4/order/modify',
      { market: 'BTC_USDT', orderId: stop.json.orderId, activationPrice: '61500' },
    );
    expect(modified.status).toBe(200);
    expect(modified.json.orderId).not.toBe(stop.json.orderId);

    const unknown = await eu.client.post('/api/v4/order/modify', {
      market: 'BTC_USDT',
      orderId: 999_999_999,
      price: '50000',
    });
    expect(unknown.status).toBe(400);
  });
});

describe('a global account (the default)', () => {
  it('places a limit order without ioc and a stop-limit', async () => {
    const limit = await global.client.post('/api/v4/order/new', { ...order, price: '50000' });
    const stop = await global.client.post('/api/v4/order/stop_limit', {
      ...order,
      price: '62000',
      activation_price: '61000',
    });
    expect([limit.status, stop.status]).toEqual([200, 200]);
    const modified = await global.client.post('/api/v4/order/modify', {
      market: 'BTC_USDT',
      orderId: (limit.json as { orderId: number }).orderId,
      price: '50100',
    });
    expect(modified.status).toBe(200);
  });
});
