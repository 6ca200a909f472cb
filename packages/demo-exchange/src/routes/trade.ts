import { Decimal, parseAmount } from '../decimal';
import { validation, type Result } from '../errors';
import {
  json,
  signedPost,
  type ExchangeContext,
  type Reply,
  type Route,
  type RouteContext,
} from '../context';
import {
  CONDITIONAL_LEG,
  CONDITIONAL_OCO,
  CONDITIONAL_PAGE,
  EXECUTED,
  EXECUTED_DEAL,
  KILL_SWITCH,
  OCO,
  OCO_LEG,
  ORDER,
  ORDER_DEAL,
  ORDER_DEALS_PAGE,
  OTO,
  OTO_LINK,
  OTO_ORDER,
  TRADE_BALANCE,
  wire,
  type Casing,
} from '../fields';
import type { Engine, ModifyInput, OrderRef } from '../engine';
import { MARKET_BY_NAME, feeAsset } from '../markets';
import { ASSETS } from '../assets';
import type { DealRec, KillSwitchRec, OcoRec, OrderRec, OtoLink, Side } from '../state';
import { CLIENT_ORDER_ID, type Checker } from '../validate';

/**
 * Spot trading endpoints. Validation order of the order endpoints (codes of the spec):
 * 30 missing market/side/amount (and price for order/new and stop_limit, activation_price for the
 * stop orders), bad side, bad stp, non-boolean flags -> 36 client order id not a string (null
 * included) / bad characters -> 31 market empty or not available -> 32 amount not numeric -> 33 price or activation
 * price not numeric -> engine: 32 below minimum / step, 33 price or activation price not positive or
 * off its precision, 32 total / balance, 36 client order id in use by an open order on the market.
 *
 * Fields the specification names keep its casing; fields only the OpenAPI names (stop orders'
 * activation fields on order records, an OTO primary's `oto`, kill-switch timers) take the
 * OpenAPI's names.
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

/** The abbreviated form the deployed server answers with, "even when the request used a legacy value". */
const STP_SHORT: Record<string, string> = {
  no: 'no',
  cancel_both: 'cb',
  cancel_new: 'cn',
  cancel_old: 'co',
};

/** An order's `stp` (stored long) as the casing answers it: deployed short, spec long. */
const stpOut = (stp: string, casing: Casing) =>
  casing === 'deployed' ? (STP_SHORT[stp] ?? stp) : stp;

/** REST's status of an order: NEW is a WebSocket value, REST says OPEN (reference: OrderStatus). */
const restStatus = (status: string) => (status === 'NEW' ? 'OPEN' : status);

/** Order shapes without a price: the deployed server omits it there (OrderResponse.price). */
const PRICELESS = new Set(['market', 'stock market', 'stop market']);

/** Derived from the side, never stored: a buy stop triggers at or above its price, a sell below. */
const activationCondition = (side: Side): string => (side === 'buy' ? 'gte' : 'lte');

/** The stop fields of an order or leg (only a stop has them), and its OTO link. */
const stopValues = (order: OrderRec) =>
  order.activationPrice === undefined
    ? {}
    : {
        activationPrice: order.activationPrice,
        activationCondition: activationCondition(order.side),
        activated: order.activated ?? 0,
      };

const otoLink = (order: OrderRec, casing: Casing) =>
  order.oto
    ? wire(OTO_LINK, casing, {
        otoId: order.oto.id,
        stopLoss: order.oto.stopLossPrice,
        takeProfit: order.oto.takeProfitPrice,
      })
    : undefined;

/**
 * An order (the state's fields under its own names, the id as `orderId`). `created`: the answer of
 * an order-creation endpoint, which has no `reduceOnly`.
 */
function orderRecord(order: OrderRec, casing: Casing, created = false): Record<string, unknown> {
  return wire(ORDER, casing, {
    ...order,
    orderId: order.id,
    price: casing === 'deployed' && PRICELESS.has(order.type) ? undefined : order.price,
    status: restStatus(order.status),
    stp: stpOut(order.stp, casing),
    reduceOnly: created ? undefined : false,
    activationPrice: undefined,
    activationCondition: undefined,
    activated: undefined,
    ...stopValues(order),
    oto: otoLink(order, casing),
  });
}

/**
 * How order history shows a finished order's status: one that stopped part-filled (an IOC
 * remainder) is CANCELED there, with its deals in dealStock (reference: OrderHistoryStatus).
 */
