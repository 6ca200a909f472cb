import { Decimal } from '../decimal';
import type { Engine } from '../engine';
import { dayStart } from '../hashrate';
import { feeAsset, type Book, type MarketDef } from '../markets';
import type { DealRec, OrderRec } from '../state';
import { span, type Candle, type TapeTrade } from '../tape';

/**
 * The records of the WebSocket API (public/websocket.mdx, private/websocket.mdx), built from the
 * engine's state. Names and types as the documentation's examples show them: amounts and prices
 * are strings, ids, times, sides, types and roles numbers.
 */

/** Order type ids (private/websocket.mdx, "Order types"). */
const ORDER_TYPE: Readonly<Record<string, number>> = {
  limit: 1,
  market: 2,
  'stock market': 202,
  'stop limit': 3,
  'stop market': 4,
};

/** Side: 1 sell, 2 buy. */
const sideId = (side: string): number => (side === 'sell' ? 1 : 2);

/** stp in the abbreviated form the documentation lists: no, co, cn, cb. */
const STP: Readonly<Record<string, string>> = {
  no: 'no',
  cancel_old: 'co',
  cancel_new: 'cn',
  cancel_both: 'cb',
};

/**
 * An order's status: an open order is OPEN (the documentation's example; the state says NEW); a
 * finished one that stopped part-filled is CANCELED, as order history shows it.
 */
function status(order: OrderRec): string {
  if (order.status === 'NEW') return 'OPEN';
  if (order.ftime !== undefined && order.status === 'PARTIALLY_FILLED') return 'CANCELED';
  return order.status;
}

/** The order type filter of ordersExecuted_subscribe: 0 all, 1 limit, 2 market. */
export function executedKind(order: OrderRec): 1 | 2 {
  return order.type === 'limit' || order.type === 'stop limit' ? 1 : 2;
}

export const orderTypeId = (order: OrderRec): number => ORDER_TYPE[order.type] ?? 1;

/**
 * An order of ordersPending (request records and updates) and of ordersExecuted_update.
 * position_side: the documentation's records all carry it, spot orders included ("LONG" in its
 * spot example), and so do the demo's seeded conditional legs.
 */
export function pendingRecord(order: OrderRec): Record<string, unknown> {
  return {
    id: order.id,
    market: order.market,
    type: orderTypeId(order),
    side: sideId(order.side),
    post_only: order.postOnly,
    ioc: order.ioc,
    ctime: order.timestamp,
    mtime: order.ftime ?? order.mtime ?? order.timestamp,
    price: order.price,
    amount: order.amount,
    left: order.left,
    deal_stock: order.dealStock,
    deal_money: order.dealMoney,
    deal_fee: order.dealFee,
    client_order_id: order.clientOrderId,
    stp: STP[order.stp] ?? order.stp,
    status: status(order),
    position_side: order.positionSide ?? 'LONG',
    rpi: order.rpi,
  };
}

/** A record of ordersExecuted_request. */
export function executedRecord(order: OrderRec): Record<string, unknown> {
  return {
    id: order.id,
    ctime: order.timestamp,
    ftime: order.ftime ?? order.timestamp,
    market: order.market,
    source: 'api',
    type: orderTypeId(order),
    side: sideId(order.side),
    post_only: order.postOnly,
    ioc: order.ioc,
    price: order.price,
    amount: order.amount,
    deal_stock: order.dealStock,
    deal_money: order.dealMoney,
    deal_fee: order.dealFee,
    client_order_id: order.clientOrderId,
    status: status(order),
    fee_asset: feeAsset(order),
    rpi: order.rpi,
  };
}

/** A record of deals_request. */
export function dealRecord(deal: DealRec): Record<string, unknown> {
  return {
    time: deal.time,
    id: deal.id,
    side: sideId(deal.side),
    role: deal.role,
    price: deal.price,
    amount: deal.amount,
    deal: deal.deal,
    fee: deal.fee,
    order_id: deal.orderId,
    deal_order_id: deal.dealOrderId,
    market: deal.market,
    client_order_id: deal.clientOrderId,
    fee_asset: feeAsset(deal),
  };
}

