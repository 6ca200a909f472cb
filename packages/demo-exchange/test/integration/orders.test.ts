import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '../../src/fields';
import { camelKeys, start, type Answer, type Client, type ErrorBody } from './helpers';
import type { DemoExchange } from '../../src/server';
import type { Casing } from '../../src/fields';

type Rec = Record<string, unknown>;
const ORDER_KEYS = [
  'orderId',
  'clientOrderId',
  'market',
  'side',
  'type',
  'timestamp',
  'dealMoney',
  'dealStock',
  'amount',
  'left',
  'dealFee',
  'postOnly',
  'ioc',
  'status',
  'stp',
  'rpi',
];

/**
 * An order record. `priced` false: a market order, which carries no price on the deployed server
 * (OrderResponse.price) and "0" in the specification.
 */
function expectOrder(o: Rec, casing: Casing, priced = true): void {
  for (const k of ORDER_KEYS) expect(o, k).toHaveProperty(k);
  expect(typeof o.orderId).toBe('number');
  expect(typeof o.timestamp).toBe('number');
  for (const k of ['dealMoney', 'dealStock', 'amount', 'left', 'dealFee']) {
    expect(o[k]).toMatch(/^\d+(\.\d+)?$/);
  }
  if (priced) expect(o.price).toMatch(/^\d+(\.\d+)?$/);
  else expect(o.price).toBe(casing === 'deployed' ? undefined : '0');
}