const historyStatus = (order: OrderRec) =>
  order.status === 'PARTIALLY_FILLED' ? 'CANCELED' : order.status;

/**
 * Executed-order record of trade-account/order/history and accounts/orders (reference:
 * getOrderHistory; `positionSide` is left out for spot orders, as the server does).
 */
function executedRecord(order: OrderRec, casing: Casing): Record<string, unknown> {
  return wire(EXECUTED, casing, {
    ...order,
    ctime: order.timestamp,
    ftime: order.ftime ?? order.timestamp,
    status: historyStatus(order),
    feeAsset: feeAsset(order),
    reduceOnly: false,
  });
}

/** A deal's values, for the two deal listings (EXECUTED_DEAL, ORDER_DEAL). */
const dealValues = (deal: DealRec) => ({ ...deal, feeAsset: feeAsset(deal), rpi: false });

/** A deal of trade-account/executed-history (reference: ExecutedDeal). */
const executedDealRecord = (deal: DealRec, casing: Casing) =>
  wire(EXECUTED_DEAL, casing, dealValues(deal));

/** A deal of one order, as trade-account/order lists it (reference: getOrderDeals). */
const orderDealRecord = (deal: DealRec, casing: Casing) =>
  wire(ORDER_DEAL, casing, dealValues(deal));

/** A conditional leg's values, for each table that shows one (OCO_LEG, CONDITIONAL_LEG, OTO_ORDER). */
const legValues = (leg: OrderRec, casing: Casing) => ({
  ...leg,
  orderId: leg.id,
  status: restStatus(leg.status),
  stp: stpOut(leg.stp, casing),
  reduceOnly: false,
  positionSide: leg.positionSide,
  mtime: leg.mtime ?? leg.timestamp,
  activationPrice: undefined,
  activationCondition: undefined,
  activated: undefined,
  ...stopValues(leg),
});

/** An OCO record of oco-orders (and of oco-cancel). */
function ocoRecord(oco: OcoRec, casing: Casing): Record<string, unknown> {
  return wire(OCO, casing, {
    id: oco.id,
    stopLoss: wire(OCO_LEG, casing, legValues(oco.stopLoss, casing)),
    takeProfit: wire(OCO_LEG, casing, legValues(oco.takeProfit, casing)),
  });
}

/** An OCO record of conditional-orders. */
function conditionalOcoRecord(oco: OcoRec, casing: Casing): Record<string, unknown> {
  return wire(CONDITIONAL_OCO, casing, {
    id: oco.id,
    type: 'oco',
    stopLoss: wire(CONDITIONAL_LEG, casing, legValues(oco.stopLoss, casing)),
    takeProfit: wire(CONDITIONAL_LEG, casing, legValues(oco.takeProfit, casing)),
  });
}

/** An OTO record of conditional-orders: its primary order (an active order with `oto`). */
function otoRecord(primary: OrderRec, oto: OtoLink, casing: Casing): Record<string, unknown> {
  return wire(OTO, casing, {
    id: oto.id,
    type: 'oto',
    stopLossPrice: oto.stopLossPrice,
    takeProfitPrice: oto.takeProfitPrice,
    conditionalOrder: wire(OTO_ORDER, casing, {
      ...legValues(primary, casing),
      oto: otoLink(primary, casing),
    }),
  });
}

function killSwitchRecord(timer: KillSwitchRec, casing: Casing): Record<string, unknown> {
  return wire(KILL_SWITCH, casing, timer);
}

interface OrderCommon {
  market: string;
  side: Side;
  clientOrderId: string | undefined;
  stp: string | undefined;
}

/** An optional `stp`, long or short form (a bad one is recorded under `stp`, code 30). */
function stpOf(check: Checker): string | undefined {
  const raw = check.raw('stp');
  if (raw === undefined || raw === null) return undefined;
  const stp = typeof raw === 'string' ? STP[raw] : undefined;
  if (!stp) {
    check.add(
      'stp',
      'The selected stp is invalid. Allowed: no, cancel_both, cancel_new, cancel_old.',
    );
  }
  return stp;
}

