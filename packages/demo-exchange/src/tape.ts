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
 * The tape starts TAPE_HISTORY steps before the engine's start-up step (Engine.startStep); what is
 * older is history the demo keeps only as summaries.
 *
 * Candles are built from the trades: the tape's and the account's own deals in the bucket's seconds.
 * Open is the first trade's price, close the last's, high and low their extremes, the stock volume
 * the sum of their amounts and the money volume the sum of amount x price; a bucket without trades
 * is flat at the last price before it, with no volume. The part of a bucket older than the tape is a
 * summary of the walk: the prices at its first and last second and a third and two thirds in, the
 * stock volume what the tape trades on average in those seconds (0.26 levelQty a second) x
 * (0.5 .. 1.5) from a hash, the money volume that at its close. Sums over whole minutes of the tape
 * are kept once computed (a minute in the past never changes).
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

/** The tape starts this many steps before the engine's start-up step (more than TAPE_SCAN). */
export const TAPE_HISTORY = 1200;

/** The first step of the tape. */
const tapeStart = (engine: Engine): number => engine.startStep - TAPE_HISTORY;

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
  if (step < tapeStart(engine)) return [];
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
  const own = ownTrades(engine, market, -Infinity, Infinity);
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

/** What some trades add up to: the first and last (by time, then id), the extremes, the volumes. */
interface Sum {
  first?: TapeTrade;
  last?: TapeTrade;
  high?: Decimal;
  low?: Decimal;
  stock: Decimal;
  money: Decimal;
}

const after = (a: TapeTrade, b: TapeTrade): boolean =>
  a.time - b.time > 0 || (a.time === b.time && a.id > b.id);

function addTrade(sum: Sum, trade: TapeTrade): void {
  if (!sum.first || after(sum.first, trade)) sum.first = trade;
  if (!sum.last || after(trade, sum.last)) sum.last = trade;
  if (!sum.high || trade.price.gt(sum.high)) sum.high = trade.price;
  if (!sum.low || trade.price.lt(sum.low)) sum.low = trade.price;
  sum.stock = sum.stock.plus(trade.qty);
  sum.money = sum.money.plus(trade.qty.times(trade.price));
}

function addSum(sum: Sum, part: Sum): void {
  for (const trade of [part.first, part.last]) {
    if (!trade) continue;
    if (!sum.first || after(sum.first, trade)) sum.first = trade;
    if (!sum.last || after(trade, sum.last)) sum.last = trade;
  }
  if (part.high && (!sum.high || part.high.gt(sum.high))) sum.high = part.high;
  if (part.low && (!sum.low || part.low.lt(sum.low))) sum.low = part.low;
  sum.stock = sum.stock.plus(part.stock);
  sum.money = sum.money.plus(part.money);
}

const emptySum = (): Sum => ({ stock: new Decimal(0), money: new Decimal(0) });

/** Steps of a kept sum (a minute of the tape, in steps). */
const BLOCK = 60;
/** Kept sums per engine at most (then they start again). */
const KEPT = 100_000;
const kept = new WeakMap<Engine, Map<string, Sum>>();

/** The tape's trades of the steps [from, to] (clipped to the tape and the current step), summed. */
function tapeSum(engine: Engine, market: MarketDef, from: number, to: number): Sum {
  const nowSec = engine.now() / 1000;
  const current = engine.currentStep();
  const last = Math.min(to, current);
  const sum = emptySum();
  const direct = (a: number, b: number, into: Sum) => {
    for (let step = a; step <= b; step++) {
      for (const trade of tapeAt(engine, market, step, engine.timeOf(step), nowSec)) {
        addTrade(into, trade);
      }
    }
  };
  let step = Math.max(from, tapeStart(engine));
  while (step <= last) {
    const blockEnd = step - (((step % BLOCK) + BLOCK) % BLOCK) + BLOCK - 1;
    if (step % BLOCK === 0 && blockEnd <= last && blockEnd < current) {
      // A whole minute in the past: its trades never change (their times follow the manual steps).
      let map = kept.get(engine);
      if (!map) kept.set(engine, (map = new Map()));
      const key = `${market.name} ${step} ${engine.state.walk.manualStep}`;
      let block = map.get(key);
      if (!block) {
        block = emptySum();
        direct(step, blockEnd, block);
        if (map.size >= KEPT) map.clear();
        map.set(key, block);
      }
      addSum(sum, block);
    } else {
      direct(step, Math.min(blockEnd, last), sum);
    }
    step = blockEnd + 1;
  }
  return sum;
}

