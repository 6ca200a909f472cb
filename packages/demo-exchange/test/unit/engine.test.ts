import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal';
import { Engine } from '../../src/engine';
import { MARKETS, MARKET_BY_NAME } from '../../src/markets';
import { createSeedState } from '../../src/seed';
import type { ExchangeState, OrderRec } from '../../src/state';

const NOW = 1_795_000_000_000;

/** An engine on a still walk; `clock.ms` is its clock (kill-switch timers run on it). */
function engine(seed = 42, clock = { ms: NOW }): Engine {
  return new Engine(createSeedState(seed, NOW), { seed, now: () => clock.ms, frozenWalk: true });
}

/** A limit buy of `amount` BTC at `price` USDT. */
const buyBtc = (e: Engine, amount: string, price: string) =>
  e.placeLimit({
    market: 'BTC_USDT',
    side: 'buy',
    amount: new Decimal(amount),
    price: new Decimal(price),
  });

/** Per asset: user trade (available + freeze) + market maker + fees collected. */
function totals(s: ExchangeState): Map<string, string> {
  const sums = new Map<string, Decimal>();
  const add = (asset: string, v: string) =>
    sums.set(asset, (sums.get(asset) ?? new Decimal(0)).plus(v));
  for (const [a, b] of Object.entries(s.trade)) {
    add(a, b.available);
    add(a, b.freeze);
  }
  for (const [a, v] of Object.entries(s.maker)) add(a, v);
  for (const [a, v] of Object.entries(s.fees)) add(a, v);
  return new Map([...sums].filter(([, v]) => !v.isZero()).map(([a, v]) => [a, v.toFixed()]));
}

function checkInvariants(s: ExchangeState, initial: Map<string, string>): void {
  for (const [a, b] of Object.entries(s.trade)) {
    expect(new Decimal(b.available).gte(0), `${a} available ${b.available}`).toBe(true);
    expect(new Decimal(b.freeze).gte(0), `${a} freeze ${b.freeze}`).toBe(true);
  }
  for (const [a, v] of Object.entries(s.maker))
    expect(new Decimal(v).gte(0), `maker ${a}`).toBe(true);
  for (const [a, v] of Object.entries(s.fees))
    expect(new Decimal(v).gte(0), `fees ${a}`).toBe(true);
  expect(totals(s)).toEqual(initial);
  // Every fill is a deal: an order's deals add up to exactly what it dealt and paid.
  const byOrder = new Map<number, { stock: Decimal; money: Decimal; fee: Decimal }>();
  for (const d of s.deals) {
    const sum = byOrder.get(d.orderId) ?? {
      stock: new Decimal(0),
      money: new Decimal(0),
      fee: new Decimal(0),
    };
    expect(new Decimal(d.deal).eq(new Decimal(d.amount).times(d.price)), `deal ${d.id}`).toBe(true);
    byOrder.set(d.orderId, {
      stock: sum.stock.plus(d.amount),
      money: sum.money.plus(d.deal),
      fee: sum.fee.plus(d.fee),
    });
  }
  const orders = [
    ...s.history,
    ...s.active,
    ...s.conditional.flatMap((r) => [r.stopLoss, r.takeProfit]),
  ];
  for (const o of orders) {
    const sum = byOrder.get(o.id) ?? {
      stock: new Decimal(0),
      money: new Decimal(0),
      fee: new Decimal(0),
    };
    expect(sum.stock.eq(o.dealStock), `order ${o.id} deals' amount`).toBe(true);
    expect(sum.money.eq(o.dealMoney), `order ${o.id} deals' money`).toBe(true);
    expect(sum.fee.eq(o.dealFee), `order ${o.id} deals' fees`).toBe(true);
  }
  // Frozen funds are exactly the sum of what the active orders (stop orders and OTO primaries
  // among them) and the OCOs hold.
  const frozen = new Map<string, Decimal>();
  const holds = [
    ...s.active.map((o) => ({ market: o.market, side: o.side, frozen: o.frozen })),
    ...s.conditional.map((r) => ({ market: r.market, side: r.stopLoss.side, frozen: r.frozen })),
  ];
  for (const o of holds) {
    const m = MARKET_BY_NAME.get(o.market);
    if (!m) continue;
    const asset = o.side === 'buy' ? m.money : m.stock;
    frozen.set(asset, (frozen.get(asset) ?? new Decimal(0)).plus(o.frozen));
  }
  for (const [a, b] of Object.entries(s.trade)) {
    expect(new Decimal(b.freeze).eq(frozen.get(a) ?? 0), `${a} freeze matches orders`).toBe(true);
  }
}

