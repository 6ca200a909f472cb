import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client, type ErrorBody } from './helpers';
import type { DemoExchange } from '../../src/server';

/**
 * Executed orders and their deals, as the reference has them (http-trade-v4.yaml):
 * trade-account/executed-history, trade-account/order (one order's deals) and
 * trade-account/order/history.
 */
type Rec = Record<string, unknown>;
let ex: DemoExchange;
let client: Client;
// The specification's casing for the order records placed here (`order_id`, `deal_stock`...).
beforeAll(async () => ({ ex, client } = await start({ casing: 'spec' })));
afterAll(() => ex.stop());

const err = async (path: string, fields: Rec) => {
  const r = await client.post<ErrorBody>(path, fields);
  return { status: r.status, ...r.json };
};

const sum = (records: Rec[], field: string) =>
  records.reduce((total, r) => total.plus(r[field] as string), new Decimal(0)).toFixed();

/** A filled market sell of 2.5 ETH. */
async function sellEth(clientOrderId: string): Promise<Rec> {
  const r = await client.post<Rec>('/api/v4/order/stock_market', {
    market: 'ETH_USDT',
    side: 'sell',
    amount: '2.5',
    clientOrderId,
  });
  expect(r.status).toBe(200);
  return r.json;
}

const EXECUTED = '/api/v4/trade-account/executed-history';
const DEALS = '/api/v4/trade-account/order';
const HISTORY = '/api/v4/trade-account/order/history';