/** Checks shared by all order-placing endpoints; throws the first failing code's error. */
function orderCommon(check: Checker, extraRequired: string[] = []): OrderCommon {
  const required = ['market', 'side', 'amount', ...extraRequired];
  for (const name of required) {
    if (!check.has(name) || check.raw(name) === null) {
      check.add(name, `The ${name.replace(/_/g, ' ')} field is required.`);
    }
  }
  const side = check.raw('side');
  if (side !== undefined && side !== null && side !== 'buy' && side !== 'sell') {
    check.add('side', 'The selected side is invalid.');
  }
  const stp = stpOf(check);
  check.bool('postOnly');
  check.bool('ioc');
  check.throwIfFailed(30);

  // Sent, it must be a string: null is refused, as the deployed server refuses it.
  const cid = check.raw('client_order_id');
  if (check.has('client_order_id')) {
    if (typeof cid !== 'string')
      check.add('client_order_id', 'ClientOrderId field should be a string.');
    else if (cid !== '' && !CLIENT_ORDER_ID.test(cid)) {
      check.add(
        'client_order_id',
        'The client order id may only contain letters, digits, dashes, dots and underscores.',
      );
    }
  }
  check.throwIfFailed(36);

  const marketName = check.raw('market');
  if (marketName === '') check.add('market', 'The market field is required.');
  else if (typeof marketName !== 'string') check.add('market', 'The market must be a string.');
  else {
    const market = MARKET_BY_NAME.get(marketName);
    if (!market || !market.tradesEnabled) check.add('market', 'Market is not available');
  }
  check.throwIfFailed(31);
  return {
    market: marketName as string,
    side: side as Side,
    clientOrderId: typeof cid === 'string' && cid !== '' ? cid : undefined,
    stp,
  };
}

const LABEL: Record<string, string> = {
  amount: 'Amount',
  total: 'Total',
  price: 'Price',
  activation_price: 'Activation price',
};

/**
 * Numeric fields (a numeric string or a JSON number); any other value is an error under its field,
 * thrown with `code` (32 amounts, 33 prices). An absent field stays undefined.
 */
function numbersOf(
  check: Checker,
  names: string[],
  code: number,
): Record<string, Decimal | undefined> {
  const out: Record<string, Decimal | undefined> = {};
  for (const name of names) {
    const raw = check.raw(name);
    if (raw === undefined || raw === null) continue;
    const value = parseAmount(raw);
    if (value) out[name] = value;
    else check.add(name, `${LABEL[name] ?? name} should be a numeric string or number.`);
  }
  check.throwIfFailed(code);
  return out;
}

/** The amount of an order-placing endpoint (present: orderCommon required it). */
const amountOf = (check: Checker): Decimal => numbersOf(check, ['amount'], 32).amount as Decimal;

/** `orderId` or `clientOrderId`, exactly one (code 30 under orderId otherwise). */
function orderRef(check: Checker): OrderRef {
  const orderIdRaw = check.raw('order_id');
  const cidRaw = check.raw('client_order_id');
  const hasId = orderIdRaw !== undefined && orderIdRaw !== null;
  const hasCid = cidRaw !== undefined && cidRaw !== null && cidRaw !== '';
  if (hasId === hasCid)
    check.add('orderId', 'Exactly one of orderId and clientOrderId is required.');
  return {
    orderId: hasId ? check.int('order_id', undefined, 1) : undefined,
    clientOrderId: hasCid ? check.string('client_order_id') : undefined,
  };
}

/** After the code-30 checks (a missing market among them): the market must be tradable (31). */
function tradable(check: Checker, market: string | undefined): string {
  check.throwIfFailed(30);
  if (market === '' || !MARKET_BY_NAME.get(market ?? '')?.tradesEnabled) {
    throw validation(31, { market: ['Market is not available'] });
  }
  return market ?? '';
}

/** Kill-switch seconds, 5 to 600 (number or digit string); null deletes, absent is an error. */
function timeoutOf(check: Checker): number | null {
  if (!check.has('timeout')) {
    check.add('timeout', 'The timeout field is required.');
    return null;
  }
  const raw = check.raw('timeout');
  if (raw === null) return null;
  const seconds =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d+$/.test(raw)
        ? Number(raw)
        : NaN;
  if (!Number.isSafeInteger(seconds)) check.add('timeout', 'Timeout should be an integer.');
  else if (seconds < 5) check.add('timeout', 'Timeout should be at least 5.');
  else if (seconds > 600) check.add('timeout', 'Timeout should not be greater than 600.');
  else return seconds;
  return null;
}

