import { D, parseAmount } from '../decimal';
import { validation } from '../errors';
import { json, type Ctx, type ExchangeCtx, type Reply, type Route } from '../context';
import { MARKET_BY_NAME } from '../markets';
import { ASSETS } from '../assets';
import type { ConditionalLeg, DealRec, OcoRec, OrderRec, OtoRec, Side } from '../state';
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

export function orderRecord(o: OrderRec): Record<string, unknown> {
  return {
    order_id: o.id,
    client_order_id: o.clientOrderId,
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.timestamp,
    deal_money: o.dealMoney,
    deal_stock: o.dealStock,
    amount: o.amount,
    left: o.left,
    deal_fee: o.dealFee,
    price: o.price,
    postOnly: o.postOnly,
    ioc: o.ioc,
    status: o.status,
    stp: o.stp,
    rpi: o.rpi,
  };
}

/** The currency an order on `market` pays its fee in (the money currency, in the demo). */
const feeAsset = (market: string) => MARKET_BY_NAME.get(market)?.money ?? '';

/**
 * How order history shows a finished order's status: one that stopped part-filled (an IOC
 * remainder) is CANCELED there, with its deals in dealStock (reference: OrderHistoryStatus).
 */
const historyStatus = (o: OrderRec) => (o.status === 'PARTIALLY_FILLED' ? 'CANCELED' : o.status);

/**
 * Executed-order record of trade-account/order/history and accounts/orders (reference:
 * getOrderHistory; `positionSide` is left out for spot orders, as the server does).
 */
export function executedRecord(o: OrderRec): Record<string, unknown> {
  return {
    amount: o.amount,
    price: o.price,
    type: o.type,
    id: o.id,
    clientOrderId: o.clientOrderId,
    side: o.side,
    ctime: o.timestamp,
    ftime: o.ftime ?? o.timestamp,
    dealFee: o.dealFee,
    dealStock: o.dealStock,
    dealMoney: o.dealMoney,
    postOnly: o.postOnly,
    ioc: o.ioc,
    status: historyStatus(o),
    feeAsset: feeAsset(o.market),
    rpi: o.rpi,
    reduceOnly: false,
  };
}

/** Everything said about a deal; the two deal listings each pick theirs, in their order. */
function dealFields(d: DealRec): Record<string, unknown> {
  return {
    id: d.id,
    clientOrderId: d.clientOrderId,
    time: d.time,
    side: d.side,
    role: d.role,
    amount: d.amount,
    price: d.price,
    deal: d.deal,
    fee: d.fee,
    orderId: d.orderId,
    feeAsset: feeAsset(d.market),
    dealOrderId: d.dealOrderId,
    rpi: false,
  };
}

const dealRecord =
  (keys: readonly string[]) =>
  (d: DealRec): Record<string, unknown> => {
    const fields = dealFields(d);
    return Object.fromEntries(keys.map((key) => [key, fields[key]]));
  };