describe('POST /api/v4/trade-account/executed-history', () => {
  it('lists deals newest first: a flat list for a market, keyed by market without one', async () => {
    const order = await sellEth('deals-eth-1');
    const flat = await client.post<Rec[]>(EXECUTED, { market: 'ETH_USDT', limit: 100 });
    expect(flat.status).toBe(200);
    const mine = flat.json.filter((d) => d.orderId === order.order_id);
    expect(mine.length).toBeGreaterThan(0);
    // The newest deals come first: this order's are at the top.
    expect(flat.json.slice(0, mine.length)).toEqual(mine);
    expect(Object.keys(mine[0]!)).toEqual([
      'id',
      'clientOrderId',
      'time',
      'side',
      'role',
      'amount',
      'price',
      'deal',
      'fee',
      'orderId',
      'feeAsset',
    ]);
    expect(mine[0]).toMatchObject({
      clientOrderId: 'deals-eth-1',
      side: 'sell',
      role: 2,
      feeAsset: 'USDT',
    });
    for (const d of mine) {
      expect(
        new Decimal(d.deal as string).eq(new Decimal(d.amount as string).times(d.price as string)),
      ).toBe(true);
      expect(typeof d.time).toBe('number');
    }
    // The deals add up to the order.
    expect(sum(mine, 'amount')).toBe(order.deal_stock);
    expect(sum(mine, 'deal')).toBe(order.deal_money);
    expect(sum(mine, 'fee')).toBe(order.deal_fee);

    const keyed = await client.post<Record<string, Rec[]>>(EXECUTED, { limit: 500 });
    expect(Array.isArray(keyed.json)).toBe(false);
    expect(Object.keys(keyed.json).length).toBeGreaterThan(3);
    expect(keyed.json.ETH_USDT?.slice(0, mine.length)).toEqual(mine);
    // The seeded executed orders have a deal each.
    const total = Object.values(keyed.json).reduce((n, list) => n + list.length, 0);
    expect(total).toBe(60 + flat.json.filter((d) => d.orderId === order.order_id).length);
  });

  it('pages with limit and offset, filters by client order id and dates', async () => {
    const all = (await client.post<Rec[]>(EXECUTED, { market: 'ETH_USDT', limit: 500 })).json;
    const page = await client.post<Rec[]>(EXECUTED, { market: 'ETH_USDT', offset: 2, limit: 3 });
    expect(page.json).toEqual(all.slice(2, 5));
    const byId = await client.post<Record<string, Rec[]>>(EXECUTED, {
      clientOrderId: 'deals-eth-1',
    });
    expect(Object.keys(byId.json)).toEqual(['ETH_USDT']);
    expect(byId.json.ETH_USDT!.every((d) => d.clientOrderId === 'deals-eth-1')).toBe(true);
    const oldest = all[all.length - 1]!.time as number;
    const since = await client.post<Rec[]>(EXECUTED, {
      market: 'ETH_USDT',
      startDate: Math.ceil(oldest),
      limit: 500,
    });
    expect(since.json.length).toBe(
      all.filter((d) => (d.time as number) >= Math.ceil(oldest)).length,
    );
    expect(since.json.length).toBeLessThan(all.length);
    const unknownMarket = await client.post<Rec[]>(EXECUTED, { market: 'NOPE_USDT' });
    expect([unknownMarket.status, unknownMarket.json]).toEqual([200, []]);
  });

  it('answers the reference errors', async () => {
    expect(await err(EXECUTED, { limit: 'all', offset: 'none' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: {
        limit: ['Limit field should be an integer.'],
        offset: ['Offset field should be an integer.'],
      },
    });
    expect(await err(EXECUTED, { limit: 501 })).toMatchObject({ status: 422, code: 30 });
    expect(await err(EXECUTED, { market: 'eth-usdt' })).toEqual({
      status: 422,
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market field format is invalid.'] },
    });
    expect(await err(EXECUTED, { clientOrderId: 'no-such-order' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: { orderHistory: ['OrderHistory was not found.'] },
    });
  });
});

describe('POST /api/v4/trade-account/order (one order’s deals)', () => {
  it('pages the deals of an order; an unknown order is an empty page', async () => {
    const order = await sellEth('deals-eth-2');
    const r = await client.post<{ records: Rec[]; offset: number; limit: number }>(DEALS, {
      orderId: order.order_id,
    });
    expect(r.status).toBe(200);
    expect([r.json.offset, r.json.limit]).toEqual([0, 50]);
    expect(Object.keys(r.json.records[0]!)).toEqual([
      'time',
      'fee',
      'price',
      'amount',
      'id',
      'dealOrderId',
      'clientOrderId',
      'role',
      'deal',
      'feeAsset',
      'rpi',
    ]);
    expect(r.json.records[0]).toMatchObject({ clientOrderId: 'deals-eth-2', role: 2, rpi: false });
    expect(sum(r.json.records, 'amount')).toBe(order.deal_stock);
    expect(sum(r.json.records, 'fee')).toBe(order.deal_fee);
    const second = await client.post<{ records: Rec[] }>(DEALS, {
      orderId: order.order_id,
      offset: 1,
      limit: 1,
    });
    expect(second.json.records).toEqual(r.json.records.slice(1, 2));
    const none = await client.post(DEALS, { orderId: 1 });
    expect([none.status, none.json]).toEqual([200, { records: [], offset: 0, limit: 50 }]);
  });

  it('a resting buy that filled has one maker deal at its price, its fee in the stock bought', async () => {
    await client.control('POST', '/set-price', { market: 'LTC_USDT', price: '70' });
    const available = async (ticker: string) =>
      new Decimal(
        (
          await client.post<Record<string, { available: string }>>(
            '/api/v4/trade-account/balance',
            { ticker },
          )
        ).json[ticker]!.available,
      );
    const [usdt, ltc] = [await available('USDT'), await available('LTC')];
    const placed = await client.post<Rec>('/api/v4/order/new', {
      market: 'LTC_USDT',
      side: 'buy',
      amount: '0.5',
      price: '69.5',
    });
    expect(placed.json.status).toBe('OPEN');
    await client.control('POST', '/set-price', { market: 'LTC_USDT', price: '69.4' });
    const r = await client.post<{ records: Rec[] }>(DEALS, { orderId: placed.json.order_id });
    expect(r.json.records).toEqual([
      expect.objectContaining({
        role: 1,
        price: '69.5',
        amount: '0.5',
        deal: '34.75',
        // 0.1 % of the 0.5 LTC bought, as the deployed server charges a buy.
        fee: '0.0005',
        feeAsset: 'LTC',
      }),
    ]);
    const history = await client.post<Record<string, Rec[]>>(HISTORY, { market: 'LTC_USDT' });
    expect(history.json.LTC_USDT!.find((o) => o.id === placed.json.order_id)).toMatchObject({
      dealFee: '0.0005',
      feeAsset: 'LTC',
    });
    // Paid 34.75 USDT, no more; received 0.5 LTC less the fee.
    expect(usdt.minus(await available('USDT')).toFixed()).toBe('34.75');
    expect((await available('LTC')).minus(ltc).toFixed()).toBe('0.4995');
    await client.control('POST', '/set-price', { market: 'LTC_USDT', price: null });
  });

  it('requires an integer orderId (code 30)', async () => {
    expect(await err(DEALS, {})).toMatchObject({
      status: 422,
      code: 30,
      errors: { orderId: [expect.any(String)] },
    });
    expect(await err(DEALS, { orderId: 'x', limit: 0 })).toMatchObject({
      status: 422,
      code: 30,
      errors: { orderId: [expect.any(String)], limit: [expect.any(String)] },
    });
  });
});

describe('POST /api/v4/trade-account/order/history', () => {
  it('lists executed and canceled orders with the reference fields, filtered by status', async () => {
    const placed = await client.post<Rec>('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
      clientOrderId: 'hist-cancel',
    });
    await client.post('/api/v4/order/cancel', {
      market: 'BTC_USDT',
      orderId: placed.json.order_id,
    });
    const all = await client.post<Record<string, Rec[]>>(HISTORY, { market: 'BTC_USDT' });
    const canceled = all.json.BTC_USDT!.find((o) => o.id === placed.json.order_id)!;
    expect(Object.keys(canceled)).toEqual([
      'amount',
      'price',
      'type',
      'id',
      'clientOrderId',
      'side',
      'ctime',
      'ftime',
      'dealFee',
      'dealStock',
      'dealMoney',
      'postOnly',
      'ioc',
      'status',
      'feeAsset',
      'rpi',
      'reduceOnly',
    ]);
    // A buy pays its fee in the stock it buys.
    expect(canceled).toMatchObject({ status: 'CANCELED', dealStock: '0', feeAsset: 'BTC' });
    const statuses = async (status: string) =>
      new Set(
        Object.values(
          (await client.post<Record<string, Rec[]>>(HISTORY, { status, limit: 500 })).json,
        )
          .flat()
          .map((o) => o.status),
      );
    expect(await statuses('FILLED')).toEqual(new Set(['FILLED']));
    expect(await statuses('CANCELED')).toEqual(new Set(['CANCELED']));
    expect((await statuses('ALL')).size).toBe(2);
    expect(await err(HISTORY, { status: 'OPEN' })).toMatchObject({
      status: 422,
      code: 30,
      errors: { status: [expect.any(String)] },
    });
  });

  it('looks one order up by orderId or clientOrderId, whatever the dates', async () => {
    const seeded = ex.engine.state.history[0]!;
    const byId = await client.post<Record<string, Rec[]>>(HISTORY, {
      orderId: seeded.id,
      startDate: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(byId.json).toEqual({ [seeded.market]: [expect.objectContaining({ id: seeded.id })] });
    const none = await client.post(HISTORY, { orderId: 1 });
    expect([none.status, none.json]).toEqual([200, {}]);
    const byClientId = await client.post<Record<string, Rec[]>>(HISTORY, {
      clientOrderId: 'hist-cancel',
    });
    expect(byClientId.json.BTC_USDT?.map((o) => o.clientOrderId)).toEqual(['hist-cancel']);
    expect(await err(HISTORY, { clientOrderId: 'no-such-order' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: { orderHistory: ['OrderHistory was not found.'] },
    });
  });

  it('keeps to a 31-day window reaching back at most 6 months', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await err(HISTORY, { startDate: now - 200 * 86400, endDate: now - 190 * 86400 });
    expect(old).toMatchObject({
      status: 422,
      code: 30,
      errors: { startDate: [expect.any(String)] },
    });
    const wide = await err(HISTORY, { startDate: now - 40 * 86400, endDate: now });
    expect(wide).toMatchObject({
      status: 422,
      code: 30,
      errors: { startDate: [expect.any(String)] },
    });
    // An end beyond now is taken as now.
    const future = await client.post<Record<string, Rec[]>>(HISTORY, {
      startDate: now - 30 * 86400,
      endDate: now + 10 * 86400,
      limit: 500,
    });
    expect(future.status).toBe(200);
    expect(Object.keys(future.json).length).toBeGreaterThan(3);
  });
});
