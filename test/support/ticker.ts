import type { Ticker, TickerEntry } from '../../src/shared/model';

/** One market's 24 h ticker at `lastPrice`, nothing else moving. */
export const tickerEntry = (lastPrice: string, change = '0', isFrozen = false): TickerEntry => ({
  lastPrice,
  quoteVolume: '0',
  baseVolume: '0',
  change,
  isFrozen,
});

/** A ticker of markets at their last prices ("BTC_USDT" -> "50000"). */
export const tickerOf = (prices: Record<string, string>): Ticker =>
  Object.fromEntries(Object.entries(prices).map(([market, last]) => [market, tickerEntry(last)]));
