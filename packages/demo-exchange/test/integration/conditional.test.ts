import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal';
import type { DemoExchange } from '../../src/server';
import { ORDER_KEYS, start, type Client, type ErrorBody } from './helpers';

/**
 * Stop orders, modify, cancel-all, the kill-switch, OCO/OTO triggers and cancels, over HTTP: each
 * endpoint's answer, its documented validation errors, and what the moving market does to the orders
 * and the balances. Prices are driven with the control endpoint, time with the injected clock.
 */

type Rec = Record<string, unknown>;
interface Balance {
  available: string;
  freeze: string;
}
interface Page {
  total: number;
  records: Rec[];
}

const clock = { ms: Date.UTC(2026, 0, 5, 12) };
let ex: DemoExchange;
let client: Client;
// The specification's casing (`order_id`, `stop_loss`); the conformance table checks the deployed one.
beforeAll(async () => ({ ex, client } = await start({ casing: 'spec', now: () => clock.ms })));
afterAll(() => ex.stop());
beforeEach(async () => {
  await client.control('POST', '/reset');
  await setPrice('BTC_USDT', '64000');
});

const post = <T = Rec>(path: string, fields: Rec = {}) => client.post<T>(path, fields);
const err = async (path: string, fields: Rec) => {
  const r = await client.post<ErrorBody>(path, fields);
  return { status: r.status, ...r.json };
};
const setPrice = (market: string, price: string) =>
  client.control('POST', '/set-price', { market, price });
const balance = async (asset: string): Promise<Balance> => {
  const all = await post<Record<string, Balance>>('/api/v4/trade-account/balance');
  return all.json[asset] ?? { available: '0', freeze: '0' };
};
const activeOrders = async (market?: string) =>
  (await post<Rec[]>('/api/v4/orders', { market, limit: 100 })).json;
const activeIds = async (market?: string) => (await activeOrders(market)).map((o) => o.order_id);
const executed = async (market: string, id: unknown) =>
  (await post<Record<string, Rec[]>>('/api/v4/trade-account/order/history', { market })).json[
    market
  ]?.find((o) => o.id === id);
const conditional = async (market?: string) =>
  (await post<Page>('/api/v4/conditional-orders', { market, limit: 100 })).json;
const ocoOrders = async (market?: string) =>
  (await post<Rec[]>('/api/v4/oco-orders', { market, limit: 100 })).json;
const minus = (a: string, b: string) => new Decimal(a).minus(b).toFixed();
/** Cancels a market's active orders (but an OTO's primary when `keepOto`), so only ours move. */
const clearActive = async (market: string, keepOto = false) => {
  for (const o of await activeOrders(market)) {
    if (!keepOto || !o.oto) await post('/api/v4/order/cancel', { market, orderId: o.order_id });
  }
};

const STOP_LIMIT = '/api/v4/order/stop_limit';
const STOP_MARKET = '/api/v4/order/stop_market';
const MODIFY = '/api/v4/order/modify';
const CANCEL_ALL = '/api/v4/order/cancel/all';
const KILL_SWITCH = '/api/v4/order/kill-switch';
const KILL_STATUS = '/api/v4/order/kill-switch/status';

/** An order record of a stop order: the order record plus the OpenAPI's activation fields. */
const STOP_KEYS = [...ORDER_KEYS, 'activation_price', 'activationCondition', 'activated'];

/** With the price at 64000: a sell stop of 0.01 BTC, at 63000, limit 62900 (within the bids). */
const SELL_STOP = {
  market: 'BTC_USDT',
  side: 'sell',
  amount: '0.01',
  price: '62900',
  activation_price: '63000',
};