describe('matching', () => {
  it('market buy by money spends at most the amount; its fee is in the stock it receives', () => {
    const e = engine();
    const usdt = e.available('USDT');
    const btc = e.available('BTC');
    const r = e.placeMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: new Decimal('100'),
      unit: 'money',
      type: 'market',
    });
    if (!r.ok) throw r.error;
    const o = r.value;
    // The money paid is the deal alone: the fee is not taken from it.
    const spent = usdt.minus(e.available('USDT'));
    expect(spent.eq(o.dealMoney)).toBe(true);
    expect(spent.lte(100)).toBe(true);
    expect(new Decimal(o.left).eq(new Decimal(100).minus(spent))).toBe(true);
    // The server's fee is not rounded: exactly dealStock x the taker rate, in BTC.
    expect(o.dealFee).toBe(new Decimal(o.dealStock).times('0.001').toFixed());
    expect(e.available('BTC').minus(btc).eq(new Decimal(o.dealStock).minus(o.dealFee))).toBe(true);
    expect(e.state.fees).toEqual({ BTC: o.dealFee });
  });

  it('a resting buy filled as maker, by hand: pays 610 USDT, receives 0.00999 BTC', () => {
    const e = engine();
    const firstId = e.state.nextId;
    const initial = totals(e.state);
    const usdt = e.available('USDT');
    const btc = e.available('BTC');
    // Above the seeded buys (and the seeded OTO's 60000), so that only this one fills.
    const r = buyBtc(e, '0.01', '61000');
    if (!r.ok) throw r.error;
    // 0.01 x 61000 = 610 frozen: no fee on top, the fee is not paid in USDT.
    expect(r.value.frozen).toBe('610');
    expect(usdt.minus(e.available('USDT')).toFixed()).toBe('610');
    e.setPrice('BTC_USDT', '60999');
    const filled = e.state.history.find((o) => o.id === r.value.id)!;
    // Maker fee 0.1 % of the 0.01 BTC bought: 0.00001 BTC; 0.00999 BTC reach the balance.
    expect(filled).toMatchObject({
      status: 'FILLED',
      dealStock: '0.01',
      dealMoney: '610',
      dealFee: '0.00001',
    });
    expect(usdt.minus(e.available('USDT')).toFixed()).toBe('610');
    expect(e.available('BTC').minus(btc).toFixed()).toBe('0.00999');
    expect(e.state.fees).toEqual({ BTC: '0.00001' });
    expect(e.state.deals.filter((d) => d.orderId === r.value.id)).toMatchObject([
      { side: 'buy', role: 1, amount: '0.01', deal: '610', fee: '0.00001' },
    ]);
    checkInvariants(e.state, initial);
    checkFees(e.state, firstId);
  });

  it('a buy by stock amount is refused only when the deal itself is more than the money held', () => {
    const e = engine();
    const m = MARKET_BY_NAME.get('BTC_USDT')!;
    // Sell all USDT but what a 0.001 BTC buy costs at the book, fee excluded.
    const probe = engine();
    const dry = probe.placeMarket({
      market: m.name,
      side: 'buy',
      amount: new Decimal('0.001'),
      unit: 'stock',
      type: 'stock market',
    });
    if (!dry.ok) throw dry.error;
    const cost = new Decimal(dry.value.dealMoney);
    e.state.trade.USDT!.available = cost.toFixed();
    const r = e.placeMarket({
      market: m.name,
      side: 'buy',
      amount: new Decimal('0.001'),
      unit: 'stock',
      type: 'stock market',
    });
    if (!r.ok) throw r.error;
    expect(r.value.dealMoney).toBe(cost.toFixed());
    expect(e.available('USDT').toFixed()).toBe('0');
  });

  it('a small trade pays its fee, unrounded (a 10 USDT market buy does not trade for free)', () => {
    const e = engine();
    const r = e.placeMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: new Decimal('10'),
      unit: 'money',
      type: 'market',
    });
    if (!r.ok) throw r.error;
    const fee = new Decimal(r.value.dealFee);
    expect(fee.gt(0)).toBe(true);
    // More places than the stock precision (6): nothing was cut off.
    expect(fee.decimalPlaces()).toBeGreaterThan(6);
    expect(fee.eq(new Decimal(r.value.dealStock).times('0.001'))).toBe(true);
  });

  it('maker fills and limit crossings charge the unrounded fee, and the funds add up', () => {
    const e = engine();
    const firstId = e.state.nextId;
    const initial = totals(e.state);
    const m = MARKET_BY_NAME.get('XRP_USDT')!;
    // A limit sell that crosses the bids (taker), and a resting buy filled later (maker).
    const cross = e.placeLimit({
      market: m.name,
      side: 'sell',
      amount: new Decimal('13'),
      price: e.price(m).times('0.99').toDecimalPlaces(m.moneyPrec),
    });
    if (!cross.ok) throw cross.error;
    expect(cross.value.dealFee).toBe(
      new Decimal(cross.value.dealMoney).times(m.takerFee).toFixed(),
    );
    const price = e.price(m).times('0.97').toDecimalPlaces(m.moneyPrec);
    const rest = e.placeLimit({ market: m.name, side: 'buy', amount: new Decimal('11'), price });
    if (!rest.ok) throw rest.error;
    e.setPrice(m.name, price.minus('0.001').toFixed());
    const filled = e.state.history.find((o) => o.id === rest.value.id)!;
    expect(filled.status).toBe('FILLED');
    expect(filled.dealFee).toBe(new Decimal(filled.dealStock).times(m.makerFee).toFixed());
    checkInvariants(e.state, initial);
    checkFees(e.state, firstId);
  });

  it('stock_market amounts are stock on both sides; sells receive money minus fee', () => {
    const e = engine();
    const btc = e.available('BTC');
    const usdt = e.available('USDT');
    const r = e.placeMarket({
      market: 'BTC_USDT',
      side: 'sell',
      amount: new Decimal('0.01'),
      unit: 'stock',
      type: 'stock market',
    });
    if (!r.ok) throw r.error;
    expect(btc.minus(e.available('BTC')).toFixed()).toBe('0.01');
    expect(
      e.available('USDT').minus(usdt).eq(new Decimal(r.value.dealMoney).minus(r.value.dealFee)),
    ).toBe(true);
    expect(r.value.status).toBe('FILLED');
  });

  it('rejects below minimum, off-step, over balance with code 32', () => {
    const e = engine();
    const place = (amount: string, side: 'buy' | 'sell' = 'sell') =>
      e.placeMarket({
        market: 'BTC_USDT',
        side,
        amount: new Decimal(amount),
        unit: 'stock',
        type: 'stock market',
      });
    for (const amount of ['0.00001', '0.0001234567', '1000']) {
      const r = place(amount);
      expect(r.ok).toBe(false);
      if (!r.ok) expect((r.error.body as { code: number }).code).toBe(32);
    }
    const r = place('1000', 'buy');
    expect(!r.ok && r.error.body).toMatchObject({
      code: 32,
      errors: { amount: ['Not enough balance'] },
    });
  });

  it('words a refused amount after its unit: min amount and step of stock, min total of money', () => {
    const e = engine();
    const refusal = (amount: string, unit: 'stock' | 'money') => {
      const r = e.placeMarket({
        market: 'BTC_USDT',
        side: 'buy',
        amount: new Decimal(amount),
        unit,
        type: 'market',
      });
      return !r.ok && r.error.body;
    };
    const amount = (message: string) => ({ code: 32, errors: { amount: [message] } });
    expect(refusal('0.00001', 'stock')).toMatchObject(
      amount('Given amount is less than min amount 0.0001, min amount step is 0.000001.'),
    );
    expect(refusal('0.0001234567', 'stock')).toMatchObject(
      amount('Given amount does not match the amount step 0.000001 (min amount 0.0001).'),
    );
    expect(refusal('4.99', 'money')).toMatchObject(
      amount('Given amount is less than min total 5, min amount step is 0.01.'),
    );
    expect(refusal('5.001', 'money')).toMatchObject(
      amount('Given amount does not match the amount step 0.01 (min total 5).'),
    );
  });

  it('a limit order rests, freezes funds and fills when the price crosses it', () => {
    const e = engine();
    const m = MARKETS[0];
    if (!m) throw new Error('no market');
    const mid = e.price(m);
    const price = mid.times('0.97').toDecimalPlaces(2);
    const r = e.placeLimit({ market: 'BTC_USDT', side: 'buy', amount: new Decimal('0.01'), price });
    if (!r.ok) throw r.error;
    expect(r.value.status).toBe('NEW');
    expect(e.state.active.some((o) => o.id === r.value.id)).toBe(true);
    const btc = e.available('BTC');
    e.setPrice('BTC_USDT', price.minus(1).toFixed());
    expect(e.state.active.some((o) => o.id === r.value.id)).toBe(false);
    // 0.01 BTC less the 0.1 % maker fee, taken in BTC.
    expect(e.available('BTC').minus(btc).toFixed()).toBe('0.00999');
    const filled = e.state.history.find((o) => o.id === r.value.id);
    expect(filled?.status).toBe('FILLED');
    expect(filled?.dealMoney).toBe(price.times('0.01').toFixed());
  });

  it('a crossing limit order executes against the book; post-only is refused', () => {
    const e = engine();
    const m = MARKETS[0];
    if (!m) throw new Error('no market');
    const price = e.price(m).times('1.01').toDecimalPlaces(2);
    const post = e.placeLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: new Decimal('0.01'),
      price,
      postOnly: true,
    });
    expect(post.ok).toBe(false);
    const r = e.placeLimit({ market: 'BTC_USDT', side: 'buy', amount: new Decimal('0.01'), price });
    if (!r.ok) throw r.error;
    expect(r.value.status).toBe('FILLED');
  });

  it('cancel releases the frozen funds; an unknown order is code 2', () => {
    const e = engine();
    const before = e.available('USDT');
    const r = buyBtc(e, '0.01', '40000');
    if (!r.ok) throw r.error;
    expect(e.available('USDT').lt(before)).toBe(true);
    const c = e.cancel('BTC_USDT', { orderId: r.value.id });
    expect(c.ok && c.value.status).toBe('CANCELED');
    expect(e.available('USDT').eq(before)).toBe(true);
    const again = e.cancel('BTC_USDT', { orderId: r.value.id });
    expect(!again.ok && again.error.body).toEqual({
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });
  });

  it('a client order id is unique among open orders of a market', () => {
    const e = engine();
    const place = () =>
      e.placeLimit({
        market: 'BTC_USDT',
        side: 'buy',
        amount: new Decimal('0.01'),
        price: new Decimal('40000'),
        clientOrderId: 'x-1',
      });
    expect(place().ok).toBe(true);
    const r = place();
    expect(!r.ok && (r.error.body as { code: number }).code).toBe(36);
  });

  it('records a deal per fill: taker deals for each book level, a maker deal for a resting fill', () => {
    const e = engine();
    const firstId = e.state.nextId;
    // 12 ETH is more than any one level of the book holds (at most 2 x 4 ETH).
    const r = e.placeMarket({
      market: 'ETH_USDT',
      side: 'sell',
      amount: new Decimal('12'),
      unit: 'stock',
      type: 'stock market',
    });
    if (!r.ok) throw r.error;
    const deals = e.state.deals.filter((d) => d.orderId === r.value.id);
    expect(deals.length).toBeGreaterThan(1);
    expect(deals.every((d) => d.role === 2 && d.side === 'sell' && d.market === 'ETH_USDT')).toBe(
      true,
    );
    // Best bid first, one deal per level, each with its own fee at the taker rate.
    const prices = deals.map((d) => new Decimal(d.price));
    expect(prices.every((p, i) => i === 0 || p.lt(prices[i - 1]!))).toBe(true);
    for (const d of deals) expect(d.fee).toBe(new Decimal(d.deal).times('0.001').toFixed());
    const m = MARKET_BY_NAME.get('ETH_USDT')!;
    const price = e.price(m).times('0.95').toDecimalPlaces(m.moneyPrec);
    const rest = e.placeLimit({ market: m.name, side: 'buy', amount: new Decimal('0.5'), price });
    if (!rest.ok) throw rest.error;
    expect(e.state.deals.some((d) => d.orderId === rest.value.id)).toBe(false);
    e.setPrice(m.name, price.toFixed());
    const maker = e.state.deals.filter((d) => d.orderId === rest.value.id);
    expect(maker).toMatchObject([{ role: 1, price: price.toFixed(), amount: '0.5' }]);
    checkInvariants(e.state, totals(createSeedState(42, NOW)));
    checkFees(e.state, firstId);
  });

  it('the seeded state is consistent', () => {
    const e = engine();
    checkInvariants(e.state, totals(e.state));
    checkFees(e.state, e.state.nextId);
    expect(e.state.active.length).toBeGreaterThanOrEqual(30);
  });
});