/** The params of deals_update: a positional array. */
export function dealUpdate(deal: DealRec): unknown[] {
  return [
    deal.id,
    deal.time,
    deal.market,
    deal.orderId,
    deal.price,
    deal.amount,
    deal.fee,
    deal.clientOrderId,
    sideId(deal.side),
    deal.role,
    feeAsset(deal),
  ];
}

/** A trade of trades_request (`rpi`: trades_update only). */
export function tradeRecord(trade: TapeTrade, rpi: boolean): Record<string, unknown> {
  return {
    id: trade.id,
    time: trade.time,
    price: trade.price.toFixed(),
    amount: trade.qty.toFixed(),
    type: trade.side,
    ...(rpi ? { rpi: false } : {}),
  };
}

/** The spot balance of assets: {ASSET: {available, freeze}}. */
export function balances(engine: Engine, assets: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const asset of assets) {
    const balance = engine.state.trade[asset];
    out[asset] = { available: balance?.available ?? '0', freeze: balance?.freeze ?? '0' };
  }
  return out;
}

/** market_request / market_update: the last `period` seconds. */
export function marketStats(engine: Engine, market: MarketDef, period: number) {
  const nowSec = Math.floor(engine.now() / 1000);
  const [, open, close, high, low, volume, deal] = span(
    engine,
    market,
    `p${period}`,
    nowSec - period,
    nowSec,
  );
  return { period, last: close, open, close, high, low, volume, deal };
}

/** marketToday_query / marketToday_update: since the start of the UTC day. */
export function todayStats(engine: Engine, market: MarketDef) {
  const nowSec = Math.floor(engine.now() / 1000);
  const [, open, last, high, low, volume, deal] = span(
    engine,
    market,
    'today',
    dayStart(nowSec),
    nowSec,
  );
  return { last, open, high, low, volume, deal };
}

/** A candle with its market, as candles_request and candles_update send it. */
export const wsCandle = (candle: Candle, market: string): unknown[] => [...candle, market];

/** An order book side as [price, amount] strings. */
export type Row = [string, string];

/** Price-interval values of depth_request / depth_subscribe ("0": none). */
export const DEPTH_INTERVALS: ReadonlySet<string> = new Set([
  '0',
  '0.00000001',
  '0.0000001',
  '0.000001',
  '0.00001',
  '0.0001',
  '0.001',
  '0.01',
  '0.1',
]);

/**
 * A side of the book as the depth channel sends it: the levels grouped by `interval` (an ask to
 * the interval above, a bid to the one below, amounts summed; "0" leaves them as they are), the
 * first `limit`.
 */
export function depthRows(
  levels: Book['asks'],
  side: 'ask' | 'bid',
  interval: string,
  limit: number,
): Row[] {
  if (interval === '0') {
    return levels.slice(0, limit).map((l): Row => [l.price.toFixed(), l.qty.toFixed()]);
  }
  const step = new Decimal(interval);
  const grouped = new Map<string, Decimal>();
  for (const level of levels) {
    const units = level.price.div(step);
    const price = (side === 'ask' ? units.ceil() : units.floor()).times(step);
    if (price.lte(0)) continue;
    const key = price.toFixed();
    grouped.set(key, (grouped.get(key) ?? new Decimal(0)).plus(level.qty));
  }
  return [...grouped.entries()].slice(0, limit).map(([price, qty]): Row => [price, qty.toFixed()]);
}

/** What turns the rows `before` into `after`: changed or new levels, and gone ones at "0". */
export function rowDiff(before: readonly Row[], after: readonly Row[]): Row[] {
  const now = new Map(after);
  const was = new Map(before);
  const out: Row[] = [];
  for (const [price] of before) if (!now.has(price)) out.push([price, '0']);
  for (const [price, amount] of after) if (was.get(price) !== amount) out.push([price, amount]);
  return out;
}