describe('POST /api/v4/order/stop_limit', () => {
  it('rests inactive, freezes like the limit order it becomes, and is listed with its activation fields', async () => {
    const btc = await balance('BTC');
    const usdt = await balance('USDT');
    const sell = await post(STOP_LIMIT, { ...SELL_STOP, clientOrderId: 'sl-1' });
    expect(sell.status).toBe(200);
    expect(Object.keys(sell.json).sort()).toEqual([...STOP_KEYS].sort());
    expect(sell.json).toMatchObject({
      client_order_id: 'sl-1',
      type: 'stop limit',
      status: 'OPEN',
      amount: '0.01',
      left: '0.01',
      price: '62900',
      activation_price: '63000',
      activationCondition: 'lte',
      activated: 0,
    });
    const buy = await post(STOP_LIMIT, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '65500',
      activationPrice: '65000',
    });
    expect(buy.json).toMatchObject({ activationCondition: 'gte', activated: 0 });
    expect(minus((await balance('BTC')).freeze, btc.freeze)).toBe('0.01');
    // amount * price: a buy's fee is taken from the BTC it receives, not from the USDT
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('655');
    const listed = await activeOrders('BTC_USDT');
    expect(listed.find((o) => o.order_id === sell.json.order_id)).toEqual(sell.json);
    expect(listed.find((o) => o.order_id === buy.json.order_id)).toMatchObject({
      activation_price: '65000',
      activated: 0,
    });
  });

  it('triggers when the price falls to its activation price and executes the crossing part', async () => {
    const before = await balance('BTC');
    const usdtBefore = await balance('USDT');
    const placed = await post(STOP_LIMIT, SELL_STOP);
    await setPrice('BTC_USDT', '63001');
    expect(await activeIds('BTC_USDT')).toContain(placed.json.order_id);
    await setPrice('BTC_USDT', '63000');
    expect(await activeIds('BTC_USDT')).not.toContain(placed.json.order_id);
    const done = await executed('BTC_USDT', placed.json.order_id);
    expect(done).toMatchObject({ type: 'stop limit', status: 'FILLED', dealStock: '0.01' });
    // Sold at the book's bids, no lower than the limit price.
    expect(new Decimal(String(done?.dealMoney)).gte('629')).toBe(true);
    const after = await balance('BTC');
    expect(after.freeze).toBe(before.freeze);
    expect(minus(before.available, after.available)).toBe('0.01');
    const usdt = await balance('USDT');
    expect(minus(usdt.available, usdtBefore.available)).toBe(
      minus(String(done?.dealMoney), String(done?.dealFee)),
    );
  });

  it('after activation rests as a limit order when nothing crosses, and fills when the price reaches it', async () => {
    const usdt = await balance('USDT');
    const placed = await post(STOP_LIMIT, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '64500',
      activation_price: '65000',
    });
    await setPrice('BTC_USDT', '65000');
    const resting = (await activeOrders('BTC_USDT')).find(
      (o) => o.order_id === placed.json.order_id,
    );
    expect(resting).toMatchObject({
      type: 'stop limit',
      activated: 1,
      status: 'OPEN',
      left: '0.01',
    });
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('645');
    await setPrice('BTC_USDT', '64500');
    // The maker fee: 0.1 % of the 0.01 BTC bought.
    expect(await executed('BTC_USDT', placed.json.order_id)).toMatchObject({
      status: 'FILLED',
      dealMoney: '645',
      dealFee: '0.00001',
      feeAsset: 'BTC',
    });
    const after = await balance('USDT');
    expect(after.freeze).toBe(usdt.freeze);
    expect(minus(usdt.available, after.available)).toBe('645');
  });

  it('validation: 30 required fields and side, 31 market, 32 amount, 33 prices, 36 client order id', async () => {
    expect(await err(STOP_LIMIT, {})).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: {
        market: ['The market field is required.'],
        side: ['The side field is required.'],
        amount: ['The amount field is required.'],
        price: ['The price field is required.'],
        activation_price: ['The activation price field is required.'],
      },
    });
    const expectCode = async (fields: Rec, status: number, code: number, keys: string[]) => {
      const r = await err(STOP_LIMIT, { ...SELL_STOP, ...fields });
      expect(
        [r.status, r.code, r.message, Object.keys(r.errors ?? {})],
        JSON.stringify(fields),
      ).toEqual([status, code, 'Validation failed', keys]);
      return r;
    };
    await expectCode({ side: 'up' }, 422, 30, ['side']);
    for (const market of ['NOPE_USDT', 'DOT_USDT', '']) {
      await expectCode({ market }, 422, 31, ['market']);
    }
    await expectCode({ amount: 'many' }, 422, 32, ['amount']);
    await expectCode({ amount: '0.00001' }, 422, 32, ['amount']);
    await expectCode({ price: 'x' }, 422, 33, ['price']);
    const activation = await expectCode({ activation_price: 'x' }, 422, 33, ['activation_price']);
    expect(activation.errors).toEqual({
      activation_price: ['Activation price should be a numeric string or number.'],
    });
    await expectCode({ activation_price: '63000.123' }, 422, 33, ['activation_price']);
    await expectCode({ price: '10', amount: '0.0001' }, 422, 32, ['total']);
    const poor = await expectCode({ amount: '100' }, 422, 32, ['amount']);
    expect(poor.errors).toEqual({ amount: ['Not enough balance'] });
    await expectCode({ client_order_id: 7 }, 422, 36, ['client_order_id']);
    await post(STOP_LIMIT, { ...SELL_STOP, clientOrderId: 'taken' });
    await expectCode({ clientOrderId: 'taken' }, 422, 36, ['client_order_id']);
  });
});

