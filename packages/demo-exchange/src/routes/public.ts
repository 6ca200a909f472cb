import { ASSET_BY_TICKER, ASSET_DEFS, type AssetDef, type Limits } from '../assets';
import { json, type RouteContext, type ExchangeContext, type Reply, type Route } from '../context';
import { Decimal } from '../decimal';
import { publicValidation, wrappedValidation } from '../errors';
import {
  ASSET,
  ASSET_LIMITS,
  ASSET_MEMO,
  ASSET_NETWORKS,
  ASSET_PROVIDERS,
  FEE,
  FEE_DETAIL,
  FEE_FLEX,
  LIMIT,
  MARKET,
  ORDER_BOOK,
  PLATFORM_STATUS,
  SERVER_TIME,
  TICKER,
  TRADE,
  V1_DEAL,
  V1_DEPTH,
  V1_MARKET,
  V1_TICKER,
  V1_TICKERS_ENTRY,
  V1_TICKERS_TICKER,
  V1_ENVELOPE,
  wire,
  type Casing,
} from '../fields';
import { MARKETS, MARKET_BY_NAME, walkPrice, type Book, type MarketDef } from '../markets';
import { hash32 } from '../rng';
import type { Side } from '../state';
import {
  KLINE_INTERVALS,
  bucketAfter,
  bucketOf,
  candles,
  recentTrades,
  type Candle,
} from '../tape';
import type { Checker } from '../validate';

/**
 * Public endpoints (GET, no auth). The market-data endpoints refuse with the reference's flat field
 * bag (HTTP 422, `{"market": ["Market is not available."]}`); the v1 kline wraps it (HTTP 200).
 */
const NOT_AVAILABLE = 'Market is not available.';

/** A listed market that trades, or a refusal under `market`. */
function availableMarket(check: Checker, name: unknown): MarketDef | undefined {
  const market = typeof name === 'string' ? MARKET_BY_NAME.get(name) : undefined;
  if (market?.tradesEnabled) return market;
  check.add('market', NOT_AVAILABLE);
  return undefined;
}

/**
 * A public market-data route, `GET <path>/{market}`: the market must trade; `read` takes the
 * query's own fields; any refusal is the flat field bag.
 */
function marketRoute<T>(
  read: (check: Checker) => T,
  answer: (market: MarketDef, fields: T, exchange: ExchangeContext) => Reply,
): Route {
  return {
    method: 'GET',
    auth: 'none',
    prefix: true,
    handler: ({ check, rest }, exchange) => {
      const market = availableMarket(check, rest);
      const fields = read(check);
      if (check.failed || !market) throw publicValidation(check.errors);
      return answer(market, fields, exchange);
    },
  };
}

type BookSide = Book['asks'];
const bookRows = (levels: BookSide) => levels.map((l) => [l.price.toFixed(), l.qty.toFixed()]);

/** The order book answer (orderbook and its depth). */
const bookReply = (
  exchange: ExchangeContext,
  market: MarketDef,
  asks: BookSide,
  bids: BookSide,
): Reply =>
  json(
    wire(ORDER_BOOK, exchange.casing, {
      tickerId: market.name,
      timestamp: Math.floor(exchange.now() / 1000),
      asks: bookRows(asks),
      bids: bookRows(bids),
    }),
  );

/** An asset's CoinMarketCap id (its unified cryptoasset id), 0 when unknown: the ticker's base_id/quote_id. */
const cmcId = (ticker: string): number => ASSET_BY_TICKER.get(ticker)?.ucid ?? 0;

const percent = (ratio: string) => new Decimal(ratio).times(100).toFixed();

/** Limits of each rail open in one direction, keyed by network (or provider). */
function limitsOf(
  asset: AssetDef,
  direction: 'deposit' | 'withdraw',
  casing: Casing,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const rail of asset.rails) {
    const limits: Limits | null | undefined = rail[direction];
    if (limits) out[rail.id] = wire(LIMIT, casing, { min: limits.min, max: limits.max });
  }
  return out;
}

/** The ids of the rails open in one direction. */
const railsOf = (asset: AssetDef, direction: 'deposit' | 'withdraw') =>
  asset.rails.filter((r) => r[direction]).map((r) => r.id);

