import { parseAmount } from '../decimal';
import { inner, validation } from '../errors';
import { json, type Ctx, type ExchangeCtx, type Reply, type Route } from '../context';
import {
  CONDITIONAL_LEG,
  CONDITIONAL_OCO,
  CONDITIONAL_PAGE,
  EXECUTED,
  OCO,
  OCO_LEG,
  ORDER,
  OTO,
  OTO_ORDER,
  TRADE_BALANCE,
  wire,
  type Casing,
} from '../fields';
import { MARKET_BY_NAME } from '../markets';
import type { ConditionalLeg, OcoRec, OrderRec, OtoRec, Side } from '../state';
import { CLIENT_ORDER_ID, Checker } from '../validate';

/**
 * Spot trading endpoints. Validation order of the order endpoints (codes of the spec):
 * 30 missing market/side/amount (and price for order/new), bad side, bad stp, non-boolean flags ->
 * 36 client order id not a string / bad characters -> 31 market empty or not available ->
 * 32 amount not numeric -> 33 price not numeric (order/new) -> engine: 32 below minimum / step /
 * total / balance, 36 client order id in use by an open order on the market.
 */
const STP: Record<string, string> = {
  no: 'no',
  cancel_both: 'cancel_both',
  cancel_new: 'cancel_new',
  cancel_old: 'cancel_old',
  cb: 'cancel_both',
  cn: 'cancel_new',
  co: 'cancel_old',
};

/** An order (the state's fields under its own names, the id as `orderId`). */
function orderRecord(o: OrderRec, casing: Casing): Record<string, unknown> {
  return wire(ORDER, casing, { ...o, orderId: o.id });
}

/** Executed-order record of trade-account/order/history and accounts/orders. */
function executedRecord(o: OrderRec, casing: Casing): Record<string, unknown> {
  return wire(EXECUTED, casing, { ...o, ctime: o.timestamp, ftime: o.ftime ?? o.timestamp });
}

/** A conditional leg's values, for each table that shows one (OCO_LEG, CONDITIONAL_LEG, OTO_ORDER). */
const legValues = (l: ConditionalLeg) => ({
  ...l,
  orderId: l.id,
  ioc: false,
  rpi: false,
  // The stop leg's only:
  activationPrice: l.activationPrice,
  activationCondition: l.activationCondition,
  activated: l.activated,
});

/** An OCO record of oco-orders. */
function ocoRecord(r: OcoRec, casing: Casing): Record<string, unknown> {
  return wire(OCO, casing, {
    id: r.id,
    stopLoss: wire(OCO_LEG, casing, legValues(r.stopLoss)),
    takeProfit: wire(OCO_LEG, casing, legValues(r.takeProfit)),
  });
}

/** An OCO or OTO record of conditional-orders. */
function conditionalRecord(r: OcoRec | OtoRec, casing: Casing): Record<string, unknown> {
  if (r.kind === 'oco') {
    return wire(CONDITIONAL_OCO, casing, {
      id: r.id,
      type: 'oco',
      stopLoss: wire(CONDITIONAL_LEG, casing, legValues(r.stopLoss)),
      takeProfit: wire(CONDITIONAL_LEG, casing, legValues(r.takeProfit)),
    });
  }
  return wire(OTO, casing, {
    id: r.id,
    type: 'oto',
    stopLossPrice: r.stopLossPrice,
    takeProfitPrice: r.takeProfitPrice,
    conditionalOrder: wire(OTO_ORDER, casing, legValues(r.conditionalOrder)),
  });
}

interface OrderCommon {
  market: string;
  side: Side;
  clientOrderId: string | undefined;
  stp: string | undefined;
}

/** Checks shared by all order-placing endpoints; throws the first failing code's error. */
function orderCommon(c: Checker, extraRequired: string[] = []): OrderCommon {
  const required = ['market', 'side', 'amount', ...extraRequired];
  for (const name of required) {
    if (!c.has(name) || c.raw(name) === null) c.add(name, `The ${name} field is required.`);
  }
  const side = c.raw('side');
  if (side !== undefined && side !== null && side !== 'buy' && side !== 'sell') {
    c.add('side', 'The selected side is invalid.');
  }
  const stpRaw = c.raw('stp');
  let stp: string | undefined;
  if (stpRaw !== undefined && stpRaw !== null) {
    stp = typeof stpRaw === 'string' ? STP[stpRaw] : undefined;
    if (!stp)
      c.add(
        'stp',
        'The selected stp is invalid. Allowed: no, cancel_both, cancel_new, cancel_old.',
      );
  }
  c.bool('postOnly');
  c.bool('ioc');
  c.throwIfFailed(30);

  const cid = c.raw('client_order_id');
  if (cid !== undefined && cid !== null) {
    if (typeof cid !== 'string') c.add('client_order_id', 'The client order id must be a string.');
    else if (cid !== '' && !CLIENT_ORDER_ID.test(cid)) {
      c.add(
        'client_order_id',
        'The client order id may only contain letters, digits, dashes, dots and underscores.',
      );
    }
  }
  c.throwIfFailed(36);

  const market = c.raw('market');
  if (market === '') c.add('market', 'The market field is required.');
  else if (typeof market !== 'string') c.add('market', 'The market must be a string.');
  else {
    const m = MARKET_BY_NAME.get(market);
    if (!m || !m.tradesEnabled) c.add('market', 'Market is not available');
  }
  c.throwIfFailed(31);
  return {
    market: market as string,
    side: side as Side,
    clientOrderId: typeof cid === 'string' && cid !== '' ? cid : undefined,
    stp,
  };
}

