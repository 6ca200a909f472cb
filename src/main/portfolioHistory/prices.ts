import Decimal from 'decimal.js';
import type { Millis } from '../../shared/model';
import { routedPrice } from '../services/pricing';
import type { DailyClose } from './records';

/**
 * A day's price of an asset in a quote from the markets' daily closes, routed exactly as live
 * prices are (services/pricing.ts `routedPrice`: direct, inverse, through BTC, then USDT). A day is
 * its midnight UTC; a market without a close that day does not price it (no carrying forward).
 */

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day `time` falls in. */
export const dayOf = (time: Millis): Millis => Math.floor(time / DAY_MS) * DAY_MS;

/** The daily closes by market and day, for lookups (build once, price many days). */
export type CloseIndex = ReadonlyMap<string, ReadonlyMap<Millis, Decimal>>;

/** Indexes daily closes; a zero close (a market not trading) prices nothing, as in PriceBook. */
export function indexCloses(closes: readonly DailyClose[]): CloseIndex {
  const index = new Map<string, Map<Millis, Decimal>>();
  for (const c of closes) {
    const price = new Decimal(c.close);
    if (price.isZero()) continue;
    let days = index.get(c.market);
    if (!days) index.set(c.market, (days = new Map()));
    days.set(dayOf(c.day), price);
  }
  return index;
}

/** The price of one `ticker` in `quote` on the day `day` falls in, or undefined (no route that day). */
export function dailyPrice(
  closes: CloseIndex,
  ticker: string,
  quote: string,
  day: Millis,
): Decimal | undefined {
  const midnight = dayOf(day);
  return routedPrice((market) => closes.get(market)?.get(midnight), ticker, quote);
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
  const one = new Decimal(1);
  const used: string[] = [];
  for (const ticker of tickers) {
    routedPrice((market) => (listed.has(market) ? one : undefined), ticker, quote, used);
  }
  return [...new Set(used)].sort();
}
