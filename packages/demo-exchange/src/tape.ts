import { Decimal } from './decimal';
import type { Engine } from './engine';
import { levelPrice, stepOf, walkPrice, type MarketDef } from './markets';
import { hash32 } from './rng';
import type { Side } from './state';

/**
 * Public market data derived from the price walk, computed on demand (nothing is stored): the trade
 * tape (public trades) and the candles (kline).
 *
 * Time and walk steps: see Engine.stepAt/timeOf (live, a step is a second of the clock; frozen, the
 * steps count from start-up and the walk stands still at the current one, so the past stays as it
 * was while the wall clock runs). The current step's price is the engine's (a control override
 * included); an earlier step's is the walk's.
 *
 * Tape: at each step a market has 0, 1 or 2 trades (a hash of seed, market and step); each is a buy
 * at that step's best ask or a sell at its best bid (level 1 of the book around that step's price),
 * of levelQty x (0.01 .. 0.5) rounded down to the stock precision (at least one step). A tape trade's
 * id is 1,000,000,000 + 4 x step + its index. The account's own deals are trades of the market too:
 * the tape shows them (a taker deal as its side, a maker deal as the other side's trade).
 *
 * Candles: open is the price at the bucket's first second, close at its last (or now), high and low
 * the extremes of those and of the prices a third and two thirds into it; the stock volume is what
 * the tape trades on average in the bucket's seconds (0.26 levelQty a second) x (0.5 .. 1.5) from a
 * hash, the money volume that at the close.
 */
export interface TapeTrade {
  id: number;
  price: Decimal;
  /** Stock. */
  qty: Decimal;
  /** The taker's side: buy took an ask, sell took a bid. */
  side: Side;
  /** Unix seconds with a fraction (WebSocket trades send it so; REST sends the whole second). */
  time: number;
}

/** Tape trades are looked for this many steps back at most. */
const TAPE_SCAN = 1000;

function priceAt(engine: Engine, market: MarketDef, step: number): Decimal {
  return step >= engine.currentStep() ? engine.price(market) : walkPrice(engine.seed, market, step);
}

function tapeAt(
  engine: Engine,
  market: MarketDef,
  step: number,
  time: number,
  nowSec: number,
): TapeTrade[] {
  const count = hash32(engine.seed, market.name, step, 'tape') % 3;
  if (count === 0) return [];
  const mid = priceAt(engine, market, step);
  const trades: TapeTrade[] = [];
  for (let k = 0; k < count; k++) {
    const h = hash32(engine.seed, market.name, step, 'trade', k);
    const side: Side = h % 2 === 0 ? 'buy' : 'sell';
    const qty = new Decimal(market.levelQty)
      .times(((h >>> 1) % 491) + 10)
      .div(1000)
      .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
    trades.push({
      id: 1_000_000_000 + 4 * step + k,
      price: levelPrice(market, mid, side === 'buy' ? 'ask' : 'bid', 1),
      qty: Decimal.max(qty, stepOf(market)),
      side,
      // Within its step's second, at a microsecond the seed fixes, never after now.
      time: Math.min(time + ((h >>> 10) % 1_000_000) / 1_000_000, nowSec),
    });
  }
  return trades;
}

/** The newest `limit` trades of a market (of one side, when given), newest first. */
export function recentTrades(
  engine: Engine,
  market: MarketDef,
  limit: number,
  side?: Side,
): TapeTrade[] {
  const nowSec = engine.now() / 1000;
  const current = engine.currentStep();
  const own: TapeTrade[] = engine.state.deals
    .filter((d) => d.market === market.name)
    .map((d) => ({
      id: d.id,
      price: new Decimal(d.price),
      qty: new Decimal(d.amount),
      side: d.role === 2 ? d.side : d.side === 'buy' ? 'sell' : 'buy',
      time: d.time,
    }));
  const tape: TapeTrade[] = [];
  for (let back = 0; back < TAPE_SCAN && tape.length < limit; back++) {
    const step = current - back;
    for (const trade of tapeAt(engine, market, step, engine.timeOf(step), nowSec)) {
      if (!side || trade.side === side) tape.push(trade);
    }
  }
  return [...tape, ...own.filter((t) => !side || t.side === side)]
    .sort((a, b) => b.time - a.time || b.id - a.id)
    .slice(0, limit);
}

