import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EU_ORDER_REFUSED } from '../../../src/main/demo-exchange/region';
import type { DemoExchange } from '../../../src/main/demo-exchange/server';
import { start, type Client } from './helpers';

/**
 * Issue 17 point 5: with `region: 'eu'` the demo is an EU account's exchange: on spot only market,
 * immediate-or-cancel limit and stop-market orders; the others are refused with HTTP 453. The
 * OpenAPI documents no 453 body, so it takes the other trade errors' shape, its code the status.
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

describe('a global account (the default)', () => {
  it('places a limit order without ioc and a stop-limit', async () => {
    const limit = await global.client.post('/api/v4/order/new', { ...order, price: '50000' });
    const stop = await global.client.post('/api/v4/order/stop_limit', {
      ...order,
      price: '62000',
      activation_price: '61000',
    });
    expect([limit.status, stop.status]).toEqual([200, 200]);
  });
});