/** The asset-level min/max of one direction: its default rail's ("0": no upper limit). */
function assetLimits(
  asset: AssetDef,
  direction: 'deposit' | 'withdraw',
): { min: string; max: string } {
  const rail =
    asset.rails.find((r) => r.id === asset.defaultNetwork && r[direction]) ??
    asset.rails.find((r) => r[direction]);
  const limits = rail?.[direction];
  return { min: limits?.min ?? '0', max: limits?.max ?? '0' };
}

/** An asset of /public/assets (reference: http-v4.yaml, components.schemas.Asset). */
function assetRecord(asset: AssetDef, casing: Casing): Record<string, unknown> {
  const deposit = assetLimits(asset, 'deposit');
  const withdraw = assetLimits(asset, 'withdraw');
  const deposits = railsOf(asset, 'deposit');
  const withdraws = railsOf(asset, 'withdraw');
  const limits = wire(ASSET_LIMITS, casing, {
    deposit: limitsOf(asset, 'deposit', casing),
    withdraw: limitsOf(asset, 'withdraw', casing),
  });
  return wire(ASSET, casing, {
    name: asset.name,
    unifiedCryptoassetId: asset.ucid,
    canWithdraw: withdraws.length > 0,
    canDeposit: deposits.length > 0,
    minWithdraw: withdraw.min,
    maxWithdraw: withdraw.max,
    makerFee: '0.1',
    takerFee: '0.1',
    minDeposit: deposit.min,
    maxDeposit: deposit.max,
    currencyPrecision: asset.precision,
    isMemo: asset.memo,
    memo: wire(ASSET_MEMO, casing, { deposit: asset.memo, withdraw: asset.memo }),
    providers: asset.fiat ? wire(ASSET_PROVIDERS, casing, { deposits, withdraws }) : undefined,
    // Every asset has them, a fiat one its providers (no default: none has priority); a closed
    // direction has no list (and no limits), as on the server.
    networks: wire(ASSET_NETWORKS, casing, {
      deposits: deposits.length ? deposits : undefined,
      withdraws: withdraws.length ? withdraws : undefined,
      default: asset.defaultNetwork,
    }),
    limits,
    confirmations: asset.fiat
      ? undefined
      : Object.fromEntries(deposits.map((id) => [id, asset.confirmations ?? 0])),
  });
}

/** A crypto asset's fee of one direction: flat, from its default network's limits. */
function flatFee(asset: AssetDef, direction: 'deposit' | 'withdraw', casing: Casing) {
  const limits = assetLimits(asset, direction);
  return wire(FEE_DETAIL, casing, {
    isDepositable: undefined,
    isWithdrawal: undefined,
    isApiDepositable: undefined,
    isApiWithdrawal: undefined,
    ticker: undefined,
    name: undefined,
    maxAmount: limits.max,
    minAmount: limits.min,
    fixed:
      direction === 'withdraw' && 'fixed' in asset.withdrawFee ? asset.withdrawFee.fixed : null,
    flex: null,
  });
}

/** A fiat asset's fees of one direction, keyed by payment provider. */
function providerFees(asset: AssetDef, direction: 'deposit' | 'withdraw', casing: Casing) {
  const flex = 'flex' in asset.withdrawFee ? wire(FEE_FLEX, casing, asset.withdrawFee.flex) : null;
  const deposit = direction === 'deposit';
  return Object.fromEntries(
    asset.rails.map((rail) => {
      const limits = rail[direction];
      const open = limits !== null;
      return [
        rail.id,
        wire(FEE_DETAIL, casing, {
          isDepositable: deposit ? open : undefined,
          isWithdrawal: deposit ? undefined : open,
          isApiDepositable: deposit ? open : undefined,
          isApiWithdrawal: deposit ? undefined : open,
          ticker: rail.id,
          name: rail.name ?? rail.id,
          maxAmount: limits?.max ?? '0',
          minAmount: limits?.min ?? '0',
          fixed: null,
          flex,
        }),
      ];
    }),
  );
}

