import type Decimal from 'decimal.js';
import type { Millis } from '../../shared/model';
import { routedPrice, type PriceArithmetic } from '../services/pricing';
import { RATIOS, ratioDecimal, toRatio, type Ratio } from './exact';
import type { DailyClose } from './records';

/**
 * A day's price of an asset in a quote from the markets' daily closes, routed exactly as live
 * prices are (services/pricing.ts `routedPrice`: direct, inverse, through BTC, then USDT). A day is
 * its midnight UTC; a market without a close that day does not price it (no carrying forward).
 * Closes are kept as exact ratios (exact.ts): a routed price is exact until it is shown.
 */

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day `time` falls in. */
export const dayOf = (time: Millis): Millis => Math.floor(time / DAY_MS) * DAY_MS;

/** Days since 1970-01-01 (a small integer: the fast key of a Map, which a time in ms is not). */
const dayNumber = (time: Millis): number => Math.floor(time / DAY_MS);

/** The daily closes by market and day number, for lookups (build once, price many days). */
export type CloseIndex = ReadonlyMap<string, ReadonlyMap<number, Ratio>>;

/**
 * Indexes daily closes; a zero close (a market not trading) prices nothing, as in PriceBook. Into
 * `index` when given (one market at a time: service.ts adds each, then lets other work run).
 */
export function indexCloses(
  closes: readonly DailyClose[],
  index = new Map<string, Map<number, Ratio>>(),
): CloseIndex {
  for (const c of closes) {
    const price = toRatio(c.close);
    if (price.num === 0n) continue;
    let days = index.get(c.market);
    if (!days) index.set(c.market, (days = new Map()));
    days.set(dayNumber(c.day), price);
  }
  return index;
}

/** A price by day: any time in a day to the price that day, or undefined (none that day). */
export type DaySeries = (day: Millis) => Ratio | undefined;

const EVERY_DAY_ONE: DaySeries = () => RATIOS.one;

/** Routing over whole series: a route is chosen once, then each day combines that day's closes. */
const SERIES: PriceArithmetic<DaySeries> = {
  one: EVERY_DAY_ONE,
  times: (a, b) => (day) => {
    const first = a(day);
    const second = first && b(day);
    return second && RATIOS.times(first, second);
  },
  inverse: (series) => (day) => {
    const price = series(day);
    return price && RATIOS.inverse(price);
  },
};

/**
 * The daily price of one `ticker` in `quote`, exact, or undefined when no route exists. The route is
 * the one the routing rule takes among the markets that have closes (as PriceBook takes it among
 * the markets that have a price, and as `marketsFor` names them to fetch); on a day where a leg of
 * it has no close, the asset has no price that day. Choose once, then ask day after day.
 */
export function priceSeries(
  closes: CloseIndex,
  ticker: string,
  quote: string,
): DaySeries | undefined {
  const series = (market: string): DaySeries | undefined => {
    const days = closes.get(market);
    return days && ((day) => days.get(dayNumber(day)));
  };
  return routedPrice(series, ticker, quote, SERIES);
}

/** The price of one `ticker` in `quote` on the day `day` falls in, or undefined (no price that day). */
export function dailyPrice(
  closes: CloseIndex,
  ticker: string,
  quote: string,
  day: Millis,
): Decimal | undefined {
  const price = priceSeries(closes, ticker, quote)?.(day);
  return price && ratioDecimal(price);
}

/**
 * The markets whose daily closes price `tickers` in `quote`: for each, the route the routing rule
 * takes among the listed `markets` (so the kline is fetched for these only), sorted.
 */
export function marketsFor(
  tickers: readonly string[],
  quote: string,
  markets: readonly string[],
): string[] {
  const listed = new Set(markets);
  const used: string[] = [];
  for (const ticker of tickers) {
    const price = (market: string) => (listed.has(market) ? RATIOS.one : undefined);
    routedPrice(price, ticker, quote, RATIOS, used);
  }
  return [...new Set(used)].sort();
}