/** An optional list of order types (`spot`, `margin`, `futures`); null when absent. */
function typesOf(check: Checker, name: string, max?: number): string[] | null {
  const raw = check.raw(name);
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) {
    check.add(name, `The ${name} must be an array.`);
    return null;
  }
  if (raw.length === 0 || (max !== undefined && raw.length > max)) {
    check.add(name, `The ${name} must have between 1 and ${max ?? 3} items.`);
  } else if (!raw.every((t) => t === 'spot' || t === 'margin' || t === 'futures')) {
    check.add(name, `The selected ${name} is invalid. Allowed: spot, margin, futures.`);
  }
  return raw as string[];
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: Error }): T {
  if (!r.ok) throw r.error;
  return r.value;
}

function marketOrder(unitForBuy: 'stock' | 'money', type: 'market' | 'stock market') {
  return ({ check }: RouteContext, exchange: ExchangeContext): Reply => {
    const common = orderCommon(check);
    const amount = amountOf(check);
    const order = unwrap(
      exchange.engine.placeMarket({
        market: common.market,
        side: common.side,
        amount,
        unit: common.side === 'buy' ? unitForBuy : 'stock',
        type,
        clientOrderId: common.clientOrderId,
        stp: common.stp,
      }),
    );
    return json(orderRecord(order, exchange.casing, true));
  };
}

/** stop_limit (`price` and `activation_price`) or stop_market (`activation_price`). */
function stopOrder(prices: string[]) {
  return ({ check }: RouteContext, exchange: ExchangeContext): Reply => {
    const common = orderCommon(check, prices);
    const amount = amountOf(check);
    const { price, activation_price } = numbersOf(check, prices, 33);
    const input = { ...common, amount, activationPrice: activation_price as Decimal };
    const order = unwrap(
      price
        ? exchange.engine.placeStopLimit({ ...input, price })
        : exchange.engine.placeStopMarket(input),
    );
    return json(orderRecord(order, exchange.casing, true));
  };
}

/** conditional-cancel (`id`), oto-cancel (`otoId`): a market and a required id (30); `[]`. */
function cancelById(
  field: string,
  cancel: (engine: Engine, market: string, id: number) => Result<true>,
) {
  return ({ check }: RouteContext, exchange: ExchangeContext): Reply => {
    const market = check.string('market', true);
    const id = check.int(field, undefined, 1);
    if (id === undefined && !check.errors[field]) {
      check.add(field, `The ${field.replace(/_/g, ' ')} field is required.`);
    }
    check.throwIfFailed(30);
    unwrap(cancel(exchange.engine, market ?? '', id ?? 0));
    return json([]);
  };
}

function paging(check: Checker, maxLimit = 100, defLimit = 50) {
  // The spec gives offset a minimum only (0); limit 1..100 (1..500 for order history, §6).
  const offset = check.int('offset', 0, 0) ?? 0;
  const limit = check.int('limit', defLimit, 1, maxLimit) ?? defLimit;
  return { offset, limit };
}

function optionalMarket(check: Checker): string | undefined {
  const market = check.string('market');
  if (market !== undefined && market !== '' && !MARKET_BY_NAME.has(market)) {
    check.add('market', 'Market is not available');
  }
  return market || undefined;
}

/** OCOs and OTOs (their primary orders), oldest first. */
const conditionalOrders = signedPost(({ check }, exchange) => {
  const market = optionalMarket(check);
  const { offset, limit } = paging(check);
  check.throwIfFailed(30);
  exchange.engine.sync();
  const { state } = exchange.engine;
  const all: { id: number; record: () => Record<string, unknown> }[] = [
    ...state.conditional
      .filter((r) => !market || r.market === market)
      .map((r) => ({ id: r.id, record: () => conditionalOcoRecord(r, exchange.casing) })),
    ...state.active.flatMap((o) =>
      o.oto && (!market || o.market === market)
        ? [{ id: o.oto.id, record: () => otoRecord(o, o.oto as OtoLink, exchange.casing) }]
        : [],
    ),
  ].sort((a, b) => a.id - b.id);
  const records = all.slice(offset, offset + limit).map((r) => r.record());
  return json(
    wire(CONDITIONAL_PAGE, exchange.casing, { limit, offset, total: all.length, records }),
  );
});