/** An asset of /public/fee (reference: http-v4.yaml, components.schemas.FeeInfo). */
function feeRecord(asset: AssetDef, casing: Casing): Record<string, unknown> {
  const depositable = railsOf(asset, 'deposit').length > 0;
  const withdrawable = railsOf(asset, 'withdraw').length > 0;
  const fees = asset.fiat ? providerFees : flatFee;
  return wire(FEE, casing, {
    isDepositable: asset.fiat ? undefined : depositable,
    isWithdrawal: asset.fiat ? undefined : withdrawable,
    isApiWithdrawal: withdrawable,
    isApiDepositable: depositable,
    ticker: asset.ticker,
    name: asset.name,
    providers: asset.fiat ? asset.rails.map((r) => r.id) : [],
    withdraw: fees(asset, 'withdraw', casing),
    deposit: fees(asset, 'deposit', casing),
  });
}

/**
 * /api/v1/public/kline (reference: http-v1.yaml): `market` (required, trading), `interval` (1h),
 * `start`/`end` (Unix seconds; end defaults to now, may not pass it, must be after start), `limit`
 * 1..1440 (1440). With a limit and no start, the last `limit` buckets up to `end`; with neither,
 * a window that depends on the interval. At most `limit` candles, the latest.
 */
function kline({ check }: RouteContext, exchange: ExchangeContext): Candle[] {
  const marketName = check.raw('market');
  const market = marketName === undefined ? undefined : availableMarket(check, marketName);
  if (marketName === undefined) check.add('market', 'The market field is required.');
  const interval = check.raw('interval') ?? '1h';
  if (typeof interval !== 'string' || !(interval in KLINE_INTERVALS)) {
    check.add('interval', 'The selected interval is invalid.');
  }
  const limit = check.int('limit', undefined, 1, 1440);
  const start = check.int('start', undefined, 0);
  const nowSec = Math.floor(exchange.now() / 1000);
  const end = check.int('end', nowSec, 0) ?? nowSec;
  if (start !== undefined && end <= start)
    check.add('end', 'End field must be greater then start.');
  else if (end > nowSec) check.add('end', 'End field may not be greater than the current time.');
  if (check.failed || !market) throw wrappedValidation(check.errors);
  const iv = interval as string;
  const from =
    start ??
    (limit !== undefined
      ? bucketAfter(iv, bucketOf(iv, end), 1 - limit)
      : end - defaultKlineWindow(KLINE_INTERVALS[iv] ?? 3600));
  return candles(exchange.engine, market, iv, from, end).slice(-(limit ?? 1440));
}

/** The window when neither start nor limit is given: by the interval's size. */
function defaultKlineWindow(size: number): number {
  if (size < 60) return 600;
  if (size < 3600) return 86_400;
  if (size < 86_400) return 7 * 86_400;
  if (size < 2_592_000) return 30 * 86_400;
  return 365 * 86_400;
}

/** A market's day: the walk's last price, the price a day of steps ago, the day's range and volume. */
function dayOf(exchange: ExchangeContext, market: MarketDef) {
  const step = exchange.engine.currentStep();
  const last = exchange.engine.price(market);
  const open = walkPrice(exchange.seed, market, step - 86400);
  const change = last.minus(open).div(open).times(100).toDecimalPlaces(2);
  const base = new Decimal(market.levelQty).times(
    400 + (hash32(exchange.seed, market.name, 'vol', Math.floor(step / 3600)) % 800),
  );
  const nowSec = Math.floor(exchange.now() / 1000);
  const hours = candles(exchange.engine, market, '1h', nowSec - 86400, nowSec);
  const high = Decimal.max(last, open, ...hours.map((c) => c[3]));
  const low = Decimal.min(last, open, ...hours.map((c) => c[4]));
  const quote = base.times(last).toDecimalPlaces(market.moneyPrec);
  return { last, open, change, base, quote, high, low };
}

/** The best bid and ask of the public book ("0" on an empty side). */
function bestOf(exchange: ExchangeContext, market: MarketDef): { bid: string; ask: string } {
  const book = exchange.engine.publicBook(market);
  return {
    bid: book.bids[0]?.price.toFixed() ?? '0',
    ask: book.asks[0]?.price.toFixed() ?? '0',
  };
}