/** The account's own deals in the market at times in [from, to), as trades of the tape. */
function ownTrades(engine: Engine, market: MarketDef, from: number, to: number): TapeTrade[] {
  return engine.state.deals
    .filter((d) => d.market === market.name && d.time >= from && d.time < to)
    .map((d) => ({
      id: d.id,
      price: new Decimal(d.price),
      qty: new Decimal(d.amount),
      side: d.role === 2 ? d.side : d.side === 'buy' ? 'sell' : 'buy',
      time: d.time,
    }));
}

/** The price of the last trade before the second `t` (the walk's, before the tape). */
function priceBefore(engine: Engine, market: MarketDef, t: number): Decimal {
  const nowSec = engine.now() / 1000;
  const top = engine.stepAt(t - 1);
  let best: TapeTrade | undefined;
  for (let step = top; step >= tapeStart(engine) && !best; step--) {
    for (const trade of tapeAt(engine, market, step, engine.timeOf(step), nowSec)) {
      if (!best || after(trade, best)) best = trade;
    }
  }
  for (const trade of ownTrades(engine, market, -Infinity, t)) {
    if (!best || after(trade, best)) best = trade;
  }
  return best ? best.price : priceAt(engine, market, top);
}

/**
 * The candle of the seconds [first, last] (last <= now): the trades in them, after a summary of
 * the walk for the part older than the tape (its volume's hash keyed by `key` and `first`).
 */
export function span(
  engine: Engine,
  market: MarketDef,
  key: Interval,
  first: number,
  last: number,
): Candle {
  const tapeFrom = engine.timeOf(tapeStart(engine));
  const older =
    first < tapeFrom
      ? summary(engine, market, key, first, Math.min(last, tapeFrom - 1))
      : undefined;
  const from = Math.max(first, tapeFrom);
  const sum = emptySum();
  if (from <= last) {
    const step = engine.stepAt(from);
    // The bucket holding now also holds the steps a control moved past the clock (their trades
    // are stamped now).
    const to = last >= Math.floor(engine.now() / 1000) ? engine.currentStep() : engine.stepAt(last);
    if (engine.timeOf(step) >= from) addSum(sum, tapeSum(engine, market, step, to));
    for (const trade of ownTrades(engine, market, from, last + 1)) addTrade(sum, trade);
  }
  if (older) addSum(sum, older);
  if (!sum.first || !sum.last || !sum.high || !sum.low) {
    const p = priceBefore(engine, market, first).toFixed();
    return [first, p, p, p, p, '0', '0'];
  }
  return [
    first,
    sum.first.price.toFixed(),
    sum.last.price.toFixed(),
    sum.high.toFixed(),
    sum.low.toFixed(),
    sum.stock.toFixed(),
    sum.money.toFixed(),
  ];
}

/**
 * The seconds [first, last] before the tape, as a sum: the walk's prices at both ends and a third
 * and two thirds in (as trades at the first and the last second), the volume as the tape trades on
 * average.
 */
function summary(
  engine: Engine,
  market: MarketDef,
  key: Interval,
  first: number,
  last: number,
): Sum {
  const at = (t: number) => priceAt(engine, market, engine.stepAt(t));
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
  const mark = (price: Decimal, time: number): TapeTrade => ({
    id: 0,
    price,
    qty: stock,
    side: 'buy',
    time,
  });
  return {
    first: mark(open, first),
    last: mark(close, last),
    high: Decimal.max(...prices),
    low: Decimal.min(...prices),
    stock,
    money: stock.times(close).toDecimalPlaces(market.moneyPrec, Decimal.ROUND_DOWN),
  };
}
