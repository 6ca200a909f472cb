import { z } from 'zod';
import type {
  Asset,
  Assets,
  BookLevel,
  ConditionalLeg,
  ConditionalOrder,
  ConditionalPage,
  DepositWithdraw,
  ExecutedOrder,
  ExecutedOrders,
  FlexInvestment,
  FlexInvestmentPage,
  FlexPlan,
  FlexTransaction,
  HashratePoint,
  HashrateSeries,
  HistoryPage,
  MainBalances,
  Market,
  OAuthTokens,
  OcoOrder,
  Order,
  OrderBook,
  OrderSide,
  OtoOrder,
  SubAccount,
  SubAccountPage,
  Ticker,
  TickerEntry,
  TradeBalances,
} from '../../shared/model';
import { boundedDecimal, isNegativeDecimal } from '../../shared/decimal';
import { clip, ExchangeError, unexpectedError } from './errors';

/**
 * Response schemas of the exchange API v4 (the spec and api-v4-notes §6): each accepts the
 * specification's snake_case and the deployed server's camelCase (§4), and turns the answer into the
 * one camelCase domain model of src/shared/model.ts.
 *
 * How casing is handled: every RECORD schema (`record(...)`) camelCases its own field names before
 * validating (`deal_money` -> `dealMoney`; when both spellings are present the camelCase one wins).
 * Map schemas (balances, ticker, assets, executed orders keyed by market) never touch their keys, so
 * "BTC_USDT" stays "BTC_USDT".
 *
 * Leniency (decisions where the spec is silent):
 * - decimals: a decimal string (kept exactly as given) or a finite number (its shortest string);
 *   exponent forms ("1e-7") are written out; never float arithmetic;
 * - integers and booleans also accept their string forms ("8", "true", 0/1);
 * - optional fields: absent, null and "" all mean "absent"; PHP's `[]` stands for an empty object;
 * - times: Unix seconds (with fraction) -> ms, truncating below the millisecond, exactly (string
 *   arithmetic, no float rounding); a value >= 1e11 is taken to be ms already (1e11 s is year 5138);
 * - `stp` short forms (`cb`, `cn`, `co`) become the long ones; `side` is lower-cased;
 * - `postOnly`/`ioc` absent -> false; `clientOrderId` absent -> ''.
 *
 * Bounds (DESIGN rule 9: the exchange is untrusted, a hostile answer is an error, never a freeze):
 * - every decimal passes the shared rule `boundedDecimal` (src/shared/decimal.ts): at most 64
 *   characters, 30 digits each side of the point once written out, so "1e600000000" is refused
 *   instead of expanded; amounts, prices, fees, balances and minimums must not be negative (only a
 *   24 h change may be); precisions are whole numbers from 0 to 30;
 * - texts are clipped where they enter (TEXT_LIMITS, ending in "…"); OAuth tokens, which cannot be
 *   clipped, are refused beyond TEXT_LIMITS.token;
 * - lists and maps longer than MAX_ITEMS are refused before their items are read; map keys
 *   (tickers, markets) longer than TEXT_LIMITS.key are refused.
 */

// ---------------------------------------------------------------------------------------------
// Primitives
// ---------------------------------------------------------------------------------------------

/** Characters kept of a text field, by kind. */
export const TEXT_LIMITS = {
  /** Names, identifiers, statuses, types, tickers, networks. */
  short: 200,
  /** Addresses, memos, descriptions, transaction hashes and ids. */
  long: 500,
  /** A map key (ticker, market): longer is refused, never clipped (keys would merge). */
  key: 100,
  /** An OAuth token: longer is refused (a clipped token is no token). */
  token: 8192,
} as const;

/** Items of any list or map from the exchange (paging asks for at most a few hundred). */
export const MAX_ITEMS = 10_000;

/** Digits a precision may have (0..30, as boundedDecimal's limits). */
const MAX_PRECISION = 30;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a value for an error message. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * A decimal string from a decimal string or a finite number, or undefined when it is neither or is
 * out of bounds (the shared rule `boundedDecimal`: "1e600000000" is refused, never written out).
 * Strings are kept as given unless they use an exponent, which is written out.
 */
