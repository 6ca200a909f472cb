import { z } from 'zod';
import { channel, market, noInput } from './common';
import type { Market, MarketTickers, TradeContext } from '../model';

/** The exchange's markets and tickers (public), and one market's trade context. */
export const trade = {
  /** Every market of the exchange (public). */
  markets: channel<Market[]>()(noInput),
  /** Every market's last price and 24 h change (the public ticker, nothing more of it). */
  tickers: channel<MarketTickers>()(noInput),
  /** One market's rules, order book, last price and the two trade balances. */
  context: channel<TradeContext>()(z.object({ market })),
} as const;