// ---- property: balances never go negative, every asset is conserved, triggers execute once ---------

const tradable = MARKETS.filter((m) => m.tradesEnabled);

type Command =
  | {
      kind: 'market';
      m: number;
      side: 'buy' | 'sell';
      unit: 'stock' | 'money';
      k: number;
      extra: number;
    }
  | { kind: 'limit'; m: number; side: 'buy' | 'sell'; k: number; pct: number; ioc: boolean }
  | {
      kind: 'stop';
      m: number;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      k: number;
      /** Activation price, % of the mid price. */
      act: number;
      /** Limit price, % of the activation price. */
      pct: number;
    }
  | { kind: 'modify'; index: number; pct: number; k: number }
  | { kind: 'cancel'; index: number }
  | { kind: 'cancel-all'; m: number | null }
  | { kind: 'cancel-oco'; index: number }
  | { kind: 'kill-switch'; m: number; timeout: number | null; types: string[] | null }
  | { kind: 'time'; seconds: number }
  | { kind: 'advance'; steps: number }
  | { kind: 'price'; m: number; pct: number }
  /** The price set to a waiting stop's (or OCO stop leg's) activation price exactly. */
  | { kind: 'to-stop'; index: number }
  | { kind: 'reset-price'; m: number };

const market = fc.integer({ min: 0, max: tradable.length - 1 });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('market' as const),
    m: market,
    side,
    unit: fc.constantFrom('stock' as const, 'money' as const),
    // Multiples of the minimum, up to far beyond any balance.
    k: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 50, max: 1_000_000 })),
    extra: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('limit' as const),
    m: market,
    side,
    k: fc.integer({ min: 1, max: 5000 }),
    pct: fc.integer({ min: 80, max: 120 }),
    ioc: fc.boolean(),
  }),
  // Stop orders near the price (often), so that the walk reaches some of them.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      m: market,
      side,
      type: fc.constantFrom('limit' as const, 'market' as const),
      k: fc.integer({ min: 1, max: 300 }),
      act: fc.integer({ min: 94, max: 106 }),
      pct: fc.integer({ min: 97, max: 103 }),
    }),
  },
  fc.record({
    kind: fc.constant('modify' as const),
    index: fc.nat(),
    pct: fc.integer({ min: 90, max: 110 }),
    k: fc.integer({ min: 1, max: 2000 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('cancel-all' as const), m: fc.option(market) }),
  fc.record({ kind: fc.constant('cancel-oco' as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant('kill-switch' as const),
    m: market,
    timeout: fc.option(fc.integer({ min: 5, max: 600 })),
    types: fc.option(fc.subarray(['spot', 'margin', 'futures'], { minLength: 1 })),
  }),
  fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 900 }) }),
  // The walk: a few seconds, or hours of it.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      steps: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20_000 })),
    }),
  },
  fc.record({
    kind: fc.constant('price' as const),
    m: market,
    pct: fc.integer({ min: 70, max: 130 }),
  }),
  fc.record({ kind: fc.constant('to-stop' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('reset-price' as const), m: market }),
);