export function toDecimalString(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return undefined;
  return boundedDecimal(text);
}

/** A decimal that is not below zero (amounts, prices, fees, balances, minimums). */
export const toAmountString: Conversion<string> = (value) => {
  const text = toDecimalString(value);
  return text === undefined || isNegativeDecimal(text) ? undefined : text;
};

/**
 * Unix seconds (number or numeric string, with fraction) as Unix milliseconds, truncating below the
 * millisecond. Values >= 1e11 are taken to be milliseconds already. Undefined when not a time.
 */
export function secondsToMs(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    text = String(value);
    if (/e/i.test(text)) {
      const written = boundedDecimal(text);
      if (written === undefined) return undefined;
      text = written;
    }
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  if (!Number.isSafeInteger(whole)) return undefined;
  if (whole >= 1e11) return whole;
  return whole * 1000 + Number(((match[2] ?? '') + '000').slice(0, 3));
}

type Conversion<T> = (value: unknown) => T | undefined;

/** A required field converted by `convert`; the message says what was expected and what came. */
function required<T>(expected: string, convert: Conversion<T>) {
  return z.unknown().transform((value, ctx): T => {
    const converted = value === undefined ? undefined : convert(value);
    if (converted === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === undefined
            ? `missing (expected ${expected})`
            : `expected ${expected}, got ${show(value)}`,
      });
      return z.NEVER;
    }
    return converted;
  });
}

