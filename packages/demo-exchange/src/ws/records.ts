import { D, type Dec } from '../decimal';
import type { Engine } from '../engine';
import { dayStart } from '../hashrate';
import { MARKET_BY_NAME, type Book, type MarketDef } from '../markets';
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
function status(o: OrderRec): string {
  if (o.status === 'NEW') return 'OPEN';
  if (o.ftime !== undefined && o.status === 'PARTIALLY_FILLED') return 'CANCELED';
  return o.status;
}

const feeAsset = (market: string) => MARKET_BY_NAME.get(market)?.money ?? '';

/** The order type filter of ordersExecuted_subscribe: 0 all, 1 limit, 2 market. */
export function executedKind(o: OrderRec): 1 | 2 {
  return o.type === 'limit' || o.type === 'stop limit' ? 1 : 2;
}

export const orderTypeId = (o: OrderRec): number => ORDER_TYPE[o.type] ?? 1;

/**
 * An order of ordersPending (request records and updates) and of ordersExecuted_update.
 * position_side: the documentation's records all carry it, spot orders included ("LONG" in its
 * spot example), and so do the demo's seeded conditional legs.
 */
export function pendingRecord(o: OrderRec): Record<string, unknown> {
  return {
    id: o.id,
    market: o.market,
    type: orderTypeId(o),
    side: sideId(o.side),
    post_only: o.postOnly,
    ioc: o.ioc,
    ctime: o.timestamp,
    mtime: o.ftime ?? o.mtime ?? o.timestamp,
    price: o.price,
    amount: o.amount,
    left: o.left,
    deal_stock: o.dealStock,
    deal_money: o.dealMoney,
    deal_fee: o.dealFee,
    client_order_id: o.clientOrderId,
    stp: STP[o.stp] ?? o.stp,
    status: status(o),
    position_side: o.positionSide ?? 'LONG',
    rpi: o.rpi,
  };
}

/** A record of ordersExecuted_request. */
export function executedRecord(o: OrderRec): Record<string, unknown> {
  return {
    id: o.id,
    ctime: o.timestamp,
    ftime: o.ftime ?? o.timestamp,
    market: o.market,
    source: 'api',
    type: orderTypeId(o),
    side: sideId(o.side),
    post_only: o.postOnly,
    ioc: o.ioc,
    price: o.price,
    amount: o.amount,
    deal_stock: o.dealStock,
    deal_money: o.dealMoney,
    deal_fee: o.dealFee,
    client_order_id: o.clientOrderId,
    status: status(o),
    fee_asset: feeAsset(o.market),
    rpi: o.rpi,
  };
}

/** A record of deals_request. */
export function dealRecord(d: DealRec): Record<string, unknown> {
  return {
    time: d.time,
    id: d.id,
    side: sideId(d.side),
    role: d.role,
    price: d.price,
    amount: d.amount,
    deal: d.deal,
    fee: d.fee,
    order_id: d.orderId,
    deal_order_id: d.dealOrderId,
    market: d.market,
    client_order_id: d.clientOrderId,
    fee_asset: feeAsset(d.market),
  };
}

/** The params of deals_update: a positional array. */
export function dealUpdate(d: DealRec): unknown[] {
  return [
    d.id,
    d.time,
    d.market,
    d.orderId,
    d.price,
    d.amount,
    d.fee,
    d.clientOrderId,
    sideId(d.side),
    d.role,
    feeAsset(d.market),
  ];
}

/** A trade of trades_request (`rpi`: trades_update only). */
export function tradeRecord(t: TapeTrade, rpi: boolean): Record<string, unknown> {
  return {
    id: t.id,
    time: t.time,
    price: t.price.toFixed(),
    amount: t.qty.toFixed(),
    type: t.side,
    ...(rpi ? { rpi: false } : {}),
  };
}

/** The spot balance of assets: {ASSET: {available, freeze}}. */
export function balances(engine: Engine, assets: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const asset of assets) {
    const b = engine.state.trade[asset];
    out[asset] = { available: b?.available ?? '0', freeze: b?.freeze ?? '0' };
  }
  return out;
}

/** market_request / market_update: the last `period` seconds. */
export function marketStats(engine: Engine, m: MarketDef, period: number) {
  const nowSec = Math.floor(engine.now() / 1000);
  const [, open, close, high, low, volume, deal] = span(
    engine,
    m,
    `p${period}`,
    nowSec - period,
    nowSec,
  );
  return { period, last: close, open, close, high, low, volume, deal };
}

/** marketToday_query / marketToday_update: since the start of the UTC day. */
export function todayStats(engine: Engine, m: MarketDef) {
  const nowSec = Math.floor(engine.now() / 1000);
  const [, open, last, high, low, volume, deal] = span(
    engine,
    m,
    'today',
    dayStart(nowSec),
    nowSec,
  );
  return { last, open, high, low, volume, deal };
}

/** A candle with its market, as candles_request and candles_update send it. */
export const wsCandle = (c: Candle, market: string): unknown[] => [...c, market];

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
  const step = new D(interval);
  const grouped = new Map<string, Dec>();
  for (const l of levels) {
    const units = l.price.div(step);
    const price = (side === 'ask' ? units.ceil() : units.floor()).times(step);
    if (price.lte(0)) continue;
    const key = price.toFixed();
    grouped.set(key, (grouped.get(key) ?? new D(0)).plus(l.qty));
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