const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list[index % Math.max(1, list.length)];

function run(e: Engine, c: Command, clock: { ms: number }): void {
  switch (c.kind) {
    case 'market': {
      const m = tradable[c.m];
      if (!m) return;
      const min = c.side === 'buy' && c.unit === 'money' ? m.minTotal : m.minAmount;
      // `extra` adds a digit beyond the precision now and then (off-step amounts must be refused).
      const amount = new Decimal(min)
        .times(c.k)
        .plus(c.extra === 9 ? new Decimal('0.0000000001') : 0);
      e.placeMarket({
        market: m.name,
        side: c.side,
        amount,
        unit: c.side === 'buy' ? c.unit : 'stock',
        type: c.unit === 'money' ? 'market' : 'stock market',
      });
      return;
    }
    case 'limit': {
      const m = tradable[c.m];
      if (!m) return;
      const price = e.price(m).times(c.pct).div(100).toDecimalPlaces(m.moneyPrec);
      e.placeLimit({
        market: m.name,
        side: c.side,
        amount: new Decimal(m.minAmount).times(c.k),
        price,
        ioc: c.ioc,
      });
      return;
    }
    case 'stop': {
      const m = tradable[c.m];
      if (!m) return;
      const activationPrice = e.price(m).times(c.act).div(100).toDecimalPlaces(m.moneyPrec);
      if (c.type === 'market') {
        const min = c.side === 'buy' ? m.minTotal : m.minAmount;
        e.placeStopMarket({
          market: m.name,
          side: c.side,
          amount: new Decimal(min).times(c.k),
          activationPrice,
        });
      } else {
        e.placeStopLimit({
          market: m.name,
          side: c.side,
          amount: new Decimal(m.minAmount).times(c.k),
          price: activationPrice.times(c.pct).div(100).toDecimalPlaces(m.moneyPrec),
          activationPrice,
        });
      }
      return;
    }
    case 'modify': {
      const o = pick(e.state.active, c.index);
      const m = o && MARKET_BY_NAME.get(o.market);
      if (!o || !m) return;
      const scaled = (v: string) =>
        new Decimal(v).times(c.pct).div(100).toDecimalPlaces(m.moneyPrec);
      if (o.activationPrice !== undefined && !o.activated) {
        e.modify(o.market, { orderId: o.id }, { activationPrice: scaled(o.activationPrice) });
      } else if (o.type !== 'stop market') {
        e.modify(o.market, { orderId: o.id }, { price: scaled(o.price) });
      } else if (o.side === 'buy') {
        e.modify(o.market, { orderId: o.id }, { total: new Decimal(m.minTotal).times(c.k) });
      } else {
        e.modify(o.market, { orderId: o.id }, { amount: new Decimal(m.minAmount).times(c.k) });
      }
      return;
    }
    case 'cancel': {
      const o = pick(e.state.active, c.index);
      if (o) e.cancel(o.market, { orderId: o.id });
      return;
    }
    case 'cancel-all':
      e.cancelAll(c.m === null ? undefined : tradable[c.m]?.name, null);
      return;
    case 'cancel-oco': {
      const r = pick(e.state.conditional, c.index);
      if (r) e.cancelOco(r.market, { orderId: r.id });
      return;
    }
    case 'kill-switch': {
      const m = tradable[c.m];
      if (m) e.setKillSwitch(m.name, c.timeout, c.types);
      return;
    }
    case 'time':
      clock.ms += c.seconds * 1000;
      e.sync();
      return;
    case 'advance':
      e.advance(c.steps);
      return;
    case 'price': {
      const m = tradable[c.m];
      if (!m) return;
      e.setPrice(m.name, e.price(m).times(c.pct).div(100).toDecimalPlaces(m.moneyPrec).toFixed());
      return;
    }
    case 'to-stop': {
      const stops = [
        ...e.state.active.filter((o) => o.activationPrice !== undefined && !o.activated),
        ...e.state.conditional.map((r) => r.stopLoss).filter((o) => !o.activated),
      ];
      const o = pick(stops, c.index);
      if (o?.activationPrice) e.setPrice(o.market, o.activationPrice);
      return;
    }
    case 'reset-price': {
      const m = tradable[c.m];
      if (m) e.setPrice(m.name, null);
    }
  }
}