describe('POST /api/v4/order/stop_market', () => {
  it('a buy freezes its money amount, waits, then executes as a market buy spending at most it', async () => {
    const usdt = await balance('USDT');
    const btc = await balance('BTC');
    const placed = await post(STOP_MARKET, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '100',
      activation_price: '64500',
    });
    expect(placed.status).toBe(200);
    expect(Object.keys(placed.json).sort()).toEqual([...STOP_KEYS].sort());
    expect(placed.json).toMatchObject({
      type: 'stop market',
      amount: '100',
      price: '0',
      activation_price: '64500',
      activationCondition: 'gte',
      activated: 0,
    });
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('100');
    expect(await activeIds('BTC_USDT')).toContain(placed.json.order_id);
    await setPrice('BTC_USDT', '64600');
    expect(await activeIds('BTC_USDT')).not.toContain(placed.json.order_id);
    const done = await executed('BTC_USDT', placed.json.order_id);
    expect(done).toMatchObject({ type: 'stop market', status: 'FILLED' });
    // All of the 100 USDT buys BTC (to the cent the book allows); the fee is in the BTC received.
    const spent = new Decimal(String(done?.dealMoney));
    expect(spent.lte(100) && spent.gt(99.9)).toBe(true);
    const after = await balance('USDT');
    expect(after.freeze).toBe(usdt.freeze);
    expect(minus(usdt.available, after.available)).toBe(spent.toFixed());
    expect(done?.dealFee).toBe(new Decimal(String(done?.dealStock)).times('0.001').toFixed());
    expect(minus((await balance('BTC')).available, btc.available)).toBe(
      minus(String(done?.dealStock), String(done?.dealFee)),
    );
  });

  it('a sell triggers at or below its activation price; one already reached triggers at once', async () => {
    const placed = await post(STOP_MARKET, {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      activation_price: '63000',
    });
    expect(placed.json.activationCondition).toBe('lte');
    await setPrice('BTC_USDT', '62990');
    expect(await executed('BTC_USDT', placed.json.order_id)).toMatchObject({
      status: 'FILLED',
      dealStock: '0.01',
    });
    const now = await post(STOP_MARKET, {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      activation_price: '63500',
    });
    expect(now.json).toMatchObject({ activated: 1, status: 'FILLED', deal_stock: '0.01' });
  });

  it('validation: 30 activation price missing, 31, 32 amount (numeric, minimum, balance), 33, 36', async () => {
    expect(await err(STOP_MARKET, { market: 'BTC_USDT', side: 'buy', amount: '10' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: { activation_price: ['The activation price field is required.'] },
    });
    const base = { market: 'BTC_USDT', side: 'buy', amount: '10', activation_price: '64500' };
    const codeOf = async (fields: Rec) => {
      const r = await err(STOP_MARKET, { ...base, ...fields });
      return [r.status, r.code, Object.keys(r.errors ?? {})];
    };
    expect(await codeOf({ market: 'NOPE_USDT' })).toEqual([422, 31, ['market']]);
    expect(await codeOf({ amount: 'x' })).toEqual([422, 32, ['amount']]);
    // A buy's amount is money: below the market's min total.
    expect(await codeOf({ amount: '1' })).toEqual([422, 32, ['amount']]);
    expect(await codeOf({ amount: '1000000' })).toEqual([422, 32, ['amount']]);
    expect(await codeOf({ side: 'sell', amount: '0.00001' })).toEqual([422, 32, ['amount']]);
    expect(await codeOf({ activation_price: '-5' })).toEqual([422, 33, ['activation_price']]);
    expect(await codeOf({ clientOrderId: 'bad id!' })).toEqual([422, 36, ['client_order_id']]);
  });
});