const ocoOrders = signedPost(({ check }, exchange) => {
  const market = optionalMarket(check);
  const { offset, limit } = paging(check);
  check.throwIfFailed(30);
  exchange.engine.sync();
  const all = exchange.engine.state.conditional.filter((r) => !market || r.market === market);
  return json(all.slice(offset, offset + limit).map((r) => ocoRecord(r, exchange.casing)));
});

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
const dateFilters = (check: Checker) => ({
  startDate: check.int('start_date', undefined, 0, undefined, { key: 'startDate' }),
  endDate: check.int('end_date', undefined, 0, undefined, { key: 'endDate' }),
});

const ORDER_HISTORY_NOT_FOUND = () =>
  validation(30, { orderHistory: ['OrderHistory was not found.'] });

const DAY = 86_400;

/** 00:00 UTC six months before `nowSec`: the earliest order history reaches. */
function sixMonthsAgo(nowSec: number): number {
  const now = new Date(nowSec * 1000);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, now.getUTCDate()) / 1000;
}

const HISTORY_STATUSES: Record<string, (order: OrderRec) => boolean> = {
  ALL: () => true,
  FILLED: (o) => historyStatus(o) === 'FILLED',
  CANCELED: (o) => historyStatus(o) === 'CANCELED',
  // Stopped with part of it dealt.
  PARTIALLY_FILLED: (o) => historyStatus(o) !== 'FILLED' && new Decimal(o.dealStock).gt(0),
};

/**
 * trade-account/order/history and accounts/orders: finished orders (filled and canceled), newest
 * first, keyed by market. `orderId` (first) or `clientOrderId` look one order up whatever the dates
 * and status (an unknown clientOrderId is code 30 `orderHistory`); otherwise `status` (ALL, FILLED,
 * CANCELED, PARTIALLY_FILLED) and a window of at most 31 days (default: the 31 days up to
 * `endDate`, which defaults to and is clamped to now) that reaches back at most six months (00:00
 * UTC).
 */
function executedHistory({ check }: RouteContext, exchange: ExchangeContext): Reply {
  const market = optionalMarket(check);
  const clientOrderId = check.string('client_order_id');
  const orderId = check.int('order_id', undefined, 1);
  const status = check.raw('status') ?? 'ALL';
  const statusFilter = typeof status === 'string' ? HISTORY_STATUSES[status] : undefined;
  if (!statusFilter) check.add('status', 'The selected status is invalid.');
  const { offset, limit } = paging(check, 500);
  const { startDate, endDate } = dateFilters(check);
  const lookup = orderId !== undefined || !!clientOrderId;
  // Seconds with their fraction: an order finished a moment ago is within "now".
  const nowSec = exchange.now() / 1000;
  const end = Math.min(endDate ?? nowSec, nowSec);
  const start = startDate ?? end - 31 * DAY;
  if (!lookup && !check.failed) {
    if (start > end) check.add('startDate', 'The start date must be before the end date.');
    else if (end - start > 31 * DAY)
      check.add('startDate', 'The date range may not be longer than 31 days.');
    else if (start < sixMonthsAgo(nowSec))
      check.add('startDate', 'The start date may not be earlier than 6 months ago.');
  }
  check.throwIfFailed(30);
  const finished = exchange.engine.state.history.filter((o) => !market || o.market === market);
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
  return json(
    byMarket(rows.slice(offset, offset + limit), (o) => executedRecord(o, exchange.casing)),
  );
}

const MARKET_FORMAT = /^[A-Z0-9]+_[A-Z0-9]+$/;

/**
 * trade-account/executed-history: deals newest first, a flat list for a `market`, else keyed by
 * market; `clientOrderId` gives that order's deals (code 30 `orderHistory` when no order has it);
 * `startDate`/`endDate` bound the deal time. Limit 1..500 (50), offset from 0.
 */
const executedDeals = signedPost(({ check }, exchange) => {
  exchange.engine.sync();
  const state = exchange.engine.state;
  const offset =
    check.int('offset', 0, 0, undefined, { notInteger: 'Offset field should be an integer.' }) ?? 0;
  const limit =
    check.int('limit', 50, 1, 500, { notInteger: 'Limit field should be an integer.' }) ?? 50;
  const clientOrderId = check.string('client_order_id');
  const { startDate, endDate } = dateFilters(check);
  check.throwIfFailed(30);
  const market = check.raw('market');
  const hasMarket = market !== undefined && market !== null && market !== '';
  if (hasMarket && (typeof market !== 'string' || !MARKET_FORMAT.test(market))) {
    check.add('market', 'Market field format is invalid.');
  }
  check.throwIfFailed(31);
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
  const record = (deal: DealRec) => executedDealRecord(deal, exchange.casing);
  return json(hasMarket ? rows.map(record) : byMarket(rows, record));
});