/** Money for a market or stop-market buy by money, else stock. */
const byMoney = (o: OrderRec): boolean =>
  o.side === 'buy' && (o.type === 'market' || o.type === 'stop market');

/**
 * Every order exists once (live or finished), executes at most its amount (the orders of the run:
 * the seeded history's market orders are stock-amount records), and a finished order
 * never changes again (`finished`: what each looked like when it finished). A stop whose activation
 * price the market has reached is no longer waiting; no kill-switch timer is overdue.
 */
function checkOnce(
  e: Engine,
  finished: Map<number, string>,
  clock: { ms: number },
  firstId: number,
): void {
  const s = e.state;
  const live = [...s.active, ...s.conditional.flatMap((r) => [r.stopLoss, r.takeProfit])];
  const ids = [...live, ...s.history].map((o) => o.id);
  expect(new Set(ids).size, 'an order is in two places').toBe(ids.length);
  for (const o of [...live, ...s.history].filter((x) => x.id >= firstId)) {
    // A buy's fee is in the stock it receives: a buy by money spends its deals' money alone.
    const executed = new Decimal(byMoney(o) ? o.dealMoney : o.dealStock);
    expect(executed.lte(o.amount), `order ${o.id} executed beyond its amount`).toBe(true);
  }
  for (const o of s.history) {
    const final = JSON.stringify([o.status, o.left, o.dealStock, o.dealMoney, o.dealFee]);
    expect(finished.get(o.id) ?? final, `finished order ${o.id} changed`).toBe(final);
    finished.set(o.id, final);
  }
  const waiting = [
    ...s.active.filter((o) => o.activationPrice !== undefined && !o.activated),
    ...s.conditional.map((r) => r.stopLoss).filter((o) => !o.activated),
  ];
  for (const o of waiting) {
    const m = MARKET_BY_NAME.get(o.market);
    if (!m) continue;
    const mid = e.price(m);
    const reached =
      o.side === 'buy' ? mid.gte(o.activationPrice ?? 0) : mid.lte(o.activationPrice ?? 0);
    expect(reached, `stop ${o.id} reached at ${mid.toFixed()} but waiting`).toBe(false);
    expect(o.dealStock, `stop ${o.id} dealt before its activation`).toBe('0');
  }
  for (const r of s.conditional) {
    expect([r.stopLoss.dealStock, r.takeProfit.dealStock], `OCO ${r.id} dealt`).toEqual(['0', '0']);
  }
  expect(s.killSwitches.every((t) => t.cancellationTime * 1000 > clock.ms)).toBe(true);
}