/** A deal of trade-account/executed-history (reference: ExecutedDeal). */
const executedDealRecord = dealRecord([
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

/** A deal of one order, as trade-account/order lists it (reference: getOrderDeals). */
const orderDealRecord = dealRecord([
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

function legRecord(l: ConditionalLeg, withPositionSide: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    order_id: l.id,
    client_order_id: l.clientOrderId,
    market: l.market,
    side: l.side,
    type: l.type,
    timestamp: l.timestamp,
    deal_money: l.dealMoney,
    deal_stock: l.dealStock,
    amount: l.amount,
    left: l.left,
    deal_fee: l.dealFee,
    price: l.price,
    takerFee: l.takerFee,
    makerFee: l.makerFee,
    post_only: l.postOnly,
    mtime: l.mtime,
    status: l.status,
    stp: l.stp,
  };
  if (l.activationPrice !== undefined) {
    out.activation_price = l.activationPrice;
    out.activation_condition = l.activationCondition;
    out.activated = l.activated;
  }
  if (withPositionSide) out.positionSide = l.positionSide;
  return out;
}

function ocoRecord(r: OcoRec, listing: boolean): Record<string, unknown> {
  const base: Record<string, unknown> = { id: r.id };
  if (listing) base.type = 'oco';
  base.stop_loss = legRecord(r.stopLoss, listing);
  base.take_profit = legRecord(r.takeProfit, listing);
  return base;
}

function otoRecord(r: OtoRec): Record<string, unknown> {
  return {
    id: r.id,
    type: 'oto',
    stopLossPrice: r.stopLossPrice,
    takeProfitPrice: r.takeProfitPrice,
    conditionalOrder: legRecord(r.conditionalOrder, true),
  };
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
    return json(orderRecord(order));
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
  casing: true,
  handler: (ctx, ex) => {
    const c = new Checker(ctx.body);
    const market = optionalMarket(c);
    const { offset, limit } = paging(c);
    c.throwIfFailed(30);
    const all = ex.engine.state.conditional.filter((r) => !market || r.market === market);
    const records = all
      .slice(offset, offset + limit)
      .map((r) => (r.kind === 'oco' ? ocoRecord(r, true) : otoRecord(r)));
    return json({ limit, offset, total: all.length, records });
  },
};

const oco: Route = {
  method: 'POST',
  auth: 'signed',
  casing: true,
  handler: (ctx, ex) => {
    const c = new Checker(ctx.body);
    const market = optionalMarket(c);
    const { offset, limit } = paging(c);
    c.throwIfFailed(30);
    const all = ex.engine.state.conditional.filter(
      (r): r is OcoRec => r.kind === 'oco' && (!market || r.market === market),
    );
    return json(all.slice(offset, offset + limit).map((r) => ocoRecord(r, false)));
  },
};

/** Records of one page, keyed by market (the order history and deal listings without a market). */
function byMarket<T extends { market: string }>(
  rows: T[],
  record: (row: T) => Record<string, unknown>,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const row of rows) (out[row.market] ??= []).push(record(row));
  return out;
}

/** `startDate` and `endDate`: Unix seconds, in either casing. */
const dateFilters = (c: Checker) => ({
  startDate: c.int('start_date', undefined, 0, undefined, { key: 'startDate' }),
  endDate: c.int('end_date', undefined, 0, undefined, { key: 'endDate' }),
});

const ORDER_HISTORY_NOT_FOUND = () =>
  validation(30, { orderHistory: ['OrderHistory was not found.'] });

const DAY = 86_400;

/** 00:00 UTC six months before `nowSec`: the earliest order history reaches. */
function sixMonthsAgo(nowSec: number): number {
  const now = new Date(nowSec * 1000);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, now.getUTCDate()) / 1000;
}

const HISTORY_STATUSES: Record<string, (o: OrderRec) => boolean> = {
  ALL: () => true,
  FILLED: (o) => historyStatus(o) === 'FILLED',
  CANCELED: (o) => historyStatus(o) === 'CANCELED',
  // Stopped with part of it dealt.
  PARTIALLY_FILLED: (o) => historyStatus(o) !== 'FILLED' && new D(o.dealStock).gt(0),
};

/**
 * trade-account/order/history and accounts/orders: finished orders (filled and canceled), newest
 * first, keyed by market. `orderId` (first) or `clientOrderId` look one order up whatever the dates
 * and status (an unknown clientOrderId is code 30 `orderHistory`); otherwise `status` (ALL, FILLED,
 * CANCELED, PARTIALLY_FILLED) and a window of at most 31 days (default: the 31 days up to
 * `endDate`, which defaults to and is clamped to now) that reaches back at most six months (00:00
 * UTC).
 */
export function executedHistory(ctx: Ctx, ex: ExchangeCtx): Reply {
  const c = new Checker(ctx.body);
  const market = optionalMarket(c);
  const clientOrderId = c.string('client_order_id');
  const orderId = c.int('order_id', undefined, 1);
  const status = c.raw('status') ?? 'ALL';
  const statusFilter = typeof status === 'string' ? HISTORY_STATUSES[status] : undefined;
  if (!statusFilter) c.add('status', 'The selected status is invalid.');
  const { offset, limit } = paging(c, 500);
  const { startDate, endDate } = dateFilters(c);
  const lookup = orderId !== undefined || !!clientOrderId;
  // Seconds with their fraction: an order finished a moment ago is within "now".
  const nowSec = ex.now() / 1000;
  const end = Math.min(endDate ?? nowSec, nowSec);
  const start = startDate ?? end - 31 * DAY;
  if (!lookup && !c.failed) {
    if (start > end) c.add('startDate', 'The start date must be before the end date.');
    else if (end - start > 31 * DAY)
      c.add('startDate', 'The date range may not be longer than 31 days.');
    else if (start < sixMonthsAgo(nowSec))
      c.add('startDate', 'The start date may not be earlier than 6 months ago.');
  }
  c.throwIfFailed(30);
  const finished = ex.engine.state.history.filter((o) => !market || o.market === market);
  let rows: OrderRec[];
  if (orderId !== undefined) rows = finished.filter((o) => o.id === orderId);
  else if (clientOrderId) {
    rows = finished.filter((o) => o.clientOrderId === clientOrderId);
    if (rows.length === 0) throw ORDER_HISTORY_NOT_FOUND();
  } else {
    rows = finished.filter((o) => {
      const at = o.ftime ?? o.timestamp;
      return statusFilter!(o) && at >= start && at <= end;
    });
  }
  rows.sort((a, b) => (b.ftime ?? b.timestamp) - (a.ftime ?? a.timestamp));
  return json(byMarket(rows.slice(offset, offset + limit), executedRecord));
}

const MARKET_FORMAT = /^[A-Z0-9]+_[A-Z0-9]+$/;

/**
 * trade-account/executed-history: deals newest first, a flat list for a `market`, else keyed by
 * market; `clientOrderId` gives that order's deals (code 30 `orderHistory` when no order has it);
 * `startDate`/`endDate` bound the deal time. Limit 1..500 (50), offset from 0.
 */
const executedDeals: Route = {
  method: 'POST',
  auth: 'signed',
  casing: true,
  handler: (ctx, ex) => {
    ex.engine.sync();
    const state = ex.engine.state;
    const c = new Checker(ctx.body);
    const offset =
      c.int('offset', 0, 0, undefined, { notInteger: 'Offset field should be an integer.' }) ?? 0;
    const limit =
      c.int('limit', 50, 1, 500, { notInteger: 'Limit field should be an integer.' }) ?? 50;
    const clientOrderId = c.string('client_order_id');
    const { startDate, endDate } = dateFilters(c);
    c.throwIfFailed(30);
    const market = c.raw('market');
    const hasMarket = market !== undefined && market !== null && market !== '';
    if (hasMarket && (typeof market !== 'string' || !MARKET_FORMAT.test(market))) {
      c.add('market', 'Market field format is invalid.');
    }
    c.throwIfFailed(31);
    if (
      clientOrderId &&
      ![...state.active, ...state.history].some((o) => o.clientOrderId === clientOrderId)
    ) {
      throw ORDER_HISTORY_NOT_FOUND();
    }
    const rows = state.deals
      .filter(
        (d) =>
          (!hasMarket || d.market === market) &&
          (!clientOrderId || d.clientOrderId === clientOrderId) &&
          (startDate === undefined || d.time >= startDate) &&
          (endDate === undefined || d.time <= endDate),
      )
      .reverse()
      .slice(offset, offset + limit);
    return json(hasMarket ? rows.map(executedDealRecord) : byMarket(rows, executedDealRecord));
  },
};

/** trade-account/order: one order's deals, newest first; an unknown order is an empty page. */
const orderDeals: Route = {
  method: 'POST',
  auth: 'signed',
  casing: true,
  handler: (ctx, ex) => {
    ex.engine.sync();
    const c = new Checker(ctx.body);
    const orderId = c.int('order_id', undefined, 1, undefined, { key: 'orderId' });
    if (!c.has('order_id')) c.add('orderId', 'The order id field is required.');
    const offset = c.int('offset', 0, 0) ?? 0;
    const limit = c.int('limit', 50, 1, 100) ?? 50;
    c.throwIfFailed(30);
    const records = ex.engine.state.deals
      .filter((d) => d.orderId === orderId)
      .reverse()
      .slice(offset, offset + limit)
      .map(orderDealRecord);
    return json({ records, offset, limit });
  },
};

export const tradeRoutes: Record<string, Route> = {
  '/api/v4/order/stock_market': {
    method: 'POST',
    auth: 'signed',
    casing: true,
    placesOrder: true,
    // Deployed semantics (§4): amount in stock for both sides.
    handler: marketOrder('stock', 'stock market'),
  },
  '/api/v4/order/market': {
    method: 'POST',
    auth: 'signed',
    casing: true,
    placesOrder: true,
    // Buy amount in money, sell amount in stock.
    handler: marketOrder('money', 'market'),
  },
  '/api/v4/order/new': {
    method: 'POST',
    auth: 'signed',
    casing: true,
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
      return json(orderRecord(order));
    },
  },
  '/api/v4/order/cancel': {
    method: 'POST',
    auth: 'signed',
    casing: true,
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
      return json(orderRecord(order));
    },
  },
  '/api/v4/order/conditional-cancel': {
    method: 'POST',
    auth: 'signed',
    casing: true,
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
    casing: true,
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
      return json(rows.slice(offset, offset + limit).map(orderRecord));
    },
  },
  '/api/v4/orders/conditional': conditional,
  '/api/v4/conditional-orders': conditional,
  '/api/v4/orders/oco': oco,
  '/api/v4/oco-orders': oco,
  '/api/v4/trade-account/balance': {
    method: 'POST',
    auth: 'signed',
    casing: true,
    // Keyed by ticker: every non-zero balance, or the one asked for (zero too); an unknown ticker
    // is code 30 (reference: http-trade-v4.yaml, tradeAccountBalance).
    handler: (ctx, ex) => {
      ex.engine.sync();
      const c = new Checker(ctx.body);
      const ticker = c.raw('ticker');
      if (ticker !== undefined && ticker !== null && typeof ticker !== 'string') {
        c.add('ticker', 'Ticker field should be a string.');
      } else if (typeof ticker === 'string' && ticker !== '' && !ASSETS.includes(ticker)) {
        c.add('ticker', 'Currency was not found.');
      }
      c.throwIfFailed(30);
      const balance = (asset: string) => {
        const b = ex.engine.state.trade[asset];
        return { available: b?.available ?? '0', freeze: b?.freeze ?? '0' };
      };
      if (typeof ticker === 'string' && ticker !== '') return json({ [ticker]: balance(ticker) });
      const out: Record<string, unknown> = {};
      for (const asset of ASSETS) {
        const b = balance(asset);
        if (!new D(b.available).isZero() || !new D(b.freeze).isZero()) out[asset] = b;
      }
      return json(out);
    },
  },
  '/api/v4/trade-account/order/history': {
    method: 'POST',
    auth: 'signed',
    casing: true,
    handler: (ctx, ex) => {
      ex.engine.sync();
      return executedHistory(ctx, ex);
    },
  },
  '/api/v4/trade-account/executed-history': executedDeals,
  '/api/v4/trade-account/order': orderDeals,
  '/api/v4/accounts/orders': {
    method: 'POST',
    auth: 'bearer',
    scope: 'orders_history.read',
    casing: true,
    handler: (ctx, ex) => {
      ex.engine.sync();
      return executedHistory(ctx, ex);
    },
  },
};
