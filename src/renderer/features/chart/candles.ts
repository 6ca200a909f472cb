import Decimal from 'decimal.js';
import type { Candle } from '../../../shared/model';

/**
 * The candles in view: the chart's visible logical range (indices into `candles`, fractional and
 * possibly past either end); none before the chart reported one (it does once it has drawn).
 */
export function visibleCandles(
  candles: readonly Candle[],
  range: { from: number; to: number } | null,
): readonly Candle[] {
  if (!range) return [];
  const from = Math.max(0, Math.ceil(range.from));
  const to = Math.min(candles.length - 1, Math.floor(range.to));
  return from > to ? [] : candles.slice(from, to + 1);
}

/** The same candles but for the values of the last one (what a tick changes). */
export function sameSpan(a: readonly Candle[], b: readonly Candle[]): boolean {
  return (
    a.length === b.length &&
    a.length > 0 &&
    a[0]!.time === b[0]!.time &&
    a.at(-1)!.time === b.at(-1)!.time
  );
}

/** The highest high and the lowest low of some candles (at least one), exactly. */
export function rangeOf(candles: readonly Candle[]): { high: string; low: string } {
  let high = new Decimal(candles[0]!.high);
  let low = new Decimal(candles[0]!.low);
  for (const c of candles) {
    high = Decimal.max(high, c.high);
    low = Decimal.min(low, c.low);
  }
  return { high: high.toFixed(), low: low.toFixed() };
}

/**
 * A memo of the range of all the candles but the last: answered again without reading them while
 * they are the same candles (the same objects: the held ones are never changed in place), as
 * across the ticks that move only the last one.
 */
export function headRangeMemo(): (
  candles: readonly Candle[],
) => { high: string; low: string } | undefined {
  let held: readonly Candle[] = [];
  let range: { high: string; low: string } | undefined;
  return (candles) => {
    const n = candles.length - 1;
    if (n < 1) return undefined;
    let same = held.length === n && range !== undefined;
    for (let i = 0; same && i < n; i++) same = held[i] === candles[i];
    if (!same) {
      held = candles.slice(0, n);
      range = rangeOf(held);
    }
    return range;
  };
}

/**
 * The highest high, the lowest low and the change from the first open to the last close in
 * percent (two places, "-1.25"), of some candles (at least one), exactly. `head`: the range of
 * all of them but the last, when known (a tick moves only the last: the rest is not read again).
 */
export function changePercent(
  candles: readonly Candle[],
  head?: { high: string; low: string },
): {
  high: string;
  low: string;
  change: string;
} {
  const first = candles[0]!;
  const last = candles.at(-1)!;
  const { high, low } = head
    ? {
        high: Decimal.max(head.high, last.high).toFixed(),
        low: Decimal.min(head.low, last.low).toFixed(),
      }
    : rangeOf(candles);
  const open = new Decimal(first.open);
  const pct = open.isZero()
    ? new Decimal(0)
    : new Decimal(last.close).minus(open).div(open).times(100);
  return {
    high,
    low,
    change: pct.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}
