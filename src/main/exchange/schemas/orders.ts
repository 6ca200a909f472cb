import { z } from 'zod';
import type {
  ConditionalLeg,
  ConditionalOrder,
  ConditionalPage,
  ExecutedOrder,
  ExecutedOrders,
  KillSwitchTimer,
  OcoOrder,
  Order,
  OrderOto,
  OtoOrder,
} from '../../../shared/model';
import {
  arrayOf,
  asBool,
  asText,
  camelKeys,
  compact,
  decimal,
  decimalOr,
  int,
  isPlainObject,
  listOf,
  mapOf,
  optBool,
  optDecimal,
  optInt,
  optObject,
  optStp,
  optText,
  optTime,
  parserOf,
  record,
  routed,
  side,
  text,
  time,
  withDefault,
} from './primitives';

/**
 * Orders: one order, active orders, conditional (OCO/OTO) orders, executed orders by market,
 * kill-switch timers.
 */

/** An active order's `oto`: `{otoId, stopLoss, takeProfit}` (prices). */
const orderOtoSchema = record({
  otoId: int,
  stopLoss: optDecimal,
  takeProfit: optDecimal,
}).transform((o): OrderOto =>
  compact<OrderOto>({
    otoId: o.otoId,
    stopLossPrice: o.stopLoss,
    takeProfitPrice: o.takeProfit,
  }),
);

const orderShape = {
  orderId: int,
  clientOrderId: withDefault('a string', asText, ''),
  market: text,
  side,
  type: text,
  timestamp: time,
  dealMoney: decimal,
  dealStock: decimal,
  amount: decimal,
  left: decimal,
  dealFee: decimal,
  price: decimalOr('0'),
  postOnly: withDefault('a boolean', asBool, false),
  ioc: withDefault('a boolean', asBool, false),
  status: optText,
  stp: optStp,
  positionSide: optText,
  rpi: optBool,
  takerFee: optDecimal,
  makerFee: optDecimal,
  activationPrice: optDecimal,
  activationCondition: optText,
  activated: optBool,
  oto: optObject(orderOtoSchema),
};

type OrderWire = z.output<z.ZodObject<typeof orderShape>>;

function toOrder(o: OrderWire): Order {
  return compact<Order>({
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.timestamp,
    dealMoney: o.dealMoney,
    dealStock: o.dealStock,
    amount: o.amount,
    left: o.left,
    dealFee: o.dealFee,
    price: o.price,
    postOnly: o.postOnly,
    ioc: o.ioc,
    status: o.status,
    stp: o.stp,
    positionSide: o.positionSide,
    rpi: o.rpi,
    takerFee: o.takerFee,
    makerFee: o.makerFee,
    activationPrice: o.activationPrice,
    activationCondition: o.activationCondition,
    activated: o.activated,
    oto: o.oto,
  });
}

const orderSchema = record(orderShape).transform(toOrder);
const ordersSchema = arrayOf(orderSchema);

/** The stream's order types (private WebSocket, "Order types"), in the REST records' words. */
const STREAM_ORDER_TYPES: Record<number, string> = {
  1: 'limit',
  2: 'market',
  202: 'stock market',
  3: 'stop limit',
  4: 'stop market',
  7: 'margin limit',
  8: 'margin market',
  9: 'margin stop limit',
  10: 'margin trigger-stop market',
  14: 'margin normalization',
};

/**
 * A stream order (ordersPending/ordersExecuted updates) in the REST record's fields: `id` is the
 * order id, `ctime` its creation time, `side` 1 sell / 2 buy, `type` a number of the table above.
 * An unknown number is refused by the field's own check (a type must be text).
 */
function streamOrderFields(value: unknown): unknown {
  const fields = camelKeys(value);
  if (!isPlainObject(fields)) return fields;
  const { id, ctime, side: wireSide, type: wireType, ...rest } = fields;
  return {
    orderId: id,
    timestamp: ctime,
    side: wireSide === 1 ? 'sell' : wireSide === 2 ? 'buy' : wireSide,
    type: typeof wireType === 'number' ? STREAM_ORDER_TYPES[wireType] : wireType,
    ...rest,
  };
}

export const streamOrderSchema = record(orderShape, streamOrderFields).transform(toOrder);

const conditionalLegSchema = record({ ...orderShape, mtime: optTime }).transform(
  (leg): ConditionalLeg => compact<ConditionalLeg>({ ...toOrder(leg), mtime: leg.mtime }),
);

const ocoOrderSchema = record({
  id: int,
  stopLoss: conditionalLegSchema,
  takeProfit: conditionalLegSchema,
}).transform((o): OcoOrder => ({
  kind: 'oco',
  id: o.id,
  stopLoss: o.stopLoss,
  takeProfit: o.takeProfit,
}));

/** OTO prices as `stopLossPrice`/`takeProfitPrice`, or as plain `stopLoss`/`takeProfit` values. */
function otoPrices(value: unknown): unknown {
  const fields = camelKeys(value);
  if (!isPlainObject(fields)) return fields;
  const { stopLoss, takeProfit, ...rest } = fields;
  return {
    stopLossPrice: isPlainObject(stopLoss) ? undefined : stopLoss,
    takeProfitPrice: isPlainObject(takeProfit) ? undefined : takeProfit,
    ...rest,
  };
}

const otoOrderSchema = record(
  {
    id: int,
    stopLossPrice: optDecimal,
    takeProfitPrice: optDecimal,
    conditionalOrder: conditionalLegSchema,
  },
  otoPrices,
).transform((o): OtoOrder =>
  compact<OtoOrder>({
    kind: 'oto',
    id: o.id,
    stopLossPrice: o.stopLossPrice,
    takeProfitPrice: o.takeProfitPrice,
    conditionalOrder: o.conditionalOrder,
  }),
);