describe('POST /api/v4/order/modify', () => {
  const placeLimit = (fields: Rec = {}) =>
    post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '40000',
      clientOrderId: 'mod-1',
      ...fields,
    });

  it('replaces a limit order with a new id and the new price; the freeze follows', async () => {
    const usdt = await balance('USDT');
    const old = await placeLimit();
    // amount * price: a buy's fee is taken from the BTC it receives
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('400');
    const r = await post(MODIFY, {
      market: 'BTC_USDT',
      orderId: old.json.order_id,
      price: '41000',
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      client_order_id: 'mod-1',
      price: '41000',
      amount: '0.01',
      type: 'limit',
      status: 'OPEN',
    });
    expect(r.json.order_id).not.toBe(old.json.order_id);
    const ids = await activeIds('BTC_USDT');
    expect(ids).toContain(r.json.order_id);
    expect(ids).not.toContain(old.json.order_id);
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('410');
    // By client order id, a new amount: the freeze is the new amount's.
    const again = await post(MODIFY, {
      market: 'BTC_USDT',
      clientOrderId: 'mod-1',
      amount: '0.02',
    });
    expect(again.json).toMatchObject({ amount: '0.02', price: '41000' });
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('820');
  });

  it('moves a stop order’s activation price and a buy stop-market’s total', async () => {
    const stop = await post(STOP_LIMIT, SELL_STOP);
    const moved = await post(MODIFY, {
      market: 'BTC_USDT',
      orderId: stop.json.order_id,
      activationPrice: '62000',
    });
    expect(moved.json).toMatchObject({ activation_price: '62000', activated: 0, price: '62900' });
    await setPrice('BTC_USDT', '62500');
    expect(await activeIds('BTC_USDT')).toContain(moved.json.order_id);

    const usdt = await balance('USDT');
    const buy = await post(STOP_MARKET, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '100',
      activation_price: '70000',
    });
    const more = await post(MODIFY, {
      market: 'BTC_USDT',
      orderId: buy.json.order_id,
      total: '150',
    });
    expect(more.json).toMatchObject({ amount: '150', type: 'stop market' });
    expect(minus((await balance('USDT')).freeze, usdt.freeze)).toBe('150');
  });

  it('a replacement the balance cannot hold is code 10 and changes nothing', async () => {
    const old = await placeLimit();
    const usdt = await balance('USDT');
    expect(
      await err(MODIFY, { market: 'BTC_USDT', orderId: old.json.order_id, amount: '10' }),
    ).toEqual({
      status: 422,
      code: 10,
      message: 'Validation failed',
      errors: { amount: ['Not enough balance'] },
    });
    expect(await activeIds('BTC_USDT')).toContain(old.json.order_id);
    expect(await balance('USDT')).toEqual(usdt);
  });

  it('validation: 30 identifiers and changes, 31 market, 2 not found, 32/33 numbers', async () => {
    const old = await placeLimit();
    const id = old.json.order_id;
    const shape = async (fields: Rec) => {
      const r = await err(MODIFY, { market: 'BTC_USDT', ...fields });
      return [r.status, r.code, r.errors];
    };
    expect(await shape({ price: '1' })).toEqual([
      422,
      30,
      { orderId: ['Exactly one of orderId and clientOrderId is required.'] },
    ]);
    expect((await shape({ orderId: id, clientOrderId: 'mod-1', price: '1' }))[1]).toBe(30);
    expect(await shape({ orderId: id })).toEqual([
      422,
      30,
      { amount: ['One of amount, total, price and activationPrice is required.'] },
    ]);
    expect((await shape({ orderId: id, amount: '1', total: '1' }))[2]).toEqual({
      total: ['Send amount or total, not both.'],
    });
    expect((await shape({ orderId: id, total: '100' }))[2]).toEqual({
      total: ['Total is for a buy stop-market order only.'],
    });
    expect((await shape({ orderId: id, activationPrice: '100' }))[2]).toEqual({
      activation_price: ['Only a stop order not yet activated has an activation price.'],
    });
    const market = await err(MODIFY, { market: 'NOPE_USDT', orderId: id, price: '1' });
    expect([market.status, market.code, market.errors]).toEqual([
      422,
      31,
      { market: ['Market is not available'] },
    ]);
    expect(await err(MODIFY, { market: 'BTC_USDT', orderId: 1, price: '41000' })).toEqual({
      status: 400,
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });
    expect((await shape({ clientOrderId: 'nobody', price: '41000' })).slice(0, 3)).toEqual([
      400,
      2,
      { clientOrderId: ['Unexecuted order was not found.'] },
    ]);
    expect((await shape({ orderId: id, amount: 'x' })).slice(0, 2)).toEqual([422, 32]);
    expect((await shape({ orderId: id, price: 'x' })).slice(0, 2)).toEqual([422, 33]);
    // The replacement's own checks: below the minimum amount.
    expect((await shape({ orderId: id, amount: '0.00001' })).slice(0, 2)).toEqual([422, 32]);
    expect(await activeIds('BTC_USDT')).toContain(id);
  });
});