describe.each(CASINGS)('%s casing', (casing) => {
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ casing })));
  afterAll(() => ex.stop());

  /** A signed POST, its answer's field names camelCased (helpers.camelKeys). */
  const post = async <T = unknown>(path: string, fields: Rec = {}): Promise<Answer<T>> => {
    const r = await client.post(path, fields);
    return { ...r, json: camelKeys<T>(r.json) };
  };

  const err = async (path: string, fields: Rec) => {
    const r = await post<ErrorBody>(path, fields);
    return { status: r.status, ...r.json };
  };

  describe('POST /api/v4/order/stock_market', () => {
    const P = '/api/v4/order/stock_market';
    it('fills a buy and a sell, amounts in stock (deployed semantics)', async () => {
      const buy = await post<Rec>(P, { market: 'BTC_USDT', side: 'buy', amount: '0.01' });
      expect(buy.status).toBe(200);
      expectOrder(buy.json, casing, false);
      expect(buy.json).toMatchObject({
        market: 'BTC_USDT',
        side: 'buy',
        dealStock: '0.01',
        status: 'FILLED',
        clientOrderId: '',
      });
      const sell = await post<Rec>(P, {
        market: 'ETH_USDT',
        side: 'sell',
        amount: 0.5,
        client_order_id: 'sell-1',
      });
      expect(sell.json).toMatchObject({ dealStock: '0.5', clientOrderId: 'sell-1', left: '0' });
    });

    it('missing fields and bad side: 422 code 30', async () => {
      expect(await err(P, {})).toEqual({
        status: 422,
        code: 30,
        message: 'Validation failed',
        errors: {
          market: ['The market field is required.'],
          side: ['The side field is required.'],
          amount: ['The amount field is required.'],
        },
      });
      const bad = await err(P, { market: 'BTC_USDT', side: 'up', amount: '1' });
      expect([bad.status, bad.code, Object.keys(bad.errors ?? {})]).toEqual([422, 30, ['side']]);
    });

    it('unavailable and empty market: 422 code 31', async () => {
      for (const market of ['NOPE_USDT', 'DOT_USDT', '']) {
        const r = await err(P, { market, side: 'buy', amount: '1' });
        expect([r.status, r.code, r.message, Object.keys(r.errors ?? {})]).toEqual([
          422,
          31,
          'Validation failed',
          ['market'],
        ]);
      }
    });

    it('non-numeric, below minimum, off step and over balance: 422 code 32 under amount', async () => {
      for (const amount of ['abc', '-1', '0.00001', '0.0000001', '100']) {
        const r = await err(P, { market: 'BTC_USDT', side: 'sell', amount });
        expect([r.status, r.code, Object.keys(r.errors ?? {})], amount).toEqual([
          422,
          32,
          ['amount'],
        ]);
      }
      const min = await err(P, { market: 'BTC_USDT', side: 'sell', amount: '0.00001' });
      expect(min.errors?.amount?.[0]).toMatch(/min amount 0\.0001.*step is 0\.000001/);
      const poor = await err(P, { market: 'BTC_USDT', side: 'buy', amount: '50' });
      expect(poor.errors).toEqual({ amount: ['Not enough balance'] });
    });

    it('client order id not a string or reused by an open order: code 36', async () => {
      const r = await err(P, {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        client_order_id: 12,
      });
      expect([r.status, r.code, Object.keys(r.errors ?? {})]).toEqual([422, 36, ['clientOrderId']]);
      const limit = await post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '30000',
        clientOrderId: 'keep-1',
      });
      expect(limit.status).toBe(200);
      const reused = await err(P, {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        client_order_id: 'keep-1',
      });
      expect([reused.status, reused.code]).toEqual([422, 36]);
    });

    it('accepts stp in long and short forms, rejects others', async () => {
      const ok = await post<Rec>(P, {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        stp: 'cb',
      });
      // Stored long; the deployed server answers the abbreviated form (OrderResponse.stp).
      expect(ok.json.stp).toBe(casing === 'deployed' ? 'cb' : 'cancel_both');
      const bad = await err(P, { market: 'BTC_USDT', side: 'buy', amount: '0.001', stp: 'never' });
      expect([bad.code, Object.keys(bad.errors ?? {})]).toEqual([30, ['stp']]);
    });
  });

  describe('POST /api/v4/order/market', () => {
    it('buys with a money amount, never spending more', async () => {
      const r = await post<Rec>('/api/v4/order/market', {
        market: 'SOL_USDT',
        side: 'buy',
        amount: '100',
      });
      expect(r.status).toBe(200);
      expectOrder(r.json, casing, false);
      const spent = Number(r.json.dealMoney) + Number(r.json.dealFee);
      expect(spent).toBeLessThanOrEqual(100);
      const low = await err('/api/v4/order/market', {
        market: 'SOL_USDT',
        side: 'buy',
        amount: '1',
      });
      expect([low.code, low.errors?.amount?.[0]]).toEqual([
        32,
        expect.stringMatching(/min total 5/),
      ]);
    });
  });

  describe('limit orders and cancel', () => {
    it('a resting limit order is in the public book at its price until it is canceled', async () => {
      type BookAnswer = { asks: [string, string][]; bids: [string, string][] };
      const book = async () =>
        (await client.get<BookAnswer>('/api/v4/public/orderbook/ETH_USDT')).json;
      const bestAsk = Number((await book()).asks[0]?.[0]);
      // Between the best ask and the next level: a price of its own.
      const price = (bestAsk + 0.01).toFixed(2);
      const placed = await post<Rec>('/api/v4/order/new', {
        market: 'ETH_USDT',
        side: 'sell',
        amount: '0.0123',
        price,
      });
      expect(placed.status).toBe(200);
      const at = (levels: [string, string][], p: string) =>
        levels.find(([q]) => Number(q) === Number(p))?.[1];
      const withIt = await book();
      expect(at(withIt.asks, price)).toBe('0.0123');
      const prices = withIt.asks.map(([p]) => Number(p));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      await post('/api/v4/order/cancel', { market: 'ETH_USDT', orderId: placed.json.orderId });
      expect(at((await book()).asks, price)).toBeUndefined();
    });

    it('rests, appears in /orders, fills when the price crosses (control set-price)', async () => {
      const placed = await post<Rec>('/api/v4/order/new', {
        market: 'LTC_USDT',
        side: 'sell',
        amount: '1',
        price: '80',
      });
      expect(placed.status).toBe(200);
      expect(placed.json.status).toBe('OPEN');
      const id = placed.json.orderId;
      const listed = await post<Rec[]>('/api/v4/orders', { market: 'LTC_USDT', order_id: id });
      expect(listed.json.map((o) => o.orderId)).toEqual([id]);
      await client.control('POST', '/set-price', { market: 'LTC_USDT', price: '81' });
      const after = await post<Rec[]>('/api/v4/orders', { market: 'LTC_USDT', order_id: id });
      expect(after.json).toEqual([]);
      const history = await post<Record<string, Rec[]>>('/api/v4/trade-account/order/history', {
        market: 'LTC_USDT',
      });
      expect(history.json.LTC_USDT?.find((o) => o.id === id)).toMatchObject({
        status: 'FILLED',
        dealStock: '1',
        dealMoney: '80',
      });
      await client.control('POST', '/set-price', { market: 'LTC_USDT', price: null });
    });

    it('order/new validation: missing price (30), bad price (33), total (32)', async () => {
      const missing = await err('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
      });
      expect([missing.code, Object.keys(missing.errors ?? {})]).toEqual([30, ['price']]);
      const bad = await err('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: 'x',
      });
      expect([bad.status, bad.code]).toEqual([422, 33]);
      const total = await err('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.0001',
        price: '1000',
      });
      expect([total.code, Object.keys(total.errors ?? {})]).toEqual([32, ['total']]);
    });

    it('cancels by orderId and by clientOrderId; unknown is code 2 under orderId', async () => {
      const a = await post<Rec>('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '40000',
      });
      const c = await post<Rec>('/api/v4/order/cancel', {
        market: 'BTC_USDT',
        orderId: a.json.orderId,
      });
      expect([c.status, c.json.status]).toEqual([200, 'CANCELED']);
      await post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '40000',
        client_order_id: 'cx',
      });
      expect(
        (await post('/api/v4/order/cancel', { market: 'BTC_USDT', clientOrderId: 'cx' })).status,
      ).toBe(200);
      const gone = await err('/api/v4/order/cancel', {
        market: 'BTC_USDT',
        orderId: a.json.orderId,
      });
      expect(gone).toEqual({
        status: 400,
        code: 2,
        message: 'Inner validation failed',
        errors: { orderId: ['Unexecuted order was not found.'] },
      });
      const neither = await err('/api/v4/order/cancel', { market: 'BTC_USDT' });
      expect(neither.code).toBe(30);
    });
  });

  describe('POST /api/v4/orders', () => {
    it('lists 30+ seeded active orders with paging', async () => {
      const all = await post<Rec[]>('/api/v4/orders', { limit: 100 });
      expect(all.json.length).toBeGreaterThanOrEqual(30);
      for (const o of all.json) expectOrder(o, casing);
      const page = await post<Rec[]>('/api/v4/orders', { limit: 5, offset: 5 });
      expect(page.json.map((o) => o.orderId)).toEqual(all.json.slice(5, 10).map((o) => o.orderId));
      expect((await post<Rec[]>('/api/v4/orders', {})).json.length).toBe(
        Math.min(50, all.json.length),
      );
    });

    it('limit and offset bounds: 422 code 30', async () => {
      for (const fields of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { limit: 'many' }]) {
        const r = await err('/api/v4/orders', fields);
        expect([r.status, r.code, Object.keys(r.errors ?? {})]).toEqual([
          422,
          30,
          Object.keys(fields),
        ]);
      }
    });
  });

  describe('conditional and OCO orders (both path aliases)', () => {
    it('serves /orders/conditional and /conditional-orders with OCO and OTO records', async () => {
      for (const path of ['/api/v4/orders/conditional', '/api/v4/conditional-orders']) {
        const r = await post<{ limit: number; offset: number; total: number; records: Rec[] }>(
          path,
          { limit: 100 },
        );
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ limit: 100, offset: 0, total: 5 });
        const oco = r.json.records.find((x) => x.type === 'oco') as Record<string, Rec>;
        expect(oco.stopLoss).toMatchObject({
          activationCondition: expect.any(String),
          activated: 0,
          positionSide: 'LONG',
        });
        expect(oco.stopLoss).toHaveProperty('activationPrice');
        expect(oco.takeProfit).toHaveProperty('postOnly');
        const oto = r.json.records.find((x) => x.type === 'oto') as Rec;
        expect(oto).toMatchObject({
          stopLossPrice: expect.any(String),
          takeProfitPrice: expect.any(String),
        });
        expect(oto.conditionalOrder).toHaveProperty('orderId');
      }
      const bad = await err('/api/v4/orders/conditional', { limit: 1000 });
      expect([bad.status, bad.code]).toEqual([422, 30]);
    });

    it('serves /orders/oco and /oco-orders: no type, no positionSide', async () => {
      for (const path of ['/api/v4/orders/oco', '/api/v4/oco-orders']) {
        const r = await post<Rec[]>(path, { market: 'BTC_USDT' });
        expect(r.json.length).toBe(1);
        expect(r.json[0]).not.toHaveProperty('type');
        expect(r.json[0]?.stopLoss).not.toHaveProperty('positionSide');
      }
    });
  });

  describe('trade account', () => {
    it('balance: available and freeze of every non-zero asset, or one ticker keyed by it', async () => {
      const P = '/api/v4/trade-account/balance';
      const all = await post<Record<string, { available: string; freeze: string }>>(P);
      expect(all.json.USDT).toEqual({
        available: expect.stringMatching(/^\d/),
        freeze: expect.stringMatching(/^\d/),
      });
      // Only non-zero balances are listed (the seeded account holds no USDC, EUR or USD to trade).
      for (const [asset, b] of Object.entries(all.json)) {
        expect(Number(b.available) + Number(b.freeze), asset).toBeGreaterThan(0);
      }
      expect(Object.keys(all.json)).not.toEqual(expect.arrayContaining(['USDC']));
      expect(all.json).not.toHaveProperty('EUR');
      expect(all.json).not.toHaveProperty('USD');
      // With a ticker: that one entry, keyed by its ticker, even when it is zero.
      const one = await post(P, { ticker: 'BTC' });
      expect(one.json).toEqual({ BTC: all.json.BTC });
      const zero = await post(P, { ticker: 'USDC' });
      expect(zero.json).toEqual({ USDC: { available: '0', freeze: '0' } });
      // An unknown ticker is a validation error, code 30, as is a ticker that is not a string.
      expect(await err(P, { ticker: 'NOPE' })).toEqual({
        status: 422,
        code: 30,
        message: 'Validation failed',
        errors: { ticker: ['Currency was not found.'] },
      });
      expect(await err(P, { ticker: 7 })).toEqual({
        status: 422,
        code: 30,
        message: 'Validation failed',
        errors: { ticker: ['Ticker field should be a string.'] },
      });
    });

    it('order history: keyed by market, limit bounds, 31-day window', async () => {
      const r = await post<Record<string, Rec[]>>('/api/v4/trade-account/order/history', {
        limit: 500,
      });
      expect(Object.keys(r.json).length).toBeGreaterThan(3);
      const bad = await err('/api/v4/trade-account/order/history', { limit: 501 });
      expect(bad.code).toBe(30);
      const span = await err('/api/v4/trade-account/order/history', {
        startDate: 0,
        endDate: 40 * 86400,
      });
      expect(Object.keys(span.errors ?? {})).toEqual(['startDate']);
    });
  });
});
