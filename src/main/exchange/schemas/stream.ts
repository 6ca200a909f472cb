import { z } from 'zod';
import { clientOrderId } from '../../../shared/contract';
import type { BookLevel, Order, PublicTrade, TradeBalances } from '../../../shared/model';
import { Precise } from '../../../shared/decimal';
import { unexpectedError } from '../errors';
import { tradeBalancesSchema } from './balances';
import { candleSchema } from './marketData';
import { streamOrderSchema } from './orders';
import {
  asBool,
  bool,
  decimal,
  int,
  isPlainObject,
  listOf,
  optInt,
  optTime,
  parserOf,
  record,
  side,
  text,
  time,
  token,
  withDefault,
} from './primitives';

/**
 * The exchange's WebSocket stream (JSON-RPC, the exchange's WebSocket pages, whitebit-exchange/api-docs {public,private}/websocket.mdx):
 * the envelope of every message, and the params of each update the app subscribes to. Built from
 * the REST primitives, so a pushed message is bounded exactly as a fetched answer is; a message
 * that does not parse is dropped by the caller with a log line.
 */

/** Levels a depth message may carry (the exchange sends at most 100 a side). */
export const MAX_DEPTH_LEVELS = 500;
/** Trades one trades_update may carry. */
export const MAX_TRADES_PER_UPDATE = 1_000;
/** Candles one candles_update may carry. */
export const MAX_CANDLES_PER_UPDATE = 100;

/** `POST /api/v4/profile/websocket_token` → `{websocket_token}`. */
const websocketTokenSchema = record({ websocketToken: token }).transform((r) => r.websocketToken);

export const parseWebsocketToken = parserOf<string>(
  websocketTokenSchema,
  '/api/v4/profile/websocket_token',
);

/** An answer to one of our requests, or an update the exchange pushes. */
export type StreamMessage =
  | { kind: 'answer'; id: number; result: unknown; error?: { code?: number; message: string } }
  | { kind: 'update'; method: string; params: unknown };

const errorSchema = record({
  code: optInt,
  message: withDefault('a string', (v) => (typeof v === 'string' ? v : undefined), 'error'),
}).transform((e) => ({
  message: e.message.slice(0, 200),
  ...(e.code !== undefined ? { code: e.code } : {}),
}));

const answerSchema = z
  .object({ id: int, result: z.unknown(), error: z.unknown() })
  .transform((m, ctx): StreamMessage => {
    if (m.error === null || m.error === undefined)
      return { kind: 'answer', id: m.id, result: m.result };
    const error = errorSchema.safeParse(m.error);
    if (!error.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'an error that is not {code, message}',
        path: ['error'],
      });
      return z.NEVER;
    }
    return { kind: 'answer', id: m.id, result: m.result, error: error.data };
  });

const updateSchema = z
  .object({ method: z.string().min(1).max(100), params: z.unknown() })
  .transform((m): StreamMessage => ({ kind: 'update', method: m.method, params: m.params }));

/** Routes by shape: `method` present is an update (its `id` is null), else an answer. */
const messageSchema = z.unknown().transform((value, ctx): StreamMessage => {
  const isUpdate = isPlainObject(value) && typeof value.method === 'string' && value.id == null;
  const result = (isUpdate ? updateSchema : answerSchema).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});

const STREAM = 'the live stream';

/** One text frame: JSON, then the envelope. Throws an ExchangeError (kind 'unexpected'). */
export function parseStreamMessage(frame: string): StreamMessage {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    throw unexpectedError(`Unexpected message from ${STREAM}: not JSON`, STREAM);
  }
  return parseEnvelope(json);
}

const parseEnvelope = parserOf<StreamMessage>(messageSchema, STREAM);

/** `{status: "success"}` (authorize and every subscribe). */
export const parseSubscribed = parserOf<true>(
  record({ status: z.literal('success') }).transform((): true => true),
  STREAM,
);

/** A ping's answer. */
export const parsePong = parserOf<'pong'>(z.literal('pong'), STREAM);

const level = z
  .tuple([decimal, decimal])
  .rest(z.unknown())
  .transform((l): BookLevel => [l[0], l[1]]);

const levels = listOf(level).refine((list) => list.length <= MAX_DEPTH_LEVELS, {
  message: `more than ${MAX_DEPTH_LEVELS} levels`,
});

export interface DepthMessage {
  market: string;
  /** A full snapshot (the first after subscribing, and the 10 s keepalive), else an increment. */
  full: boolean;
  updateId?: number;
  pastUpdateId?: number;
  timestamp?: number;
  asks: BookLevel[];
  bids: BookLevel[];
}

/** depth_update: `[full, {update_id, past_update_id?, asks, bids, timestamp}, market]`. */
const depthSchema = z
  .tuple([
    bool,
    record({
      updateId: optInt,
      pastUpdateId: optInt,
      timestamp: optTime,
      asks: levels,
      bids: levels,
    }),
    text,
  ])
  .transform(([full, d, market]): DepthMessage => {
    const message: DepthMessage = {
      market,
      full: full || d.pastUpdateId === undefined,
      asks: d.asks,
      bids: d.bids,
    };
    if (d.updateId !== undefined) message.updateId = d.updateId;
    if (d.pastUpdateId !== undefined) message.pastUpdateId = d.pastUpdateId;
    if (d.timestamp !== undefined) message.timestamp = d.timestamp;
    return message;
  });