function amountOf(c: Checker) {
  const amount = parseAmount(c.raw('amount'));
  if (!amount) c.add('amount', 'Amount should be a numeric string or number.');
  c.throwIfFailed(32);
  return amount as NonNullable<typeof amount>;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: Error }): T {
  if (!r.ok) throw r.error;
  return r.value;
}

function marketOrder(unitForBuy: 'stock' | 'money', type: 'market' | 'stock market') {
  return (ctx: Ctx, ex: ExchangeCtx): Reply => {
    const c = new Checker(ctx.body);
    const common = orderCommon(c);
    const amount = amountOf(c);
    const order = unwrap(
      ex.engine.placeMarket({
        market: common.market,
        side: common.side,
        amount,
        unit: common.side === 'buy' ? unitForBuy : 'stock',
        type,
        clientOrderId: common.clientOrderId,
        stp: common.stp,
      }),
    );
    return json(orderRecord(order, ex.casing));
  };
}

function paging(c: Checker, maxLimit = 100, defLimit = 50) {
  // The spec gives offset a minimum only (0); limit 1..100 (1..500 for order history, §6).
  const offset = c.int('offset', 0, 0) ?? 0;
  const limit = c.int('limit', defLimit, 1, maxLimit) ?? defLimit;
  return { offset, limit };
}

function optionalMarket(c: Checker): string | undefined {
  const market = c.string('market');
  if (market !== undefined && market !== '' && !MARKET_BY_NAME.has(market)) {
    c.add('market', 'Market is not available');
  }
  return market || undefined;
}

const conditional: Route = {
  method: 'POST',
  auth: 'signed',
  handler: (ctx, ex) => {
    const c = new Checker(ctx.body);
    const market = optionalMarket(c);
    const { offset, limit } = paging(c);
    c.throwIfFailed(30);
    const all = ex.engine.state.conditional.filter((r) => !market || r.market === market);
    const records = all.slice(offset, offset + limit).map((r) => conditionalRecord(r, ex.casing));
    return json(wire(CONDITIONAL_PAGE, ex.casing, { limit, offset, total: all.length, records }));
  },
};

const oco: Route = {
  method: 'POST',
  auth: 'signed',
  handler: (ctx, ex) => {
    const c = new Checker(ctx.body);
    const market = optionalMarket(c);
    const { offset, limit } = paging(c);
    c.throwIfFailed(30);
    const all = ex.engine.state.conditional.filter(
      (r): r is OcoRec => r.kind === 'oco' && (!market || r.market === market),
    );
    return json(all.slice(offset, offset + limit).map((r) => ocoRecord(r, ex.casing)));
  },
};

/** Filters of trade-account/order/history and accounts/orders (executed orders, keyed by market). */
export function executedHistory(ctx: Ctx, ex: ExchangeCtx): Reply {
  const c = new Checker(ctx.body);
  const market = optionalMarket(c);
  const clientOrderId = c.string('client_order_id');
  const { offset, limit } = paging(c, 500);
  const startDate = c.int('start_date', undefined, 0);
  const endDate = c.int('end_date', undefined, 0);
  if (startDate !== undefined && endDate !== undefined) {
    if (startDate > endDate) c.add('startDate', 'The start date must be before the end date.');
    else if (endDate - startDate > 31 * 86400)
      c.add('startDate', 'The date range may not be longer than 31 days.');
  }
  c.throwIfFailed(30);
  const rows = ex.engine.state.history
    .filter(
      (o) =>
        new Set(['FILLED', 'PARTIALLY_FILLED']).has(o.status) &&
        (!market || o.market === market) &&
        (!clientOrderId || o.clientOrderId === clientOrderId) &&
        (startDate === undefined || (o.ftime ?? o.timestamp) >= startDate) &&
        (endDate === undefined || (o.ftime ?? o.timestamp) <= endDate),
    )
    .sort((a, b) => (b.ftime ?? 0) - (a.ftime ?? 0))
    .slice(offset, offset + limit);
  const out: Record<string, unknown[]> = {};
  for (const o of rows) (out[o.market] ??= []).push(executedRecord(o, ex.casing));
  return json(out);
}

