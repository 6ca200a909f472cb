import type { MainBalances, TradeBalances } from '../../../shared/model';
import {
  decimal,
  emptyArrayAsObject,
  isJsonObject,
  mapOf,
  MAX_ITEMS,
  parserOf,
  record,
  readAmount,
  TEXT_LIMITS,
} from './primitives';

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
/** A field of a JSON object that is its own (as camelKeys copies them), else undefined. */
const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

/**
 * tradeBalancesSchema without zod, for well-formed answers (read on every balance refresh): the
 * same bounds (entries, key length) and the same decimal rule; undefined for anything else, which
 * the schema then reads and words the error for.
 */
export function readTradeBalances(json: unknown): TradeBalances | undefined {
  const map = emptyArrayAsObject(json);
  if (!isJsonObject(map) || Object.getOwnPropertySymbols(map).length) return undefined;
  const tickers = Object.keys(map);
  if (tickers.length > MAX_ITEMS) return undefined;
  const balances: TradeBalances = {};
  for (const ticker of tickers) {
    if (ticker.length > TEXT_LIMITS.key || ticker === '__proto__') return undefined;
    const entry = map[ticker];
    if (!isJsonObject(entry)) return undefined;
    const available = readAmount(own(entry, 'available'));
    const freeze = readAmount(own(entry, 'freeze'));
    if (available === undefined || freeze === undefined) return undefined;
    balances[ticker] = { available, freeze };
  }
  return balances;
}

export const parseTradeBalances = parserOf<TradeBalances>(
  tradeBalancesSchema,
  '/api/v4/trade-account/balance',
  readTradeBalances,
);
