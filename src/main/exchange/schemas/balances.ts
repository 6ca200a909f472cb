import type { MainBalances, TradeBalances } from '../../../shared/model';
import { decimal, mapOf, parserOf, record } from './primitives';

/** Balances: the main account's and the trade account's, keyed by ticker. */

const mainBalancesSchema = mapOf(record({ mainBalance: decimal })).transform((map): MainBalances =>
  Object.fromEntries(Object.entries(map).map(([ticker, b]) => [ticker, b.mainBalance])),
);

/** `{"BTC": {available, freeze}}` (REST trade-account/balance and the stream's balanceSpot_update). */
export const tradeBalancesSchema = mapOf(
  record({ available: decimal, freeze: decimal }).transform((b) => ({
    available: b.available,
    freeze: b.freeze,
  })),
).transform((map): TradeBalances => map);

export const parseMainBalances = parserOf<MainBalances>(
  mainBalancesSchema,
  '/api/v4/main-account/balance',
);
export const parseTradeBalances = parserOf<TradeBalances>(
  tradeBalancesSchema,
  '/api/v4/trade-account/balance',
);