/** A market's v1 fields, the first of its v4 ones. */
const v1MarketOf = (market: MarketDef) => ({
  name: market.name,
  stock: market.stock,
  money: market.money,
  stockPrec: String(market.stockPrec),
  moneyPrec: String(market.moneyPrec),
  feePrec: String(market.feePrec),
  makerFee: percent(market.makerFee),
  takerFee: percent(market.takerFee),
  minAmount: market.minAmount,
});

/** A v1 answer: `{success: true, message: null, result}`. */
const v1 = (exchange: ExchangeContext, result: unknown): Reply =>
  json(wire(V1_ENVELOPE, exchange.casing, { success: true, message: null, result }));

/** The v1 `market` query field: required, a trading market; refused in the v1 envelope. */
function v1Market(check: Checker): MarketDef | undefined {
  const name = check.raw('market');
  if (name === undefined) {
    check.add('market', 'The market field is required.');
    return undefined;
  }
  return availableMarket(check, name);
}

export const publicRoutes: Record<string, Route> = {
  '/api/v4/public/ping': { method: 'GET', auth: 'none', handler: () => json(['pong']) },
  '/api/v4/public/time': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      json(wire(SERVER_TIME, exchange.casing, { time: Math.floor(exchange.now() / 1000) })),
  },
  // The demo is never in planned maintenance (its 503 fault answers before any route).
  '/api/v4/public/platform/status': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      json(wire(PLATFORM_STATUS, exchange.casing, { status: 'system operational' })),
  },
  '/api/v4/public/markets': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      json(
        MARKETS.map((market) =>
          wire(MARKET, exchange.casing, {
            ...v1MarketOf(market),
            minTotal: market.minTotal,
            maxTotal: market.maxTotal,
            tradesEnabled: market.tradesEnabled,
            isCollateral: false,
            type: 'spot',
            isTradFiFutures: false,
            delistedAt: null,
          }),
        ),
      ),
  },
  '/api/v4/public/ticker': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) => {
      const out: Record<string, unknown> = {};
      for (const market of MARKETS) {
        const day = dayOf(exchange, market);
        out[market.name] = wire(TICKER, exchange.casing, {
          baseId: cmcId(market.stock),
          quoteId: cmcId(market.money),
          lastPrice: day.last.toFixed(),
          quoteVolume: day.quote.toFixed(),
          baseVolume: day.base.toFixed(),
          isFrozen: !market.tradesEnabled,
          change: day.change.toFixed(),
        });
      }
      return json(out);
    },
  },
  '/api/v4/public/assets': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      json(Object.fromEntries(ASSET_DEFS.map((a) => [a.ticker, assetRecord(a, exchange.casing)]))),
  },
  // limit 0..100 (0 or none: 100); level 0..10, beyond clamped (levels are not aggregated here).
  '/api/v4/public/orderbook': marketRoute(
    (check) => {
      check.int('level', 0, Number.MIN_SAFE_INTEGER);
      return check.int('limit', 100, 0, 100) || 100;
    },
    (market, limit, exchange) => {
      const book = exchange.engine.publicBook(market);
      return bookReply(exchange, market, book.asks.slice(0, limit), book.bids.slice(0, limit));
    },
  ),
  // The levels within 2 % of the last price.
  '/api/v4/public/orderbook/depth': marketRoute(
    () => undefined,
    (market, _, exchange) => {
      const last = exchange.engine.price(market);
      const book = exchange.engine.publicBook(market);
      return bookReply(
        exchange,
        market,
        book.asks.filter((l) => l.price.lte(last.times('1.02'))),
        book.bids.filter((l) => l.price.gte(last.times('0.98'))),
      );
    },
  ),
  // The 100 most recent trades, newest first; `type` buy or sell.
  '/api/v4/public/trades': marketRoute(
    (check): Side | undefined => {
      const type = check.raw('type');
      if (type === 'buy' || type === 'sell') return type;
      if (type !== undefined) check.add('type', "Type should be 'sell' or 'buy'.");
      return undefined;
    },
    (market, side, exchange) =>
      json(
        recentTrades(exchange.engine, market, 100, side).map((t) =>
          wire(TRADE, exchange.casing, {
            tradeId: t.id,
            price: t.price.toFixed(),
            quoteVolume: t.qty.toFixed(),
            baseVolume: t.qty.times(t.price).toFixed(),
            tradeTimestamp: Math.floor(t.time),
            type: t.side,
            rpi: false,
          }),
        ),
      ),
  ),
  '/api/v4/public/fee': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      json(Object.fromEntries(ASSET_DEFS.map((a) => [a.ticker, feeRecord(a, exchange.casing)]))),
  },
  // The v1 public endpoints (reference: http-v1.yaml), from the same walk, book and tape as v4.
  '/api/v1/public/ticker': {
    method: 'GET',
    auth: 'none',
    handler: ({ check }, exchange) => {
      const market = v1Market(check);
      if (check.failed || !market) throw wrappedValidation(check.errors);
      const day = dayOf(exchange, market);
      return v1(
        exchange,
        wire(V1_TICKER, exchange.casing, {
          open: day.open.toFixed(),
          ...bestOf(exchange, market),
          low: day.low.toFixed(),
          high: day.high.toFixed(),
          last: day.last.toFixed(),
          volume: day.base.toFixed(),
          deal: day.quote.toFixed(),
          change: day.change.toFixed(),
        }),
      );
    },
  },
  '/api/v1/public/tickers': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) => {
      const at = Math.floor(exchange.now() / 1000);
      const out: Record<string, unknown> = {};
      for (const market of MARKETS) {
        const day = dayOf(exchange, market);
        const ticker = wire(V1_TICKERS_TICKER, exchange.casing, {
          ...bestOf(exchange, market),
          low: day.low.toFixed(),
          high: day.high.toFixed(),
          last: day.last.toFixed(),
          vol: day.base.toFixed(),
          deal: day.quote.toFixed(),
          change: day.change.toFixed(),
        });
        out[market.name] = wire(V1_TICKERS_ENTRY, exchange.casing, { ticker, at });
      }
      return v1(exchange, out);
    },
  },
  '/api/v1/public/markets': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      v1(
        exchange,
        MARKETS.map((market) => wire(V1_MARKET, exchange.casing, v1MarketOf(market))),
      ),
  },
  '/api/v1/public/symbols': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) =>
      v1(
        exchange,
        MARKETS.map((m) => m.name),
      ),
  },
  // No envelope on the deployed server: {asks, bids}; limit 1..100 (100).
  '/api/v1/public/depth/result': {
    method: 'GET',
    auth: 'none',
    handler: ({ check }, exchange) => {
      const market = v1Market(check);
      const limit = check.int('limit', 100, 1, 100) ?? 100;
      if (check.failed || !market) throw wrappedValidation(check.errors);
      const book = exchange.engine.publicBook(market);
      return json(
        wire(V1_DEPTH, exchange.casing, {
          asks: bookRows(book.asks.slice(0, limit)),
          bids: bookRows(book.bids.slice(0, limit)),
        }),
      );
    },
  },
  // The tape's trades after `lastId` (required), newest first; limit 1..100 (50); times with their fraction.
  '/api/v1/public/history': {
    method: 'GET',
    auth: 'none',
    handler: ({ check }, exchange) => {
      const market = v1Market(check);
      if (check.raw('lastId') === undefined) check.add('lastId', 'The last id field is required.');
      const lastId = check.int('lastId', 0, 0) ?? 0;
      const limit = check.int('limit', 50, 1, 100) ?? 50;
      if (check.failed || !market) throw wrappedValidation(check.errors);
      const trades = recentTrades(exchange.engine, market, 100)
        .filter((t) => t.id > lastId)
        .slice(0, limit);
      return v1(
        exchange,
        trades.map((t) =>
          wire(V1_DEAL, exchange.casing, {
            id: t.id,
            time: t.time,
            price: t.price.toFixed(),
            amount: t.qty.toFixed(),
            type: t.side,
          }),
        ),
      );
    },
  },
  '/api/v1/public/kline': {
    method: 'GET',
    auth: 'none',
    handler: (context, exchange) =>
      json(
        wire(V1_ENVELOPE, exchange.casing, {
          success: true,
          message: null,
          result: kline(context, exchange),
        }),
      ),
  },
};
