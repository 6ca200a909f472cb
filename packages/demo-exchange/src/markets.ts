import { ASSET_DEFS } from './assets';
import { Decimal } from './decimal';
import { hash32 } from './rng';
import type { Side } from './state';

/**
 * Markets, the seeded price walk and the order books around the price.
 *
 * Price walk: the mid price of a market at walk step `s` is
 *   base * (1 + 0.05 * n(s, 3600) + 0.01 * n(s, 300) + 0.002 * n(s, 20))
 * where n(s, T) is value noise in [-1, 1]: a hash of (seed, market, T, floor(s / T)) interpolated
 * linearly to the next knot. It is computed with decimals only, bounded (±6.2 %) and reproducible
 * from (seed, step) alone. In live mode the step is the server clock in whole seconds, so the price
 * moves every second; frozen mode keeps the step at a manual counter (control endpoint
 * `advance-price`).
 *
 * Order book: 25 levels a side. Level i (1-based) of the asks is at mid * (1 + 0.0005 + 0.0004 i)
 * rounded up to the money precision, bids at mid * (1 - 0.0005 - 0.0004 i) rounded down, the
 * quantity is levelQty * (0.2 .. 2.0) from a hash of (seed, market, step, side, i), rounded down to
 * the stock precision. The market maker account provides that liquidity (matching caps a fill at the
 * maker's balance), so every trade moves balances between two accounts and assets are conserved.
 */
export interface MarketDef {
  name: string;
  stock: string;
  money: string;
  stockPrec: number;
  moneyPrec: number;
  feePrec: number;
  /** Fee rates as ratios ("0.001"); /public/markets shows them as percent strings. */
  makerFee: string;
  takerFee: string;
  minAmount: string;
  minTotal: string;
  maxTotal: string;
  tradesEnabled: boolean;
  /** Starting mid price of the walk. */
  base: string;
  /** Typical quantity of one book level, in stock. */
  levelQty: string;
}

function defineMarket(
  name: string,
  stockPrec: number,
  moneyPrec: number,
  minAmount: string,
  minTotal: string,
  base: string,
  levelQty: string,
  tradesEnabled = true,
): MarketDef {
  const [stock = '', money = ''] = name.split('_');
  return {
    name,
    stock,
    money,
    stockPrec,
    moneyPrec,
    feePrec: 4,
    makerFee: '0.001',
    takerFee: '0.001',
    minAmount,
    minTotal,
    maxTotal: '10000000000',
    tradesEnabled,
    base,
    levelQty,
  };
}

export const MARKETS: readonly MarketDef[] = [
  defineMarket('BTC_USDT', 6, 2, '0.0001', '5', '64250', '0.35'),
  defineMarket('ETH_USDT', 4, 2, '0.001', '5', '3120', '4'),
  defineMarket('ETH_BTC', 4, 6, '0.001', '0.0001', '0.048562', '4'),
  defineMarket('SOL_USDT', 3, 3, '0.01', '5', '148.5', '60'),
  defineMarket('XRP_USDT', 1, 5, '1', '5', '0.58421', '15000'),
  defineMarket('DOGE_USDT', 0, 6, '10', '5', '0.142318', '60000'),
  defineMarket('LTC_USDT', 4, 2, '0.01', '5', '72.4', '120'),
  defineMarket('TRX_USDT', 1, 6, '10', '5', '0.124512', '70000'),
  defineMarket('ADA_USDT', 2, 5, '1', '5', '0.45128', '20000'),
  defineMarket('BNB_USDT', 3, 2, '0.001', '5', '585.3', '15'),
  // Listed but not tradable: orders answer code 31 "market is not available".
  defineMarket('DOT_USDT', 2, 4, '0.1', '5', '6.215', '1000', false),
  // Fiat markets, as the exchange has them: EUR and USD are quote currencies a portfolio can be
  // valued in. The seeded account holds no fiat and has no orders on them.
  defineMarket('BTC_EUR', 6, 2, '0.0001', '5', '59400', '0.35'),
  defineMarket('USDT_EUR', 2, 4, '1', '5', '0.9245', '20000'),
  defineMarket('BTC_USD', 6, 2, '0.0001', '5', '64280', '0.35'),
  defineMarket('USDT_USD', 2, 4, '1', '5', '1.0004', '20000'),
];

