import { z } from 'zod';
import { channel, market, noInput } from './common';
import {
  CHART_INTERVALS,
  type CandleSeries,
  type Market,
  type MarketTickers,
  type TradeContext,
} from '../model';

/** The exchange's markets and tickers (public), and one market's trade context. */
export const trade = {
  /** Every market of the exchange (public). */
  markets: channel<Market[]>()(noInput),
  /** Every market's last price and 24 h change (the public ticker, nothing more of it). */
  tickers: channel<MarketTickers>()(noInput),
  /** One market's rules, order book, last price and the two trade balances. */
  context: channel<TradeContext>()(z.object({ market })),
  /**
   * One market's candles of an interval, oldest first: the latest CANDLES_PAGE, or those that start
   * before `before` (Unix ms: the chart scrolled back to older ones).
   */
  candles: channel<CandleSeries>()(
    z.object({
      market,
      interval: z.enum(CHART_INTERVALS, 'Choose an interval.'),
      before: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
    }),
  ),
} as const;