/** lastprice_update: `[market, price]`. */
const lastPriceSchema = z
  .tuple([text, decimal])
  .transform(([market, price]) => ({ market, price }));

/** An id the exchange numbers from 1 (orders, trades). */
const positiveId = int.refine((id) => id > 0, { message: 'an id that is not positive' });

/** One trade of trades_update; `total` (money) is price × amount, exactly. */
const streamTradeSchema = record({
  id: positiveId,
  time,
  price: decimal,
  amount: decimal,
  type: side,
  rpi: withDefault('a boolean', asBool, false),
}).transform((t): PublicTrade => ({
  tradeId: t.id,
  price: t.price,
  amount: t.amount,
  total: new Precise(t.price).mul(t.amount).toFixed(),
  time: t.time,
  side: t.type,
  rpi: t.rpi,
}));

/** trades_update: `[market, [trade, ...]]`. */
const tradesSchema = z
  .tuple([
    text,
    listOf(streamTradeSchema).refine((list) => list.length <= MAX_TRADES_PER_UPDATE, {
      message: `more than ${MAX_TRADES_PER_UPDATE} trades`,
    }),
  ])
  .transform(([market, trades]) => ({ market, trades }));

/** A candle of candles_update: the kline's `[time, open, close, high, low, volume, deal]` + market. */
const streamCandleSchema = z
  .array(z.unknown())
  .max(16)
  .transform((row, ctx) => {
    const candle = candleSchema.safeParse(row);
    const market = text.safeParse(row[7]);
    if (!candle.success || !market.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'a candle other than [time, open, close, high, low, volume, deal, market]',
      });
      return z.NEVER;
    }
    return { market: market.data, candle: candle.data };
  });

/** candles_update: `[candle, ...]`. */
const candlesSchema = listOf(streamCandleSchema).refine(
  (list) => list.length <= MAX_CANDLES_PER_UPDATE,
  { message: `more than ${MAX_CANDLES_PER_UPDATE} candles` },
);

/** Keys that name an object's own machinery: never a ticker. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A map whose keys include none of PROTOTYPE_KEYS (checked on the keys as sent). */
const noPrototypeKeys = z.unknown().superRefine((value, ctx) => {
  if (!isPlainObject(value)) return;
  const key = Object.keys(value).find((k) => PROTOTYPE_KEYS.has(k));
  if (key !== undefined) {
    ctx.addIssue({ code: 'custom', message: `a key named ${key}`, continue: false });
  }
});

/** balanceSpot_update: `[{"USDT": {available, freeze}}]`. */
const balancesSchema = z
  .tuple([noPrototypeKeys.pipe(tradeBalancesSchema)])
  .rest(z.unknown())
  .transform(([balances]): TradeBalances => balances);

/**
 * A stream order as REST reads one, and as the order form would write it: a positive id, and a
 * client order id in the form's charset and length (the contract's `clientOrderId`) or none.
 */
const streamOrder = streamOrderSchema.superRefine((order, ctx) => {
  if (order.orderId <= 0) {
    ctx.addIssue({ code: 'custom', message: 'an id that is not positive', path: ['id'] });
  }
  if (order.clientOrderId !== '' && !clientOrderId.safeParse(order.clientOrderId).success) {
    ctx.addIssue({
      code: 'custom',
      message: 'a client order id other than letters, digits, -, . and _ (at most 64)',
      path: ['client_order_id'],
    });
  }
});

export type OrderEventKind = 'new' | 'update' | 'finish';
const ORDER_EVENTS: Record<number, OrderEventKind> = { 1: 'new', 2: 'update', 3: 'finish' };

/** ordersPending_update: `[event id 1|2|3, order]`. */
const pendingOrderSchema = z
  .tuple([int, streamOrder])
  .transform(([event, order], ctx): { event: OrderEventKind; order: Order } => {
    const kind = ORDER_EVENTS[event];
    if (!kind) {
      ctx.addIssue({
        code: 'custom',
        message: 'an update event id other than 1, 2 or 3',
        path: [0],
      });
      return z.NEVER;
    }
    return { event: kind, order };
  });

/** ordersExecuted_update: `[order]` (finished: filled or canceled after a part fill). */
const executedOrderSchema = z
  .tuple([streamOrder])
  .rest(z.unknown())
  .transform(([order]): { event: OrderEventKind; order: Order } => ({ event: 'finish', order }));

export const parseDepthUpdate = parserOf(depthSchema, 'depth_update');
export const parseLastPriceUpdate = parserOf(lastPriceSchema, 'lastprice_update');
export const parseTradesUpdate = parserOf(tradesSchema, 'trades_update');
export const parseCandlesUpdate = parserOf(candlesSchema, 'candles_update');
export const parseBalanceUpdate = parserOf(balancesSchema, 'balanceSpot_update');
export const parsePendingOrderUpdate = parserOf(pendingOrderSchema, 'ordersPending_update');
export const parseExecutedOrderUpdate = parserOf(executedOrderSchema, 'ordersExecuted_update');
