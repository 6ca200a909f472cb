import { ASSET_DEFS, type AssetDef, type Limits } from '../assets';
import { json, type Ctx, type ExchangeCtx, type Reply, type Route } from '../context';
import { D } from '../decimal';
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
  SERVER_TIME,
  TICKER,
  TRADE,
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
import { Checker } from '../validate';

/**
 * Public endpoints (GET, no auth). The market-data endpoints refuse with the reference's flat field
 * bag (HTTP 422, `{"market": ["Market is not available."]}`); the v1 kline wraps it (HTTP 200).
 */
const NOT_AVAILABLE = 'Market is not available.';

/** A listed market that trades, or a refusal under `market`. */
function availableMarket(c: Checker, name: unknown): MarketDef | undefined {
  const m = typeof name === 'string' ? MARKET_BY_NAME.get(name) : undefined;
  if (m?.tradesEnabled) return m;
  c.add('market', NOT_AVAILABLE);
  return undefined;
}

/** The query string as a Checker reads it. */
const queryOf = (ctx: Ctx) => new Checker(Object.fromEntries(ctx.query));

/**
 * A public market-data route, `GET <path>/{market}`: the market must trade; `read` takes the
 * query's own fields; any refusal is the flat field bag.
 */
function marketRoute<T>(
  read: (c: Checker) => T,
  answer: (m: MarketDef, fields: T, ex: ExchangeCtx) => Reply,
): Route {
  return {
    method: 'GET',
    auth: 'none',
    prefix: true,
    handler: (ctx, ex) => {
      const c = queryOf(ctx);
      const m = availableMarket(c, ctx.rest);
      const fields = read(c);
      if (c.failed || !m) throw publicValidation(c.errors);
      return answer(m, fields, ex);
    },
  };
}

type BookSide = Book['asks'];
const bookRows = (levels: BookSide) => levels.map((l) => [l.price.toFixed(), l.qty.toFixed()]);

/** The order book answer (orderbook and its depth). */
const bookReply = (ex: ExchangeCtx, m: MarketDef, asks: BookSide, bids: BookSide): Reply =>
  json(
    wire(ORDER_BOOK, ex.casing, {
      tickerId: m.name,
      timestamp: Math.floor(ex.now() / 1000),
      asks: bookRows(asks),
      bids: bookRows(bids),
    }),
  );

const percent = (ratio: string) => new D(ratio).times(100).toFixed();

/** Limits of each rail open in one direction, keyed by network (or provider). */
function limitsOf(
  a: AssetDef,
  direction: 'deposit' | 'withdraw',
  casing: Casing,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const rail of a.rails) {
    const limits: Limits | null | undefined = rail[direction];
    if (limits) out[rail.id] = wire(LIMIT, casing, { min: limits.min, max: limits.max });
  }
  return out;
}

/** The ids of the rails open in one direction. */
const railsOf = (a: AssetDef, direction: 'deposit' | 'withdraw') =>
  a.rails.filter((r) => r[direction]).map((r) => r.id);

/** The asset-level min/max of one direction: its default rail's ("0": no upper limit). */
function assetLimits(a: AssetDef, direction: 'deposit' | 'withdraw'): { min: string; max: string } {
  const rail =
    a.rails.find((r) => r.id === a.defaultNetwork && r[direction]) ??
    a.rails.find((r) => r[direction]);
  const limits = rail?.[direction];
  return { min: limits?.min ?? '0', max: limits?.max ?? '0' };
}

/** An asset of /public/assets (reference: http-v4.yaml, components.schemas.Asset). */
function assetRecord(a: AssetDef, casing: Casing): Record<string, unknown> {
  const deposit = assetLimits(a, 'deposit');
  const withdraw = assetLimits(a, 'withdraw');
  const deposits = railsOf(a, 'deposit');
  const withdraws = railsOf(a, 'withdraw');
  const limits = wire(ASSET_LIMITS, casing, {
    deposit: limitsOf(a, 'deposit', casing),
    withdraw: limitsOf(a, 'withdraw', casing),
  });
  return wire(ASSET, casing, {
    name: a.name,
    unifiedCryptoassetId: a.ucid,
    canWithdraw: withdraws.length > 0,
    canDeposit: deposits.length > 0,
    minWithdraw: withdraw.min,
    maxWithdraw: withdraw.max,
    makerFee: '0.1',
    takerFee: '0.1',
    minDeposit: deposit.min,
    maxDeposit: deposit.max,
    currencyPrecision: a.precision,
    isMemo: a.memo,
    memo: wire(ASSET_MEMO, casing, { deposit: a.memo, withdraw: a.memo }),
    providers: a.fiat ? wire(ASSET_PROVIDERS, casing, { deposits, withdraws }) : undefined,
    // A closed direction has no list (and no limits), as on the server.
    networks: a.fiat
      ? undefined
      : wire(ASSET_NETWORKS, casing, {
          deposits: deposits.length ? deposits : undefined,
          withdraws: withdraws.length ? withdraws : undefined,
          default: a.defaultNetwork,
        }),
    limits,
    confirmations: a.fiat
      ? undefined
      : Object.fromEntries(deposits.map((id) => [id, a.confirmations ?? 0])),
  });
}