/** trade-account/order: one order's deals, newest first; an unknown order is an empty page. */
const orderDeals = signedPost(({ check }, exchange) => {
  exchange.engine.sync();
  const orderId = check.int('order_id', undefined, 1, undefined, { key: 'orderId' });
  if (!check.has('order_id')) check.add('orderId', 'The order id field is required.');
  const offset = check.int('offset', 0, 0) ?? 0;
  const limit = check.int('limit', 50, 1, 100) ?? 50;
  check.throwIfFailed(30);
  const records = exchange.engine.state.deals
    .filter((d) => d.orderId === orderId)
    .reverse()
    .slice(offset, offset + limit)
    .map((d) => orderDealRecord(d, exchange.casing));
  return json(wire(ORDER_DEALS_PAGE, exchange.casing, { records, offset, limit }));
});

export const tradeRoutes: Record<string, Route> = {
  // Deployed semantics (§4): amount in stock for both sides.
  '/api/v4/order/stock_market': signedPost(marketOrder('stock', 'stock market'), {
    placesOrder: true,
  }),
  // Buy amount in money, sell amount in stock.
  '/api/v4/order/market': signedPost(marketOrder('money', 'market'), { placesOrder: true }),
  '/api/v4/order/new': signedPost(
    ({ check }, exchange) => {
      const common = orderCommon(check, ['price']);
      const amount = amountOf(check);
      const { price } = numbersOf(check, ['price'], 33);
      const order = unwrap(
        exchange.engine.placeLimit({
          market: common.market,
          side: common.side,
          amount,
          price: price as Decimal,
          clientOrderId: common.clientOrderId,
          stp: common.stp,
          postOnly: check.raw('post_only') === true,
          ioc: check.raw('ioc') === true,
        }),
      );
      return json(orderRecord(order, exchange.casing, true));
    },
    { placesOrder: true },
  ),
  '/api/v4/order/cancel': signedPost(({ check }, exchange) => {
    const market = check.string('market', true);
    const ref = orderRef(check);
    return json(
      orderRecord(unwrap(exchange.engine.cancel(tradable(check, market), ref)), exchange.casing),
    );
  }),
  '/api/v4/order/stop_limit': signedPost(stopOrder(['price', 'activation_price']), {
    placesOrder: true,
  }),
  // Amount in money for a buy, in stock for a sell.
  '/api/v4/order/stop_market': signedPost(stopOrder(['activation_price']), { placesOrder: true }),
  // 30 identifier, nothing to change, amount with total, stp -> 31 market -> 32 amount or total
  // not numeric -> 33 price or activation price not numeric -> engine (what the order takes, 2 not
  // found, then the replacement's checks; not enough balance is code 10 here).
  '/api/v4/order/modify': signedPost(
    ({ check }, exchange) => {
      const marketName = check.string('market', true);
      const ref = orderRef(check);
      const changes = ['amount', 'total', 'price', 'activation_price'].filter(
        (name) => check.raw(name) !== undefined && check.raw(name) !== null,
      );
      if (changes.length === 0) {
        check.add('amount', 'One of amount, total, price and activationPrice is required.');
      }
      if (changes.includes('amount') && changes.includes('total')) {
        check.add('total', 'Send amount or total, not both.');
      }
      const stp = stpOf(check);
      const market = tradable(check, marketName);
      const { amount, total } = numbersOf(check, ['amount', 'total'], 32);
      const { price, activation_price } = numbersOf(check, ['price', 'activation_price'], 33);
      const change: ModifyInput = { amount, total, price, activationPrice: activation_price, stp };
      return json(
        orderRecord(unwrap(exchange.engine.modify(market, ref, change)), exchange.casing),
      );
    },
    { placesOrder: true },
  ),
  '/api/v4/order/cancel/all': signedPost(({ check }, exchange) => {
    const market = check.string('market');
    const types = typesOf(check, 'type');
    check.throwIfFailed(30);
    unwrap(exchange.engine.cancelAll(market, types));
    return json([]);
  }),
  // 30 market or timeout missing (timeout must be sent, null deletes the timer), timeout not an
  // integer from 5 to 600, bad types -> 31 market not available.
  '/api/v4/order/kill-switch': signedPost(({ check }, exchange) => {
    const market = check.string('market', true);
    const timeout = timeoutOf(check);
    const types = typesOf(check, 'types', 3);
    check.throwIfFailed(30);
    const timer = unwrap(exchange.engine.setKillSwitch(market ?? '', timeout, types));
    return json(timer ? killSwitchRecord(timer, exchange.casing) : []);
  }),
  '/api/v4/order/kill-switch/status': signedPost(({ check }, exchange) => {
    const market = check.string('market');
    check.throwIfFailed(30);
    const timers = unwrap(exchange.engine.killSwitches(market));
    return json(timers.map((t) => killSwitchRecord(t, exchange.casing)));
  }),
  // An OCO or an OTO by its id.
  '/api/v4/order/conditional-cancel': signedPost(
    cancelById('id', (engine, market, id) => engine.cancelConditional(market, id)),
  ),
  '/api/v4/order/oco-cancel': signedPost(({ check }, exchange) => {
    const market = check.string('market', true);
    const ref = orderRef(check);
    return json(
      ocoRecord(unwrap(exchange.engine.cancelOco(tradable(check, market), ref)), exchange.casing),
    );
  }),
  '/api/v4/order/oto-cancel': signedPost(
    cancelById('oto_id', (engine, market, id) => engine.cancelOto(market, id)),
  ),
  '/api/v4/orders': signedPost(({ check }, exchange) => {
    exchange.engine.sync();
    const market = optionalMarket(check);
    const orderId = check.int('order_id', undefined, 1);
    const clientOrderId = check.string('client_order_id');
    const { offset, limit } = paging(check);
    check.throwIfFailed(30);
    const rows = exchange.engine.state.active.filter(
      (o) =>
        (!market || o.market === market) &&
        (orderId === undefined || o.id === orderId) &&
        (!clientOrderId || o.clientOrderId === clientOrderId),
    );
    return json(rows.slice(offset, offset + limit).map((o) => orderRecord(o, exchange.casing)));
  }),
  '/api/v4/orders/conditional': conditionalOrders,
  '/api/v4/conditional-orders': conditionalOrders,
  '/api/v4/orders/oco': ocoOrders,
  '/api/v4/oco-orders': ocoOrders,
  // Keyed by ticker: every non-zero balance, or the one asked for (zero too); an unknown ticker
  // is code 30 (reference: http-trade-v4.yaml, tradeAccountBalance).
  '/api/v4/trade-account/balance': signedPost(({ check }, exchange) => {
    exchange.engine.sync();
    const ticker = check.raw('ticker');
    if (ticker !== undefined && ticker !== null && typeof ticker !== 'string') {
      check.add('ticker', 'Ticker field should be a string.');
    } else if (typeof ticker === 'string' && ticker !== '' && !ASSETS.includes(ticker)) {
      check.add('ticker', 'Currency was not found.');
    }
    check.throwIfFailed(30);
    const balanceOf = (asset: string) => {
      const balance = exchange.engine.state.trade[asset];
      return { available: balance?.available ?? '0', freeze: balance?.freeze ?? '0' };
    };
    const record = (asset: string) => wire(TRADE_BALANCE, exchange.casing, balanceOf(asset));
    if (typeof ticker === 'string' && ticker !== '') return json({ [ticker]: record(ticker) });
    const out: Record<string, unknown> = {};
    for (const asset of ASSETS) {
      const balance = balanceOf(asset);
      if (!new Decimal(balance.available).isZero() || !new Decimal(balance.freeze).isZero())
        out[asset] = record(asset);
    }
    return json(out);
  }),
  '/api/v4/trade-account/order/history': signedPost((context, exchange) => {
    exchange.engine.sync();
    return executedHistory(context, exchange);
  }),
  '/api/v4/trade-account/executed-history': executedDeals,
  '/api/v4/trade-account/order': orderDeals,
  '/api/v4/accounts/orders': {
    method: 'POST',
    auth: 'bearer',
    scope: 'orders_history.read',
    handler: (context, exchange) => {
      exchange.engine.sync();
      return executedHistory(context, exchange);
    },
  },
};