describe('POST /api/v4/order/cancel/all', () => {
  it('cancels one market’s orders (active, stop, OCO) and releases their funds; others stay', async () => {
    const eth = await balance('ETH');
    const stop = await post(STOP_MARKET, {
      market: 'ETH_USDT',
      side: 'sell',
      amount: '1',
      activation_price: '2000',
    });
    expect(stop.status).toBe(200);
    const btcIds = await activeIds('BTC_USDT');
    expect((await activeOrders('ETH_USDT')).length).toBeGreaterThan(1);
    expect((await ocoOrders('ETH_USDT')).length).toBe(1);
    const r = await post(CANCEL_ALL, { market: 'ETH_USDT' });
    expect([r.status, r.json]).toEqual([200, []]);
    expect(await activeOrders('ETH_USDT')).toEqual([]);
    expect(await ocoOrders('ETH_USDT')).toEqual([]);
    expect(await activeIds('BTC_USDT')).toEqual(btcIds);
    // The ETH still frozen is only what the ETH_BTC sells hold.
    const ethBtcHeld = (await activeOrders('ETH_BTC'))
      .filter((o) => o.side === 'sell')
      .reduce((sum, o) => sum.plus(String(o.left)), new Decimal(0));
    expect((await balance('ETH')).freeze).toBe(ethBtcHeld.toFixed());
    expect(new Decimal((await balance('ETH')).available).gt(eth.available)).toBe(true);
  });

  it('without a market cancels everything; types without spot cancel nothing', async () => {
    const before = await activeIds();
    expect((await post(CANCEL_ALL, { type: ['margin', 'futures'] })).json).toEqual([]);
    expect(await activeIds()).toEqual(before);
    expect((await post(CANCEL_ALL, { type: ['spot'] })).status).toBe(200);
    expect(await activeIds()).toEqual([]);
    expect((await conditional()).total).toBe(0);
    const all = await post<Record<string, Balance>>('/api/v4/trade-account/balance');
    expect(Object.values(all.json).every((b) => new Decimal(b.freeze).isZero())).toBe(true);
  });

  it('validation: 31 market not available, 30 type not an array or market not a string', async () => {
    expect(await err(CANCEL_ALL, { market: 'NOPE_USDT' })).toEqual({
      status: 422,
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market is not available'] },
    });
    expect(await err(CANCEL_ALL, { type: 'spot' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: { type: ['The type must be an array.'] },
    });
    const bad = await err(CANCEL_ALL, { market: 5, type: ['options'] });
    expect([bad.code, Object.keys(bad.errors ?? {})]).toEqual([30, ['market', 'type']]);
    expect((await activeIds()).length).toBeGreaterThan(30);
  });
});

describe('POST /api/v4/order/kill-switch and /kill-switch/status', () => {
  it('sets a timer; when it passes unreset, the market’s orders are canceled, others stay', async () => {
    const start = Math.floor(clock.ms / 1000);
    const set = await post(KILL_SWITCH, { market: 'BTC_USDT', timeout: '60' });
    expect([set.status, set.json]).toEqual([
      200,
      { market: 'BTC_USDT', startTime: start, cancellationTime: start + 60, types: null },
    ]);
    expect((await post(KILL_STATUS)).json).toEqual([set.json]);
    expect((await post(KILL_STATUS, { market: 'ETH_USDT' })).json).toEqual([]);
    const eth = await activeIds('ETH_USDT');
    clock.ms += 59_000;
    expect((await activeIds('BTC_USDT')).length).toBeGreaterThan(0);
    clock.ms += 1_000;
    expect(await activeIds('BTC_USDT')).toEqual([]);
    expect(await ocoOrders('BTC_USDT')).toEqual([]);
    expect((await conditional('BTC_USDT')).total).toBe(0);
    expect(await activeIds('ETH_USDT')).toEqual(eth);
    expect((await post(KILL_STATUS)).json).toEqual([]);
  });

  it('a new call restarts the timer; timeout null deletes it; types without spot cancel nothing', async () => {
    await post(KILL_SWITCH, { market: 'BTC_USDT', timeout: 30 });
    clock.ms += 25_000;
    const reset = await post(KILL_SWITCH, { market: 'BTC_USDT', timeout: 30, types: ['spot'] });
    expect(reset.json).toMatchObject({ types: ['spot'] });
    clock.ms += 25_000;
    expect((await activeIds('BTC_USDT')).length).toBeGreaterThan(0);
    const deleted = await post(KILL_SWITCH, { market: 'BTC_USDT', timeout: null });
    expect([deleted.status, deleted.json]).toEqual([200, []]);
    clock.ms += 60_000;
    expect((await activeIds('BTC_USDT')).length).toBeGreaterThan(0);
    await post(KILL_SWITCH, { market: 'BTC_USDT', timeout: 5, types: ['margin'] });
    clock.ms += 10_000;
    expect((await activeIds('BTC_USDT')).length).toBeGreaterThan(0);
    expect((await post(KILL_STATUS)).json).toEqual([]);
  });

  it('validation: 30 market and timeout required, timeout 5 to 600, types; 31 market', async () => {
    expect(await err(KILL_SWITCH, {})).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: {
        market: ['The market field is required.'],
        timeout: ['The timeout field is required.'],
      },
    });
    expect(await err(KILL_SWITCH, { market: 'BTC_USDT', timeout: '4' })).toEqual({
      status: 422,
      code: 30,
      message: 'Validation failed',
      errors: { timeout: ['Timeout should be at least 5.'] },
    });
    for (const timeout of [601, 'soon', 12.5]) {
      const r = await err(KILL_SWITCH, { market: 'BTC_USDT', timeout });
      expect([r.code, Object.keys(r.errors ?? {})], String(timeout)).toEqual([30, ['timeout']]);
    }
    for (const types of ['spot', [], ['spot', 'margin', 'futures', 'spot'], ['options']]) {
      const r = await err(KILL_SWITCH, { market: 'BTC_USDT', timeout: 60, types });
      expect([r.code, Object.keys(r.errors ?? {})], JSON.stringify(types)).toEqual([30, ['types']]);
    }
    expect(await err(KILL_SWITCH, { market: 'NOPE_USDT', timeout: 60 })).toEqual({
      status: 422,
      code: 31,
      message: 'Validation failed',
      errors: { market: ['Market is not available'] },
    });
    const status = await err(KILL_STATUS, { market: 'DOT_USDT' });
    expect([status.status, status.code]).toEqual([422, 31]);
    expect((await post(KILL_STATUS)).json).toEqual([]);
  });
});