export const tradeRoutes: Record<string, Route> = {
  '/api/v4/order/stock_market': {
    method: 'POST',
    auth: 'signed',
    placesOrder: true,
    // Deployed semantics (§4): amount in stock for both sides.
    handler: marketOrder('stock', 'stock market'),
  },
  '/api/v4/order/market': {
    method: 'POST',
    auth: 'signed',
    placesOrder: true,
    // Buy amount in money, sell amount in stock.
    handler: marketOrder('money', 'market'),
  },
  '/api/v4/order/new': {
    method: 'POST',
    auth: 'signed',
    placesOrder: true,
    handler: (ctx, ex) => {
      const c = new Checker(ctx.body);
      const common = orderCommon(c, ['price']);
      const amount = amountOf(c);
      const price = parseAmount(c.raw('price'));
      if (!price) c.add('price', 'Price should be a numeric string or number.');
      c.throwIfFailed(33);
      const order = unwrap(
        ex.engine.placeLimit({
          market: common.market,
          side: common.side,
          amount,
          price: price as NonNullable<typeof price>,
          clientOrderId: common.clientOrderId,
          stp: common.stp,
          postOnly: c.raw('post_only') === true,
          ioc: c.raw('ioc') === true,
        }),
      );
      return json(orderRecord(order, ex.casing));
    },
  },
  '/api/v4/order/cancel': {
    method: 'POST',
    auth: 'signed',
    handler: (ctx, ex) => {
      const c = new Checker(ctx.body);
      const market = c.string('market', true);
      const orderIdRaw = c.raw('order_id');
      const cidRaw = c.raw('client_order_id');
      const hasId = orderIdRaw !== undefined && orderIdRaw !== null;
      const hasCid = cidRaw !== undefined && cidRaw !== null && cidRaw !== '';
      if (hasId === hasCid)
        c.add('orderId', 'Exactly one of orderId and clientOrderId is required.');
      const orderId = hasId ? c.int('order_id', undefined, 1) : undefined;
      const clientOrderId = hasCid ? c.string('client_order_id') : undefined;
      c.throwIfFailed(30);
      if (market === '' || !MARKET_BY_NAME.get(market ?? '')?.tradesEnabled) {
        throw validation(31, { market: ['Market is not available'] });
      }
      const order = unwrap(ex.engine.cancel(market ?? '', { orderId, clientOrderId }));
      return json(orderRecord(order, ex.casing));
    },
  },
  '/api/v4/order/conditional-cancel': {
    method: 'POST',
    auth: 'signed',
    handler: (ctx, ex) => {
      const c = new Checker(ctx.body);
      const market = c.string('market', true);
      const id = c.int('id', undefined, 1);
      if (id === undefined) c.add('id', 'The id field is required.');
      c.throwIfFailed(30);
      unwrap(ex.engine.cancelConditional(market ?? '', id!));
      return json([]);
    },
  },
  '/api/v4/orders': {
    method: 'POST',
    auth: 'signed',
    handler: (ctx, ex) => {
      ex.engine.sync();
      const c = new Checker(ctx.body);
      const market = optionalMarket(c);
      const orderId = c.int('order_id', undefined, 1);
      const clientOrderId = c.string('client_order_id');
      const { offset, limit } = paging(c);
      c.throwIfFailed(30);
      const rows = ex.engine.state.active.filter(
        (o) =>
          (!market || o.market === market) &&
          (orderId === undefined || o.id === orderId) &&
          (!clientOrderId || o.clientOrderId === clientOrderId),
      );
      return json(rows.slice(offset, offset + limit).map((o) => orderRecord(o, ex.casing)));
    },
  },
  '/api/v4/orders/conditional': conditional,
  '/api/v4/conditional-orders': conditional,
  '/api/v4/orders/oco': oco,
  '/api/v4/oco-orders': oco,
  '/api/v4/trade-account/balance': {
    method: 'POST',
    auth: 'signed',
    handler: (ctx, ex) => {
      ex.engine.sync();
      const c = new Checker(ctx.body);
      const ticker = c.string('ticker');
      c.throwIfFailed(30);
      const trade = ex.engine.state.trade;
      if (ticker) {
        const entry = trade[ticker];
        if (!entry) throw inner({ ticker: ['Currency not found.'] });
        return json(wire(TRADE_BALANCE, ex.casing, entry));
      }
      const out: Record<string, unknown> = {};
      for (const [asset, b] of Object.entries(trade))
        out[asset] = wire(TRADE_BALANCE, ex.casing, b);
      return json(out);
    },
  },
  '/api/v4/trade-account/order/history': {
    method: 'POST',
    auth: 'signed',
    handler: (ctx, ex) => {
      ex.engine.sync();
      return executedHistory(ctx, ex);
    },
  },
  '/api/v4/accounts/orders': {
    method: 'POST',
    auth: 'bearer',
    scope: 'orders_history.read',
    handler: (ctx, ex) => {
      ex.engine.sync();
      return executedHistory(ctx, ex);
    },
  },
};