/** Kline intervals, in seconds (`1M` is a calendar month). */
export const KLINE_INTERVALS: Readonly<Record<string, number>> = {
  '1s': 1,
  '10s': 10,
  '30s': 30,
  '1m': 60,
  '3m': 180,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14_400,
  '6h': 21_600,
  '8h': 28_800,
  '12h': 43_200,
  '1d': 86_400,
  '3d': 259_200,
  '1w': 604_800,
  '1M': 2_592_000,
};

/** The first Monday of Unix time (weeks start on Mondays). */
const FIRST_MONDAY = 4 * 86_400;

/**
 * A kline interval: a name of KLINE_INTERVALS, or a size in seconds (the WebSocket candles; a size
 * that has a name is that name, and a week starts on Monday either way; 30 days is 30 days there).
 */
export type Interval = string | number;

const sizeOf = (interval: Interval): number =>
  typeof interval === 'number' ? interval : (KLINE_INTERVALS[interval] ?? 3600);

/** The name of an interval when it has one (so both forms give the same candles). */
const nameOf = (interval: Interval): Interval =>
  typeof interval === 'number'
    ? (Object.entries(KLINE_INTERVALS).find(([k, v]) => v === interval && k !== '1M')?.[0] ??
      interval)
    : interval;

/** The start of the bucket holding `t` (Unix seconds). */
export function bucketOf(interval: Interval, t: number): number {
  if (interval === '1M') {
    const at = new Date(t * 1000);
    return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) / 1000;
  }
  const size = sizeOf(interval);
  const origin = size === 604_800 ? FIRST_MONDAY : 0;
  return t - ((((t - origin) % size) + size) % size);
}

/** The start of the bucket `n` buckets after (or before, n < 0) the one starting at `bucket`. */
export function bucketAfter(interval: Interval, bucket: number, n = 1): number {
  if (interval !== '1M') return bucket + n * sizeOf(interval);
  const at = new Date(bucket * 1000);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1) / 1000;
}

/** [time, open, close, high, low, stock volume, money volume], as the kline answers it. */
export type Candle = [number, string, string, string, string, string, string];

/** The candles whose buckets start within [from, to] (Unix seconds, to <= now), oldest first. */
export function candles(
  engine: Engine,
  market: MarketDef,
  interval: Interval,
  from: number,
  to: number,
): Candle[] {
  const nowSec = Math.floor(engine.now() / 1000);
  const key = nameOf(interval);
  const out: Candle[] = [];
  for (
    let bucket = bucketOf(interval, from);
    bucket <= to;
    bucket = bucketAfter(interval, bucket)
  ) {
    if (bucket < from) continue;
    out.push(
      span(engine, market, key, bucket, Math.min(bucketAfter(interval, bucket) - 1, nowSec)),
    );
  }
  return out;
}

/**
 * The candle of the seconds [first, last] (last <= now): the prices at both ends and a third and
 * two thirds in, the volume as the tape trades on average, its hash keyed by `key` and `first`.
 */
export function span(
  engine: Engine,
  market: MarketDef,
  key: Interval,
  first: number,
  last: number,
): Candle {
  const nowSec = Math.floor(engine.now() / 1000);
  const at = (t: number) =>
    priceAt(engine, market, t >= nowSec ? engine.currentStep() : engine.stepAt(t));
  const third = Math.floor((last - first) / 3);
  const prices = [at(first), at(last), at(first + third), at(first + 2 * third)];
  const [open, close] = prices as [Decimal, Decimal];
  const seconds = last - first + 1;
  const factor = new Decimal((hash32(engine.seed, market.name, key, first) % 1001) + 500).div(1000);
  const stock = new Decimal(market.levelQty)
    .times('0.26')
    .times(seconds)
    .times(factor)
    .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
  return [
    first,
    open.toFixed(),
    close.toFixed(),
    Decimal.max(...prices).toFixed(),
    Decimal.min(...prices).toFixed(),
    stock.toFixed(),
    stock.times(close).toDecimalPlaces(market.moneyPrec, Decimal.ROUND_DOWN).toFixed(),
  ];
}