describe('OCO: the first leg that executes cancels the other', () => {
  it('the take-profit leg fills when the price rises to it; the stop leg is canceled, the freeze released', async () => {
    const [oco] = await ocoOrders('BTC_USDT');
    const take = oco?.take_profit as Rec;
    const stop = oco?.stop_loss as Rec;
    expect(take).toMatchObject({ side: 'sell', type: 'limit', price: '72000', amount: '0.01' });
    await clearActive('BTC_USDT');
    const btc = await balance('BTC');
    const usdt = await balance('USDT');
    await setPrice('BTC_USDT', '72000');
    expect(await ocoOrders('BTC_USDT')).toEqual([]);
    expect((await conditional()).records.map((r) => r.id)).not.toContain(oco?.id);
    expect(await executed('BTC_USDT', take.order_id)).toMatchObject({
      status: 'FILLED',
      dealStock: '0.01',
      dealMoney: '720',
      dealFee: '0.72',
    });
    // The canceled leg is in the order history too, as CANCELED with nothing dealt.
    expect(await executed('BTC_USDT', stop.order_id)).toMatchObject({
      status: 'CANCELED',
      dealStock: '0',
    });
    const after = await balance('BTC');
    expect(minus(btc.freeze, after.freeze)).toBe('0.01');
    expect(after.available).toBe(btc.available);
    expect(minus((await balance('USDT')).available, usdt.available)).toBe('719.28');
    // Once: a second pass over the price changes nothing more.
    await setPrice('BTC_USDT', '72001');
    expect(await balance('BTC')).toEqual(after);
  });

  it('the stop leg activates when the price falls to it and sells; the take-profit leg is canceled', async () => {
    const [oco] = await ocoOrders('BTC_USDT');
    const stop = oco?.stop_loss as Rec;
    expect(stop).toMatchObject({
      type: 'stop limit',
      activation_price: '58000',
      activation_condition: 'lte',
      activated: 0,
      price: '57900',
    });
    await clearActive('BTC_USDT');
    const btc = await balance('BTC');
    await setPrice('BTC_USDT', '58000');
    expect(await ocoOrders('BTC_USDT')).toEqual([]);
    const done = await executed('BTC_USDT', stop.order_id);
    expect(done).toMatchObject({ type: 'stop limit', status: 'FILLED', dealStock: '0.01' });
    expect(new Decimal(String(done?.dealMoney)).gte('579')).toBe(true);
    expect(minus(btc.freeze, (await balance('BTC')).freeze)).toBe('0.01');
    await setPrice('BTC_USDT', '72000');
    expect(await executed('BTC_USDT', (oco?.take_profit as Rec).order_id)).toMatchObject({
      status: 'CANCELED',
      dealStock: '0',
    });
  });

  it('an OTO’s primary is an active order; when it fills, its exits are an OCO of the opposite side, whose stop leg activates and then fills', async () => {
    const oto = (await conditional('BTC_USDT')).records.find((r) => r.type === 'oto') as Rec;
    const primary = oto.conditionalOrder as Rec;
    const listed = (await activeOrders('BTC_USDT')).find((o) => o.order_id === primary.order_id);
    expect(listed).toMatchObject({
      side: 'buy',
      price: '60000',
      amount: '0.005',
      oto: { otoId: oto.id, stopLoss: '56000', takeProfit: '70000' },
    });
    await clearActive('BTC_USDT', true);
    const btc = await balance('BTC');
    await setPrice('BTC_USDT', '60000');
    expect(await executed('BTC_USDT', primary.order_id)).toMatchObject({ status: 'FILLED' });
    const records = (await conditional('BTC_USDT')).records;
    expect(records.map((r) => r.id)).not.toContain(oto.id);
    const exits = (await ocoOrders('BTC_USDT')).find(
      (r) => (r.take_profit as Rec).price === '70000',
    );
    // What the buy received: 0.005 BTC less its 0.1 % fee in BTC (0.000005).
    expect(exits?.stop_loss).toMatchObject({
      side: 'sell',
      type: 'stop limit',
      amount: '0.004995',
      price: '56000',
      activation_price: '56000',
      activated: 0,
    });
    expect(exits?.take_profit).toMatchObject({ side: 'sell', type: 'limit', amount: '0.004995' });
    // The bought BTC is held for the exits.
    const after = await balance('BTC');
    expect(minus(after.freeze, btc.freeze)).toBe('0.004995');
    expect(after.available).toBe(btc.available);
    // Below its stop: the stop leg activates, but a sell at 56000 finds no bid; the OCO stays,
    // listed with the leg activated, until the price comes back to it.
    await setPrice('BTC_USDT', '55000');
    const waiting = (await ocoOrders('BTC_USDT')).find((r) => r.id === exits?.id);
    expect(waiting?.stop_loss).toMatchObject({ activated: 1, deal_stock: '0' });
    const listed2 = (await conditional('BTC_USDT')).records.find((r) => r.id === exits?.id);
    expect(listed2?.stop_loss).toMatchObject({ activated: 1 });
    expect((await balance('BTC')).freeze).toBe(after.freeze);
    await setPrice('BTC_USDT', '56000');
    expect(await executed('BTC_USDT', (exits?.stop_loss as Rec).order_id)).toMatchObject({
      status: 'FILLED',
      dealStock: '0.004995',
      dealMoney: '279.72',
    });
    expect((await ocoOrders('BTC_USDT')).map((r) => r.id)).not.toContain(exits?.id);
    expect(minus(after.freeze, (await balance('BTC')).freeze)).toBe('0.004995');
    await setPrice('BTC_USDT', '70000');
    expect(await executed('BTC_USDT', (exits?.take_profit as Rec).order_id)).toMatchObject({
      status: 'CANCELED',
      dealStock: '0',
    });
  });
});

