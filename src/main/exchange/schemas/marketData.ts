import { z } from 'zod';
import { refusalIn } from '../errors';
import type {
  Asset,
  Assets,
  BookLevel,
  Candle,
  Market,
  OrderBook,
  PublicTrade,
  Ticker,
  TickerEntry,
  TransferLimits,
} from '../../../shared/model';
import {
  arrayOf,
  asBool,
  asText,
  bool,
  compact,
  decimal,
  int,
  isPlainObject,
  listOf,
  mapOf,
  optBool,
  optDecimal,
  optObject,
  optPrecision,
  optText,
  parserOf,
  precision,
  record,
  side,
  signedDecimal,
  text,
  time,
  withDefault,
} from './primitives';

/** Public market data: ping, server time, markets, ticker, assets, order book, trades, kline. */

const pingSchema = z
  .tuple([z.literal('pong')])
  .rest(z.unknown())
  .transform((): 'pong' => 'pong');

const serverTimeSchema = record({ time }).transform((r): number => r.time);

const marketSchema = record({
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

const marketsSchema = arrayOf(marketSchema);

const tickerSchema = mapOf(
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

const transferLimitsSchema = record({ min: optDecimal, max: optDecimal }).transform(
  (l): TransferLimits => compact<TransferLimits>({ min: l.min, max: l.max }),
);

/** Limits keyed by network; absent is none. */
const limitsByNetwork = z.preprocess((value) => value ?? {}, mapOf(transferLimitsSchema));

const falseByDefault = withDefault('a boolean', asBool, false);

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
  memo: optObject(record({ deposit: falseByDefault, withdraw: falseByDefault })),
  networks: optObject(
    record({
      deposits: listOf(text),
      withdraws: listOf(text),
      default: optText,
    }),
  ),
  limits: optObject(record({ deposit: limitsByNetwork, withdraw: limitsByNetwork })),
  confirmations: optObject(mapOf(int)),
  providers: optObject(record({ deposits: listOf(text), withdraws: listOf(text) })),
});

const assetsSchema = mapOf(assetSchema).transform((map): Assets =>
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
        memo: a.memo && { ...a.memo },
        networks: a.networks && compact({ ...a.networks }),
        limits: a.limits && { ...a.limits },
        confirmations: a.confirmations,
        providers: a.providers && { ...a.providers },
      }),
    ]),
  ),
);

const bookLevel = z
  .tuple([decimal, decimal])
  .rest(z.unknown())
  .transform((level): BookLevel => [level[0], level[1]]);

const orderBookSchema = record({
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

const publicTradeSchema = record({
  tradeID: int,
  price: decimal,
  quoteVolume: decimal,
  baseVolume: decimal,
  tradeTimestamp: time,
  type: side,
  rpi: withDefault('a boolean', asBool, false),
}).transform((t): PublicTrade => ({
  tradeId: t.tradeID,
  price: t.price,
  amount: t.quoteVolume,
  total: t.baseVolume,
  time: t.tradeTimestamp,
  side: t.type,
  rpi: t.rpi,
}));

/** [time, open, close, high, low, stock volume, money volume] (the stream's adds the market). */
export const candleSchema = z
  .tuple([time, decimal, decimal, decimal, decimal, decimal, decimal])
  .rest(z.unknown())
  .transform((c): Candle => ({
    time: c[0],
    open: c[1],
    close: c[2],
    high: c[3],
    low: c[4],
    stockVolume: c[5],
    moneyVolume: c[6],
  }));

const KLINE = '/api/v1/public/kline';
const klineResult = parserOf<Candle[]>(
  record({ result: arrayOf(candleSchema) }).transform((r) => r.result),
  KLINE,
);

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
export const parsePublicTrades = parserOf<PublicTrade[]>(
  arrayOf(publicTradeSchema),
  '/api/v4/public/trades/{market}',
);

/** Candles; a refusal comes as HTTP 200 `{success: false, message: {field: [msg]}}`. */
export function parseKline(json: unknown, endpoint = KLINE): Candle[] {
  if (isPlainObject(json) && json.success === false) throw refusalIn(200, json, endpoint);
  return klineResult(json, endpoint);
}