/** An OCO or OTO record: by its `type` when it has one, else by its fields. */
const conditionalOrderSchema = routed<ConditionalOrder>((value) => {
  if (!isPlainObject(value)) return ocoOrderSchema;
  const type = typeof value.type === 'string' ? value.type.toLowerCase() : undefined;
  if (type === 'oto') return otoOrderSchema;
  if (type === 'oco') return ocoOrderSchema;
  const isOto = 'conditionalOrder' in value || 'conditional_order' in value;
  return isOto ? otoOrderSchema : ocoOrderSchema;
});

const conditionalPageSchema = record({
  limit: int,
  offset: int,
  total: int,
  records: listOf(conditionalOrderSchema),
}).transform((p): ConditionalPage => ({
  limit: p.limit,
  offset: p.offset,
  total: p.total,
  records: p.records,
}));

const ocoOrdersSchema = arrayOf(ocoOrderSchema);

/** Times in whole Unix seconds; `types` null (or absent) means every order type. */
const killSwitchTimerSchema = record({
  market: text,
  startTime: time,
  cancellationTime: time,
  types: optObject(arrayOf(text)),
}).transform((t): KillSwitchTimer =>
  compact<KillSwitchTimer>({
    market: t.market,
    startTime: t.startTime,
    cancellationTime: t.cancellationTime,
    types: t.types,
  }),
);

/** order/kill-switch: the timer, or `[]` when it was deleted. */
const killSwitchSchema = routed<KillSwitchTimer | null>((value) =>
  Array.isArray(value) && value.length === 0
    ? z.unknown().transform((): null => null)
    : killSwitchTimerSchema,
);

// Executed orders (trade-account/order/history, accounts/orders): keyed by market. Lenient: the id
// may be `id` or `orderId`; the time `ftime` (finish), `ctime` (creation) or `timestamp`; a missing
// price or fee is "0" (market orders).
const executedShape = {
  id: optInt,
  orderId: optInt,
  clientOrderId: withDefault('a string', asText, ''),
  market: optText,
  side,
  type: text,
  price: decimalOr('0'),
  amount: decimal,
  dealStock: decimal,
  dealMoney: decimal,
  dealFee: decimalOr('0'),
  timestamp: optTime,
  ctime: optTime,
  ftime: optTime,
  postOnly: optBool,
  ioc: optBool,
  status: optText,
  stp: optStp,
  takerFee: optDecimal,
  makerFee: optDecimal,
  feeAsset: optText,
};

const executedOrderWire = record(executedShape).superRefine((o, ctx) => {
  if (o.id === undefined && o.orderId === undefined) {
    ctx.addIssue({ code: 'custom', message: 'missing (expected an order id: id or orderId)' });
  }
  if (o.ftime === undefined && o.ctime === undefined && o.timestamp === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'missing (expected a time: ftime, ctime or timestamp)',
    });
  }
});

type ExecutedWire = z.output<typeof executedOrderWire>;

function toExecuted(o: ExecutedWire, market: string): ExecutedOrder {
  return compact<ExecutedOrder>({
    orderId: o.orderId ?? o.id ?? 0,
    clientOrderId: o.clientOrderId,
    market: o.market ?? market,
    side: o.side,
    type: o.type,
    price: o.price,
    amount: o.amount,
    dealStock: o.dealStock,
    dealMoney: o.dealMoney,
    dealFee: o.dealFee,
    timestamp: o.ftime ?? o.timestamp ?? o.ctime ?? 0,
    createdAt: o.ctime,
    finishedAt: o.ftime,
    postOnly: o.postOnly,
    ioc: o.ioc,
    status: o.status,
    stp: o.stp,
    takerFee: o.takerFee,
    makerFee: o.makerFee,
    feeAsset: o.feeAsset,
  });
}

/** `{"BTC_USDT": [order, ...]}`; also a flat list of records that name their market. */
const executedOrdersSchema = routed<ExecutedOrders>((value) =>
  Array.isArray(value) && value.length > 0
    ? arrayOf(executedOrderWire).transform((list): ExecutedOrders => {
        const byMarket: ExecutedOrders = {};
        for (const o of list) {
          const market = o.market ?? '';
          (byMarket[market] ??= []).push(toExecuted(o, market));
        }
        return byMarket;
      })
    : mapOf(arrayOf(executedOrderWire)).transform((map): ExecutedOrders =>
        Object.fromEntries(
          Object.entries(map).map(([market, list]) => [
            market,
            list.map((o) => toExecuted(o, market)),
          ]),
        ),
      ),
);

/** One order (order/new, order/market, order/stock_market, order/cancel). */
export const parseOrder = parserOf<Order>(orderSchema, '/api/v4/order/new');
/** Active orders. */
export const parseOrders = parserOf<Order[]>(ordersSchema, '/api/v4/orders');
export const parseConditionalPage = parserOf<ConditionalPage>(
  conditionalPageSchema,
  '/api/v4/orders/conditional',
);
export const parseOcoOrders = parserOf<OcoOrder[]>(ocoOrdersSchema, '/api/v4/orders/oco');
/** order/oco-cancel: the canceled OCO. */
export const parseOcoOrder = parserOf<OcoOrder>(ocoOrderSchema, '/api/v4/order/oco-cancel');
export const parseKillSwitch = parserOf<KillSwitchTimer | null>(
  killSwitchSchema,
  '/api/v4/order/kill-switch',
);
export const parseKillSwitchTimers = parserOf<KillSwitchTimer[]>(
  arrayOf(killSwitchTimerSchema),
  '/api/v4/order/kill-switch/status',
);
export const parseExecutedOrders = parserOf<ExecutedOrders>(
  executedOrdersSchema,
  '/api/v4/trade-account/order/history',
);