/** A crypto asset's fee of one direction: flat, from its default network's limits. */
function flatFee(a: AssetDef, direction: 'deposit' | 'withdraw', casing: Casing) {
  const limits = assetLimits(a, direction);
  return wire(FEE_DETAIL, casing, {
    isDepositable: undefined,
    isWithdrawal: undefined,
    isApiDepositable: undefined,
    isApiWithdrawal: undefined,
    ticker: undefined,
    name: undefined,
    maxAmount: limits.max,
    minAmount: limits.min,
    fixed: direction === 'withdraw' && 'fixed' in a.withdrawFee ? a.withdrawFee.fixed : null,
    flex: null,
  });
}

/** A fiat asset's fees of one direction, keyed by payment provider. */
function providerFees(a: AssetDef, direction: 'deposit' | 'withdraw', casing: Casing) {
  const flex = 'flex' in a.withdrawFee ? wire(FEE_FLEX, casing, a.withdrawFee.flex) : null;
  const deposit = direction === 'deposit';
  return Object.fromEntries(
    a.rails.map((rail) => {
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
function feeRecord(a: AssetDef, casing: Casing): Record<string, unknown> {
  const depositable = railsOf(a, 'deposit').length > 0;
  const withdrawable = railsOf(a, 'withdraw').length > 0;
  const fees = a.fiat ? providerFees : flatFee;
  return wire(FEE, casing, {
    isDepositable: a.fiat ? undefined : depositable,
    isWithdrawal: a.fiat ? undefined : withdrawable,
    isApiWithdrawal: withdrawable,
    isApiDepositable: depositable,
    ticker: a.ticker,
    name: a.name,
    providers: a.fiat ? a.rails.map((r) => r.id) : [],
    withdraw: fees(a, 'withdraw', casing),
    deposit: fees(a, 'deposit', casing),
  });
}

/**
 * /api/v1/public/kline (reference: http-v1.yaml): `market` (required, trading), `interval` (1h),
 * `start`/`end` (Unix seconds; end defaults to now, may not pass it, must be after start), `limit`
 * 1..1440 (1440). With a limit and no start, the last `limit` buckets up to `end`; with neither,
 * a window that depends on the interval. At most `limit` candles, the latest.
 */
function kline(ctx: Ctx, ex: ExchangeCtx): Candle[] {
  const c = queryOf(ctx);
  const marketName = c.raw('market');
  const m = marketName === undefined ? undefined : availableMarket(c, marketName);
  if (marketName === undefined) c.add('market', 'The market field is required.');
  const interval = c.raw('interval') ?? '1h';
  if (typeof interval !== 'string' || !(interval in KLINE_INTERVALS)) {
    c.add('interval', 'The selected interval is invalid.');
  }
  const limit = c.int('limit', undefined, 1, 1440);
  const start = c.int('start', undefined, 0);
  const nowSec = Math.floor(ex.now() / 1000);
  const end = c.int('end', nowSec, 0) ?? nowSec;
  if (start !== undefined && end <= start) c.add('end', 'End field must be greater then start.');
  else if (end > nowSec) c.add('end', 'End field may not be greater than the current time.');
  if (c.failed || !m) throw wrappedValidation(c.errors);
  const iv = interval as string;
  const from =
    start ??
    (limit !== undefined
      ? bucketAfter(iv, bucketOf(iv, end), 1 - limit)
      : end - defaultKlineWindow(KLINE_INTERVALS[iv] ?? 3600));
  return candles(ex.engine, m, iv, from, end).slice(-(limit ?? 1440));
}

/** The window when neither start nor limit is given: by the interval's size. */
function defaultKlineWindow(size: number): number {
  if (size < 60) return 600;
  if (size < 3600) return 86_400;
  if (size < 86_400) return 7 * 86_400;
  if (size < 2_592_000) return 30 * 86_400;
  return 365 * 86_400;
}

export const publicRoutes: Record<string, Route> = {
  '/api/v4/public/ping': { method: 'GET', auth: 'none', handler: () => json(['pong']) },
  '/api/v4/public/time': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(wire(SERVER_TIME, ex.casing, { time: Math.floor(ex.now() / 1000) })),
  },
  '/api/v4/public/markets': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(
        MARKETS.map((m) =>
          wire(MARKET, ex.casing, {
            name: m.name,
            stock: m.stock,
            money: m.money,
            stockPrec: String(m.stockPrec),
            moneyPrec: String(m.moneyPrec),
            feePrec: String(m.feePrec),
            makerFee: percent(m.makerFee),
            takerFee: percent(m.takerFee),
            minAmount: m.minAmount,
            minTotal: m.minTotal,
            maxTotal: m.maxTotal,
            tradesEnabled: m.tradesEnabled,
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
    handler: (_ctx, ex) => {
      const out: Record<string, unknown> = {};
      const step = ex.engine.currentStep();
      for (const m of MARKETS) {
        const last = ex.engine.price(m);
        const dayAgo = walkPrice(ex.seed, m, step - 86400);
        const change = last.minus(dayAgo).div(dayAgo).times(100).toDecimalPlaces(2);
        const base = new D(m.levelQty).times(
          400 + (hash32(ex.seed, m.name, 'vol', Math.floor(step / 3600)) % 800),
        );
        out[m.name] = wire(TICKER, ex.casing, {
          baseId: 0,
          quoteId: 0,
          lastPrice: last.toFixed(),
          quoteVolume: base.times(last).toDecimalPlaces(m.moneyPrec).toFixed(),
          baseVolume: base.toFixed(),
          isFrozen: !m.tradesEnabled,
          change: change.toFixed(),
        });
      }
      return json(out);
    },
  },
  '/api/v4/public/assets': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(Object.fromEntries(ASSET_DEFS.map((a) => [a.ticker, assetRecord(a, ex.casing)]))),
  },
  // limit 0..100 (0 or none: 100); level 0..10, beyond clamped (levels are not aggregated here).
  '/api/v4/public/orderbook': marketRoute(
    (c) => {
      c.int('level', 0, Number.MIN_SAFE_INTEGER);
      return c.int('limit', 100, 0, 100) || 100;
    },
    (m, limit, ex) => {
      const book = ex.engine.publicBook(m);
      return bookReply(ex, m, book.asks.slice(0, limit), book.bids.slice(0, limit));
    },
  ),
  // The levels within 2 % of the last price.
  '/api/v4/public/orderbook/depth': marketRoute(
    () => undefined,
    (m, _, ex) => {
      const last = ex.engine.price(m);
      const book = ex.engine.publicBook(m);
      return bookReply(
        ex,
        m,
        book.asks.filter((l) => l.price.lte(last.times('1.02'))),
        book.bids.filter((l) => l.price.gte(last.times('0.98'))),
      );
    },
  ),
  // The 100 most recent trades, newest first; `type` buy or sell.
  '/api/v4/public/trades': marketRoute(
    (c): Side | undefined => {
      const type = c.raw('type');
      if (type === 'buy' || type === 'sell') return type;
      if (type !== undefined) c.add('type', "Type should be 'sell' or 'buy'.");
      return undefined;
    },
    (m, side, ex) =>
      json(
        recentTrades(ex.engine, m, 100, side).map((t) =>
          wire(TRADE, ex.casing, {
            tradeId: t.id,
            price: t.price.toFixed(),
            quoteVolume: t.qty.toFixed(),
            baseVolume: t.qty.times(t.price).toFixed(),
            tradeTimestamp: t.time,
            type: t.side,
            rpi: false,
          }),
        ),
      ),
  ),
  '/api/v4/public/fee': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(Object.fromEntries(ASSET_DEFS.map((a) => [a.ticker, feeRecord(a, ex.casing)]))),
  },
  '/api/v1/public/kline': {
    method: 'GET',
    auth: 'none',
    handler: (ctx, ex) =>
      json(wire(V1_ENVELOPE, ex.casing, { success: true, message: null, result: kline(ctx, ex) })),
  },
};