describe('OCO and OTO cancels', () => {
  it('oco-cancel answers the OCO with both legs canceled and releases the freeze', async () => {
    const [oco] = await ocoOrders('ETH_USDT');
    const eth = await balance('ETH');
    const r = await post('/api/v4/order/oco-cancel', { market: 'ETH_USDT', orderId: oco?.id });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['id', 'stop_loss', 'take_profit']);
    expect(r.json.stop_loss).toMatchObject({
      status: 'CANCELED',
      activation_price: '2800',
      activation_condition: 'lte',
      post_only: false,
    });
    expect(r.json.stop_loss).not.toHaveProperty('positionSide');
    expect(r.json.take_profit).toMatchObject({ status: 'CANCELED', price: '3500' });
    expect(r.json.take_profit).not.toHaveProperty('activation_price');
    expect(await ocoOrders('ETH_USDT')).toEqual([]);
    const after = await balance('ETH');
    expect(minus(eth.freeze, after.freeze)).toBe('0.5');
    expect(minus(after.available, eth.available)).toBe('0.5');
    expect(await err('/api/v4/order/oco-cancel', { market: 'ETH_USDT', orderId: oco?.id })).toEqual(
      {
        status: 400,
        code: 2,
        message: 'Inner validation failed',
        errors: { orderId: ['Unexecuted order was not found.'] },
      },
    );
  });

  it('oco-cancel validation: 30 both or neither identifier, 31 market, 2 by client order id', async () => {
    const [oco] = await ocoOrders('BTC_USDT');
    const both = await err('/api/v4/order/oco-cancel', {
      market: 'BTC_USDT',
      orderId: oco?.id,
      clientOrderId: 'x',
    });
    expect([both.status, both.code, Object.keys(both.errors ?? {})]).toEqual([
      422,
      30,
      ['orderId'],
    ]);
    const neither = await err('/api/v4/order/oco-cancel', { market: 'BTC_USDT' });
    expect([neither.code, Object.keys(neither.errors ?? {})]).toEqual([30, ['orderId']]);
    const missing = await err('/api/v4/order/oco-cancel', { orderId: oco?.id });
    expect([missing.code, Object.keys(missing.errors ?? {})]).toEqual([30, ['market']]);
    const market = await err('/api/v4/order/oco-cancel', { market: 'NOPE_USDT', orderId: oco?.id });
    expect([market.status, market.code]).toEqual([422, 31]);
    expect(
      await err('/api/v4/order/oco-cancel', { market: 'BTC_USDT', clientOrderId: 'nope' }),
    ).toMatchObject({ status: 400, code: 2, errors: { clientOrderId: [expect.any(String)] } });
    expect((await ocoOrders('BTC_USDT')).map((r) => r.id)).toEqual([oco?.id]);
  });

  it('oto-cancel cancels the primary order with its OTO and releases its freeze; errors 30, 31, 2', async () => {
    const oto = (await conditional('XRP_USDT')).records.find((r) => r.type === 'oto') as Rec;
    const primary = oto.conditionalOrder as Rec;
    const usdt = await balance('USDT');
    const r = await post('/api/v4/order/oto-cancel', { market: 'XRP_USDT', otoId: oto.id });
    expect([r.status, r.json]).toEqual([200, []]);
    expect(await activeIds('XRP_USDT')).not.toContain(primary.order_id);
    expect((await conditional('XRP_USDT')).records.map((x) => x.id)).not.toContain(oto.id);
    // 500 * 0.55
    expect(minus(usdt.freeze, (await balance('USDT')).freeze)).toBe('275');
    expect(await err('/api/v4/order/oto-cancel', { market: 'XRP_USDT', otoId: oto.id })).toEqual({
      status: 400,
      code: 2,
      message: 'Inner validation failed',
      errors: { otoId: ['Unexecuted order was not found.'] },
    });
    const missing = await err('/api/v4/order/oto-cancel', { market: 'XRP_USDT' });
    expect([missing.status, missing.code, missing.errors]).toEqual([
      422,
      30,
      { oto_id: ['The oto id field is required.'] },
    ]);
    const market = await err('/api/v4/order/oto-cancel', { market: 'NOPE_USDT', otoId: oto.id });
    expect([market.status, market.code]).toEqual([422, 31]);
  });

  it('conditional-cancel cancels an OCO (releasing its freeze) and an OTO (its primary order)', async () => {
    const page = await conditional('SOL_USDT');
    const oco = page.records.find((r) => r.type === 'oco') as Rec;
    const sol = await balance('SOL');
    const r = await post('/api/v4/order/conditional-cancel', { market: 'SOL_USDT', id: oco.id });
    expect([r.status, r.json]).toEqual([200, []]);
    expect(minus(sol.freeze, (await balance('SOL')).freeze)).toBe('5');
    const oto = (await conditional('BTC_USDT')).records.find((x) => x.type === 'oto') as Rec;
    await post('/api/v4/order/conditional-cancel', { market: 'BTC_USDT', id: oto.id });
    expect(await activeIds('BTC_USDT')).not.toContain((oto.conditionalOrder as Rec).order_id);
    expect(
      await err('/api/v4/order/conditional-cancel', { market: 'BTC_USDT', id: oto.id }),
    ).toEqual({
      status: 400,
      code: 2,
      message: 'Inner validation failed',
      errors: { id: ['Unexecuted order was not found.'] },
    });
  });
});