/** Absent, null and "" mean absent; anything else must convert. */
function optional<T>(expected: string, convert: Conversion<T>) {
  return z.unknown().transform((value, ctx): T | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const converted = convert(value);
    if (converted === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, got ${show(value)}` });
      return z.NEVER;
    }
    return converted;
  });
}

/** Optional with a default. */
function withDefault<T>(expected: string, convert: Conversion<T>, fallback: T) {
  return optional(expected, convert).transform((value): T => value ?? fallback);
}

const rawText: Conversion<string> = (value) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

/** A text clipped to `max` characters. */
const clippedText =
  (max: number): Conversion<string> =>
  (value) => {
    const text = rawText(value);
    return text === undefined ? undefined : clip(text, max);
  };

const asText = clippedText(TEXT_LIMITS.short);
const asLongText = clippedText(TEXT_LIMITS.long);

/** A token: refused (not clipped) beyond TEXT_LIMITS.token. */
const asToken: Conversion<string> = (value) =>
  typeof value === 'string' && value.length <= TEXT_LIMITS.token ? value : undefined;

const asInt: Conversion<number> = (value) => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value)) {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : undefined;
  }
  return undefined;
};

/** A precision: a whole number from 0 to 30. */
const asPrecision: Conversion<number> = (value) => {
  const int = asInt(value);
  return int !== undefined && int >= 0 && int <= MAX_PRECISION ? int : undefined;
};

/** A non-negative number within the decimal bounds (a rate: not money, so a float is fine). */
const asRate: Conversion<number> = (value) => {
  const text = toAmountString(value);
  return text === undefined ? undefined : Number(text);
};

const asBool: Conversion<boolean> = (value) => {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
};

const asSide: Conversion<OrderSide> = (value) => {
  const side = typeof value === 'string' ? value.toLowerCase() : undefined;
  return side === 'buy' || side === 'sell' ? side : undefined;
};

const STP_LONG: Record<string, string> = { cb: 'cancel_both', cn: 'cancel_new', co: 'cancel_old' };
const asStp: Conversion<string> = (value) =>
  typeof value === 'string' ? (STP_LONG[value] ?? value) : undefined;

const asMethod: Conversion<1 | 2> = (value) => {
  const method = asInt(value);
  return method === 1 || method === 2 ? method : undefined;
};

const MAX_SCOPES = 100;

const asScope: Conversion<string[]> = (value) => {
  let list: string[];
  if (typeof value === 'string' && value.length <= TEXT_LIMITS.token) {
    list = value.split(/[\s,]+/);
  } else if (
    Array.isArray(value) &&
    value.length <= MAX_SCOPES &&
    value.every((item) => typeof item === 'string')
  ) {
    list = value as string[];
  } else {
    return undefined;
  }
  return list
    .filter(Boolean)
    .slice(0, MAX_SCOPES)
    .map((scope) => clip(scope, TEXT_LIMITS.short));
};

const text = required('a string', asText);
const optText = optional('a string', asText);
const longText = (fallback: string) => withDefault('a string', asLongText, fallback);
const token = required(`a token of at most ${TEXT_LIMITS.token} characters`, asToken);
const int = required('an integer', asInt);
const optInt = optional('an integer', asInt);
const precision = required(`a whole number from 0 to ${MAX_PRECISION}`, asPrecision);
const optPrecision = optional(`a whole number from 0 to ${MAX_PRECISION}`, asPrecision);
const bool = required('a boolean', asBool);
const optBool = optional('a boolean', asBool);
/** Amounts, prices, fees, balances, minimums: never below zero. */
const decimal = required('a non-negative decimal number', toAmountString);
const optDecimal = optional('a non-negative decimal number', toAmountString);
const decimalOr = (fallback: string) =>
  withDefault('a non-negative decimal number', toAmountString, fallback);
/** A decimal that may be negative (a 24 h change). */
const signedDecimal = required('a decimal number', toDecimalString);
const time = required('a Unix time', secondsToMs);
const optTime = optional('a Unix time', secondsToMs);
const side = required('"buy" or "sell"', asSide);
const optStp = optional('a self-trade prevention mode', asStp);

/** Copy without the keys whose value is undefined (so both casings give identical objects). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Field names repeat on every record: remember their camelCase (bounded, for hostile input). */
const camelCache = new Map<string, string>();

const toCamel = (key: string): string => {
  if (!key.includes('_')) return key;
  let camel = camelCache.get(key);
  if (camel === undefined) {
    camel = key.replace(/(?<=[A-Za-z0-9])_+([A-Za-z0-9])/g, (_, char: string) =>
      char.toUpperCase(),
    );
    if (camelCache.size < 1000) camelCache.set(key, camel);
  }
  return camel;
};

/**
 * A record's own field names in camelCase (not its values: nested records do their own). When both
 * spellings are present the camelCase one wins. `__proto__` is dropped.
 */
export function camelKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '__proto__') continue;
    const camel = toCamel(key);
    if (camel === key || !Object.hasOwn(value, camel)) out[camel] = field;
  }
  return out;
}

/**
 * A record: its field names are camelCased, then it is validated with the camelCase shape. Every
 * field of the shape is made present (absent -> undefined) so that each field's own schema decides
 * what absence means (missing, absent, or a default), with one message style.
 */
function record<S extends z.ZodRawShape>(
  shape: S,
  before: (value: unknown) => unknown = camelKeys,
) {
  const keys = Object.keys(shape);
  return z.preprocess((value) => {
    const fields = before(value);
    if (!isPlainObject(fields)) return fields;
    const filled: Record<string, unknown> = { ...fields };
    for (const key of keys) if (!Object.hasOwn(filled, key)) filled[key] = undefined;
    return filled;
  }, z.object(shape));
}

/** PHP encodes an empty object as `[]`. */
const emptyArrayAsObject = (value: unknown): unknown =>
  Array.isArray(value) && value.length === 0 ? {} : value;

/**
 * At most MAX_ITEMS items (entries of a map), checked before any item is read, so a hostile answer
 * of a million items costs one check, not a million issues.
 */
const bounded = z.unknown().superRefine((value, ctx) => {
  const size = Array.isArray(value)
    ? value.length
    : isPlainObject(value)
      ? Object.keys(value).length
      : 0;
  if (size > MAX_ITEMS) {
    ctx.addIssue({ code: 'custom', message: `more than ${MAX_ITEMS} items`, continue: false });
  }
});

/** A list of at most MAX_ITEMS items. */
function arrayOf<T extends z.ZodType>(item: T) {
  return bounded.pipe(z.array(item));
}

/** Map keys (tickers, markets) of at most TEXT_LIMITS.key characters. */
const mapKey = z.string().max(TEXT_LIMITS.key, `a key longer than ${TEXT_LIMITS.key} characters`);

/** A map with keys kept as sent (tickers, markets, networks), of at most MAX_ITEMS entries. */
function mapOf<T extends z.ZodType>(value: T) {
  return z.preprocess(emptyArrayAsObject, bounded.pipe(z.record(mapKey, value)));
}

/** An optional nested object: absent, null and `[]` mean absent. */
function optObject<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (Array.isArray(value) && value.length === 0) ? undefined : value),
    schema.optional(),
  );
}

/** A list: absent or null is an empty list. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => value ?? [], arrayOf(item));
}

/** Routes a value to one of several schemas, keeping the inner paths of the chosen one. */
function routed<T>(choose: (value: unknown) => z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = choose(value).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

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
  price: decimal,
  postOnly: withDefault('a boolean', asBool, false),
  ioc: withDefault('a boolean', asBool, false),
  status: optText,
  stp: optStp,
  positionSide: optText,
  rpi: optBool,
  takerFee: optDecimal,
  makerFee: optDecimal,
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
  });
}

export const orderSchema = record(orderShape).transform(toOrder);
export const ordersSchema = arrayOf(orderSchema);

export const conditionalLegSchema = record({
  ...orderShape,
  activationPrice: optDecimal,
  activationCondition: optText,
  activated: optBool,
  mtime: optTime,
}).transform((leg): ConditionalLeg =>
  compact<ConditionalLeg>({
    ...toOrder(leg),
    activationPrice: leg.activationPrice,
    activationCondition: leg.activationCondition,
    activated: leg.activated,
    mtime: leg.mtime,
  }),
);

export const ocoOrderSchema = record({
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

export const otoOrderSchema = record(
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
export const conditionalOrderSchema = routed<ConditionalOrder>((value) => {
  if (!isPlainObject(value)) return ocoOrderSchema;
  const type = typeof value.type === 'string' ? value.type.toLowerCase() : undefined;
  if (type === 'oto') return otoOrderSchema;
  if (type === 'oco') return ocoOrderSchema;
  const isOto = 'conditionalOrder' in value || 'conditional_order' in value;
  return isOto ? otoOrderSchema : ocoOrderSchema;
});

export const conditionalPageSchema = record({
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

export const ocoOrdersSchema = arrayOf(ocoOrderSchema);

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
  });
}

/** `{"BTC_USDT": [order, ...]}`; also a flat list of records that name their market. */
export const executedOrdersSchema = routed<ExecutedOrders>((value) =>
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

// ---------------------------------------------------------------------------------------------
// Balances, history
// ---------------------------------------------------------------------------------------------

export const mainBalancesSchema = mapOf(record({ mainBalance: decimal })).transform(
  (map): MainBalances =>
    Object.fromEntries(Object.entries(map).map(([ticker, b]) => [ticker, b.mainBalance])),
);

export const tradeBalancesSchema = mapOf(
  record({ available: decimal, freeze: decimal }).transform((b) => ({
    available: b.available,
    freeze: b.freeze,
  })),
).transform((map): TradeBalances => map);

const partialSchema = record({
  requestAmount: decimal,
  processedAmount: decimal,
  processedFee: decimal,
  normalizeTransaction: longText(''),
});

export const depositWithdrawSchema = record({
  address: longText(''),
  uniqueId: optional('a string', asLongText),
  createdAt: time,
  currency: text,
  ticker: text,
  method: required('1 (deposit) or 2 (withdraw)', asMethod),
  amount: decimal,
  description: longText(''),
  memo: longText(''),
  fee: decimalOr('0'),
  status: int,
  network: optText,
  transactionHash: longText(''),
  transactionId: longText(''),
  details: optObject(record({ partial: optObject(partialSchema) })),
  confirmations: optObject(record({ actual: int, required: int })),
}).transform((r): DepositWithdraw =>
  compact<DepositWithdraw>({
    address: r.address,
    uniqueId: r.uniqueId ?? null,
    createdAt: r.createdAt,
    currency: r.currency,
    ticker: r.ticker,
    method: r.method,
    amount: r.amount,
    description: r.description,
    memo: r.memo,
    fee: r.fee,
    status: r.status,
    network: r.network ?? null,
    transactionHash: r.transactionHash,
    transactionId: r.transactionId,
    details: r.details && compact({ partial: r.details.partial && { ...r.details.partial } }),
    confirmations: r.confirmations && {
      actual: r.confirmations.actual,
      required: r.confirmations.required,
    },
  }),
);

export const historyPageSchema = record({
  limit: int,
  offset: int,
  total: int,
  records: listOf(depositWithdrawSchema),
}).transform((p): HistoryPage => ({
  limit: p.limit,
  offset: p.offset,
  total: p.total,
  records: p.records,
}));

// ---------------------------------------------------------------------------------------------
// Flex, mining, sub-accounts, OAuth
// ---------------------------------------------------------------------------------------------

export const flexTransactionSchema = record({
  data: record({ transactionId: text }),
}).transform((r): FlexTransaction => ({ transactionId: r.data.transactionId }));

export const flexPlanSchema = record({
  id: text,
  ticker: text,
  minInvestment: decimal,
  maxInvestment: decimal,
  maxRate: decimal,
}).transform((p): FlexPlan => ({
  id: p.id,
  ticker: p.ticker,
  minInvestment: p.minInvestment,
  maxInvestment: p.maxInvestment,
  maxRate: p.maxRate,
}));

/** §6 shows a bare array; `{data: [...]}` is accepted too. */
export const flexPlansSchema = z.preprocess(
  (value) => (isPlainObject(value) && Array.isArray(value.data) ? value.data : value),
  arrayOf(flexPlanSchema),
);

export const flexInvestmentSchema = record({
  id: text,
  planId: text,
  currency: text,
  invested: decimal,
  withAutoReinvest: bool,
  status: text,
  createdAt: time,
  updatedAt: time,
}).transform((i): FlexInvestment => ({
  id: i.id,
  planId: i.planId,
  currency: i.currency,
  invested: i.invested,
  withAutoReinvest: i.withAutoReinvest,
  status: i.status,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
}));

export const flexInvestmentPageSchema = record({
  data: arrayOf(flexInvestmentSchema),
  limit: optInt,
  offset: optInt,
}).transform((p): FlexInvestmentPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data,
}));

const hashratePointSchema = record({
  timestamp: time,
  hashrate: decimal,
  rejectRate: optional('a non-negative number', asRate),
}).transform((p): HashratePoint =>
  compact<HashratePoint>({
    timestamp: p.timestamp,
    hashrate: p.hashrate,
    rejectRate: p.rejectRate,
  }),
);

/** A disabled account answers 200 with an empty series (§5): `hashrate` empty or absent. */
export const hashrateSchema = record({
  data: record({
    account: withDefault('a string', asText, ''),
    hashrate: listOf(hashratePointSchema),
  }),
}).transform((r): HashrateSeries => ({ account: r.data.account, points: r.data.hashrate }));

export const subAccountSchema = record({
  id: text,
  alias: withDefault('a string', asText, ''),
  email: withDefault('a string', asText, ''),
  status: text,
  userId: optText,
  color: optText,
  permissions: optObject(record({ spotEnabled: optBool, collateralEnabled: optBool })),
  kyc: optObject(record({ shareKyc: optBool, kycStatus: optText })),
}).transform((s): SubAccount =>
  compact<SubAccount>({
    id: s.id,
    alias: s.alias,
    email: s.email,
    status: s.status,
    userId: s.userId,
    color: s.color,
    permissions: s.permissions && compact({ ...s.permissions }),
    kyc: s.kyc && compact({ ...s.kyc }),
  }),
);

export const subAccountPageSchema = record({
  offset: optInt,
  limit: optInt,
  data: listOf(subAccountSchema),
}).transform((p): SubAccountPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data,
}));

/** `{}` (or PHP's `[]`): the operation succeeded and says nothing more. */
export const emptyObjectSchema = z.preprocess(
  emptyArrayAsObject,
  z.record(z.string(), z.unknown()).transform((): true => true),
);

const tokenFields = record({
  accessToken: token,
  expiresIn: int,
  refreshToken: token,
  scope: withDefault('a list of scopes', asScope, [] as string[]),
  tokenType: withDefault('a string', asText, 'Bearer'),
}).transform((t): OAuthTokens => ({
  accessToken: t.accessToken,
  expiresIn: t.expiresIn,
  refreshToken: t.refreshToken,
  scope: t.scope,
  tokenType: t.tokenType,
}));

/** `{data: {access_token, ...}}` (§8); a bare token object (standard OAuth) is accepted too. */
export const oauthTokensSchema = routed<OAuthTokens>((value) =>
  isPlainObject(value) && 'data' in value
    ? record({ data: tokenFields }).transform((r) => r.data)
    : tokenFields,
);

// ---------------------------------------------------------------------------------------------
// Public
// ---------------------------------------------------------------------------------------------

export const pingSchema = z
  .tuple([z.literal('pong')])
  .rest(z.unknown())
  .transform((): 'pong' => 'pong');

export const serverTimeSchema = record({ time }).transform((r): number => r.time);

export const marketSchema = record({
  name: text,
  stock: text,
  money: text,
  stockPrec: precision,
  moneyPrec: precision,
  feePrec: precision,
  makerFee: decimal,
  takerFee: decimal,
  minAmount: decimal,
  minTotal: decimal,
  maxTotal: decimal,
  tradesEnabled: bool,
  type: withDefault('a string', asText, 'spot'),
}).transform((m): Market => ({
  name: m.name,
  stock: m.stock,
  money: m.money,
  stockPrec: m.stockPrec,
  moneyPrec: m.moneyPrec,
  feePrec: m.feePrec,
  makerFee: m.makerFee,
  takerFee: m.takerFee,
  minAmount: m.minAmount,
  minTotal: m.minTotal,
  maxTotal: m.maxTotal,
  tradesEnabled: m.tradesEnabled,
  type: m.type,
}));

export const marketsSchema = arrayOf(marketSchema);

export const tickerSchema = mapOf(
  record({
    lastPrice: decimal,
    quoteVolume: decimal,
    baseVolume: decimal,
    change: signedDecimal,
    isFrozen: withDefault('a boolean', asBool, false),
  }).transform((t): TickerEntry => ({
    lastPrice: t.lastPrice,
    quoteVolume: t.quoteVolume,
    baseVolume: t.baseVolume,
    change: t.change,
    isFrozen: t.isFrozen,
  })),
).transform((map): Ticker => map);

const assetSchema = record({
  name: text,
  canDeposit: bool,
  canWithdraw: bool,
  currencyPrecision: optPrecision,
  minDeposit: optDecimal,
  maxDeposit: optDecimal,
  minWithdraw: optDecimal,
  maxWithdraw: optDecimal,
  makerFee: optDecimal,
  takerFee: optDecimal,
  isMemo: optBool,
  networks: optObject(
    record({
      deposits: listOf(text),
      withdraws: listOf(text),
      default: optText,
    }),
  ),
  confirmations: optObject(mapOf(int)),
});

export const assetsSchema = mapOf(assetSchema).transform((map): Assets =>
  Object.fromEntries(
    Object.entries(map).map(([ticker, a]): [string, Asset] => [
      ticker,
      compact<Asset>({
        ticker,
        name: a.name,
        canDeposit: a.canDeposit,
        canWithdraw: a.canWithdraw,
        currencyPrecision: a.currencyPrecision,
        minDeposit: a.minDeposit,
        maxDeposit: a.maxDeposit,
        minWithdraw: a.minWithdraw,
        maxWithdraw: a.maxWithdraw,
        makerFee: a.makerFee,
        takerFee: a.takerFee,
        isMemo: a.isMemo,
        networks: a.networks && compact({ ...a.networks }),
        confirmations: a.confirmations,
      }),
    ]),
  ),
);

const bookLevel = z
  .tuple([decimal, decimal])
  .rest(z.unknown())
  .transform((level): BookLevel => [level[0], level[1]]);

export const orderBookSchema = record({
  tickerId: text,
  timestamp: time,
  asks: listOf(bookLevel),
  bids: listOf(bookLevel),
}).transform((b): OrderBook => ({
  tickerId: b.tickerId,
  timestamp: b.timestamp,
  asks: b.asks,
  bids: b.bids,
}));

// ---------------------------------------------------------------------------------------------
// Parsers
// ---------------------------------------------------------------------------------------------

/** `records[3].dealMoney` */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`,
    )
    .join('');
}

/** The first problem of a wrong-shaped answer, as an ExchangeError of kind 'unexpected'. */
export function shapeError(endpoint: string, error: z.ZodError): ExchangeError {
  const issue = error.issues[0];
  const where = issue && issue.path.length ? `${pathText(issue.path)}: ` : '';
  const what = issue ? issue.message : 'wrong shape';
  return unexpectedError(
    `Unexpected answer from the exchange (${endpoint}): ${where}${what}`,
    endpoint,
    { cause: error },
  );
}

function parserOf<T>(schema: z.ZodType<T>, defaultEndpoint: string) {
  return (json: unknown, endpoint: string = defaultEndpoint): T => {
    const result = schema.safeParse(json);
    if (!result.success) throw shapeError(endpoint, result.error);
    return result.data;
  };
}

/** One order (order/new, order/market, order/stock_market, order/cancel). */
export const parseOrder = parserOf<Order>(orderSchema, '/api/v4/order/new');
/** Active orders. */
export const parseOrders = parserOf<Order[]>(ordersSchema, '/api/v4/orders');
export const parseConditionalPage = parserOf<ConditionalPage>(
  conditionalPageSchema,
  '/api/v4/orders/conditional',
);
export const parseOcoOrders = parserOf<OcoOrder[]>(ocoOrdersSchema, '/api/v4/orders/oco');
export const parseExecutedOrders = parserOf<ExecutedOrders>(
  executedOrdersSchema,
  '/api/v4/trade-account/order/history',
);
export const parseHistoryPage = parserOf<HistoryPage>(
  historyPageSchema,
  '/api/v4/main-account/history',
);
export const parseMainBalances = parserOf<MainBalances>(
  mainBalancesSchema,
  '/api/v4/main-account/balance',
);
export const parseTradeBalances = parserOf<TradeBalances>(
  tradeBalancesSchema,
  '/api/v4/trade-account/balance',
);
export const parseFlexTransaction = parserOf<FlexTransaction>(
  flexTransactionSchema,
  '/api/v4/main-account/smart-flex/investments/invest',
);
export const parseFlexPlans = parserOf<FlexPlan[]>(
  flexPlansSchema,
  '/api/v4/main-account/smart-flex/plans',
);
export const parseFlexInvestments = parserOf<FlexInvestmentPage>(
  flexInvestmentPageSchema,
  '/api/v4/main-account/smart-flex/investments',
);
export const parseHashrate = parserOf<HashrateSeries>(hashrateSchema, '/api/v4/mining/hashrate');
export const parseSubAccounts = parserOf<SubAccountPage>(
  subAccountPageSchema,
  '/api/v4/sub-account/list',
);
/** `{}`: sub-account block / unblock. */
export const parseEmptyObject = parserOf<true>(emptyObjectSchema, '/api/v4/sub-account/block');
export const parseOAuthTokens = parserOf<OAuthTokens>(oauthTokensSchema, '/oauth2/token');
export const parsePing = parserOf<'pong'>(pingSchema, '/api/v4/public/ping');
/** Server time in ms. */
export const parseServerTime = parserOf<number>(serverTimeSchema, '/api/v4/public/time');
export const parseMarkets = parserOf<Market[]>(marketsSchema, '/api/v4/public/markets');
export const parseTicker = parserOf<Ticker>(tickerSchema, '/api/v4/public/ticker');
export const parseAssets = parserOf<Assets>(assetsSchema, '/api/v4/public/assets');
export const parseOrderBook = parserOf<OrderBook>(
  orderBookSchema,
  '/api/v4/public/orderbook/{market}',
);

type Parser<T> = (json: unknown, endpoint?: string) => T;

/** The same parser, naming `endpoint` in its errors. */
const at =
  <T>(endpoint: string, parse: Parser<T>) =>
  (json: unknown): T =>
    parse(json, endpoint);

/**
 * Every endpoint's response parser, keyed by path. The order book's path has its market as
 * `{market}`; `parserFor()` resolves a concrete path.
 */
export const responseParsers = {
  '/api/v4/order/stock_market': at('/api/v4/order/stock_market', parseOrder),
  '/api/v4/order/market': at('/api/v4/order/market', parseOrder),
  '/api/v4/order/new': at('/api/v4/order/new', parseOrder),
  '/api/v4/order/cancel': at('/api/v4/order/cancel', parseOrder),
  '/api/v4/orders': at('/api/v4/orders', parseOrders),
  '/api/v4/orders/conditional': at('/api/v4/orders/conditional', parseConditionalPage),
  '/api/v4/conditional-orders': at('/api/v4/conditional-orders', parseConditionalPage),
  '/api/v4/orders/oco': at('/api/v4/orders/oco', parseOcoOrders),
  '/api/v4/oco-orders': at('/api/v4/oco-orders', parseOcoOrders),
  '/api/v4/trade-account/order/history': at(
    '/api/v4/trade-account/order/history',
    parseExecutedOrders,
  ),
  '/api/v4/accounts/orders': at('/api/v4/accounts/orders', parseExecutedOrders),
  '/api/v4/trade-account/balance': at('/api/v4/trade-account/balance', parseTradeBalances),
  '/api/v4/main-account/balance': at('/api/v4/main-account/balance', parseMainBalances),
  '/api/v4/main-account/history': at('/api/v4/main-account/history', parseHistoryPage),
  '/api/v4/main-account/smart-flex/plans': at(
    '/api/v4/main-account/smart-flex/plans',
    parseFlexPlans,
  ),
  '/api/v4/main-account/smart-flex/investments': at(
    '/api/v4/main-account/smart-flex/investments',
    parseFlexInvestments,
  ),
  '/api/v4/main-account/smart-flex/investments/invest': at(
    '/api/v4/main-account/smart-flex/investments/invest',
    parseFlexTransaction,
  ),
  '/api/v4/main-account/smart-flex/investments/close': at(
    '/api/v4/main-account/smart-flex/investments/close',
    parseFlexTransaction,
  ),
  '/api/v4/mining/hashrate': at('/api/v4/mining/hashrate', parseHashrate),
  '/api/v4/sub-account/list': at('/api/v4/sub-account/list', parseSubAccounts),
  '/api/v4/sub-account/block': at('/api/v4/sub-account/block', parseEmptyObject),
  '/api/v4/sub-account/unblock': at('/api/v4/sub-account/unblock', parseEmptyObject),
  '/oauth2/token': at('/oauth2/token', parseOAuthTokens),
  '/oauth2/refresh_token': at('/oauth2/refresh_token', parseOAuthTokens),
  '/api/v4/public/ping': at('/api/v4/public/ping', parsePing),
  '/api/v4/public/time': at('/api/v4/public/time', parseServerTime),
  '/api/v4/public/markets': at('/api/v4/public/markets', parseMarkets),
  '/api/v4/public/ticker': at('/api/v4/public/ticker', parseTicker),
  '/api/v4/public/assets': at('/api/v4/public/assets', parseAssets),
  '/api/v4/public/orderbook/{market}': (json: unknown) => parseOrderBook(json),
} as const;

export type ResponseEndpoint = keyof typeof responseParsers;
export type ResponseOf<E extends ResponseEndpoint> = ReturnType<(typeof responseParsers)[E]>;

/** The parser of a concrete path (query string ignored), or undefined for an unknown endpoint. */
export function parserFor(path: string): ((json: unknown) => unknown) | undefined {
  const bare = path.split('?')[0] ?? path;
  if (Object.hasOwn(responseParsers, bare)) return responseParsers[bare as ResponseEndpoint];
  if (/^\/api\/v4\/public\/orderbook\/[^/]+$/.test(bare)) {
    return (json) => parseOrderBook(json, bare);
  }
  return undefined;
}
