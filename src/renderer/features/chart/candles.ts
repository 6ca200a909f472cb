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

/**
 * The highest high, the lowest low and the change from the first open to the last close in
 * percent (two places, "-1.25"), of some candles (at least one), exactly.
 */
export function changePercent(candles: readonly Candle[]): {
  high: string;
  low: string;
  change: string;
} {
  const first = candles[0]!;
  const last = candles.at(-1)!;
  let high = new Decimal(first.high);
  let low = new Decimal(first.low);
  for (const c of candles) {
    high = Decimal.max(high, c.high);
    low = Decimal.min(low, c.low);
  }
  const open = new Decimal(first.open);
  const pct = open.isZero()
    ? new Decimal(0)
    : new Decimal(last.close).minus(open).div(open).times(100);
  return {
    high: high.toFixed(),
    low: low.toFixed(),
    change: pct.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}