/** Fiat currencies the demo exchange lists (money side of the fiat markets). */
export const FIAT: ReadonlySet<string> = new Set(
  ASSET_DEFS.filter((a) => a.fiat).map((a) => a.ticker),
);

export const MARKET_BY_NAME: ReadonlyMap<string, MarketDef> = new Map(
  MARKETS.map((market) => [market.name, market]),
);

/**
 * The asset a fill's fee is taken in: what the order receives, a buy's stock and a sell's money, as
 * the deployed server charges it (the WebSocket deals and ordersExecuted records' `fee_asset`, e.g.
 * an ETH_BTC buy pays in ETH) for a record (order, deal) of `market`. An unknown market: "".
 */
export function feeAsset(record: { market: string; side: Side }): string {
  const market = MARKET_BY_NAME.get(record.market);
  if (!market) return '';
  return record.side === 'buy' ? market.stock : market.money;
}

export function stepOf(market: MarketDef): Decimal {
  return new Decimal(1).div(new Decimal(10).pow(market.stockPrec));
}

function noise(seed: number, market: string, step: number, period: number): Decimal {
  const knot = Math.floor(step / period);
  const r = step - knot * period;
  const a = new Decimal(hash32(seed, market, period, knot));
  const b = new Decimal(hash32(seed, market, period, knot + 1));
  // Interpolate between knots, then map [0, 2^32) to [-1, 1).
  const v = a
    .times(period - r)
    .plus(b.times(r))
    .div(period);
  return v.div(2147483648).minus(1);
}

export function walkPrice(seed: number, market: MarketDef, step: number): Decimal {
  const factor = new Decimal(1)
    .plus(noise(seed, market.name, step, 3600).times('0.05'))
    .plus(noise(seed, market.name, step, 300).times('0.01'))
    .plus(noise(seed, market.name, step, 20).times('0.002'));
  return new Decimal(market.base)
    .times(factor)
    .toDecimalPlaces(market.moneyPrec, Decimal.ROUND_HALF_UP);
}

export interface BookLevel {
  price: Decimal;
  qty: Decimal;
}

export interface Book {
  asks: BookLevel[];
  bids: BookLevel[];
}

export const BOOK_DEPTH = 25;

/** The price of level `i` (1-based) of the asks or the bids around `mid`. */
export function levelPrice(
  market: MarketDef,
  mid: Decimal,
  side: 'ask' | 'bid',
  i: number,
): Decimal {
  const offset = new Decimal('0.0005').plus(new Decimal('0.0004').times(i));
  return side === 'ask'
    ? mid.times(new Decimal(1).plus(offset)).toDecimalPlaces(market.moneyPrec, Decimal.ROUND_UP)
    : mid.times(new Decimal(1).minus(offset)).toDecimalPlaces(market.moneyPrec, Decimal.ROUND_DOWN);
}

export function bookAround(seed: number, market: MarketDef, step: number, mid: Decimal): Book {
  const asks: BookLevel[] = [];
  const bids: BookLevel[] = [];
  const levelQty = new Decimal(market.levelQty);
  for (let i = 1; i <= BOOK_DEPTH; i++) {
    const ask = levelPrice(market, mid, 'ask', i);
    const bid = levelPrice(market, mid, 'bid', i);
    const qa = levelQty
      .times(new Decimal(hash32(seed, market.name, step, 'ask', i) % 1801).plus(200))
      .div(1000)
      .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
    const qb = levelQty
      .times(new Decimal(hash32(seed, market.name, step, 'bid', i) % 1801).plus(200))
      .div(1000)
      .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
    if (qa.gt(0)) asks.push({ price: ask, qty: qa });
    if (qb.gt(0) && bid.gt(0)) bids.push({ price: bid, qty: qb });
  }
  return { asks, bids };
}