/**
 * Each deal's fee is the rate (maker or taker) on what its order received, a buy's stock, a sell's
 * money; the fee account holds exactly the fees of the deals made since `firstId` (the seeded ones
 * paid theirs before), each in that asset. Deals never change once made: checking once at the end
 * of a run covers every step.
 */
function checkFees(s: ExchangeState, firstId: number): void {
  const fees = new Map<string, Decimal>();
  for (const d of s.deals) {
    const m = MARKET_BY_NAME.get(d.market)!;
    const rate = d.role === 1 ? m.makerFee : m.takerFee;
    const [received, asset] = d.side === 'buy' ? [d.amount, m.stock] : [d.deal, m.money];
    expect(new Decimal(received).times(rate).eq(d.fee), `deal ${d.id} fee`).toBe(true);
    if (d.id >= firstId) fees.set(asset, (fees.get(asset) ?? new Decimal(0)).plus(d.fee));
  }
  const collected = Object.entries(s.fees).filter(([, v]) => !new Decimal(v).isZero());
  expect(new Map(collected)).toEqual(
    new Map([...fees].filter(([, v]) => !v.isZero()).map(([a, v]) => [a, v.toFixed()])),
  );
}

describe('property: orders, conditional orders, cancels, timers, while the price walks and jumps', () => {
  it('keeps every balance >= 0, conserves each asset (fees counted), executes each trigger once', () => {
    let triggered = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(command, { maxLength: 40 }),
        (seed, commands) => {
          const clock = { ms: NOW };
          const e = engine(seed, clock);
          const initial = totals(e.state);
          const finished = new Map<number, string>();
          const firstId = e.state.nextId;
          for (const c of commands) {
            run(e, c, clock);
            checkInvariants(e.state, initial);
            checkOnce(e, finished, clock, firstId);
          }
          checkFees(e.state, firstId);
          triggered += [...e.state.active, ...e.state.history].filter((o) => o.activated).length;
        },
      ),
      { numRuns: 120 },
    );
    // The runs did trigger stop orders and stop legs (not a vacuous property).
    expect(triggered).toBeGreaterThan(20);
  });
});
