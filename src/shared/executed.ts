import { isZeroDecimal } from './decimal';

/** What tells a spend order: its type, side and price. */
interface ExecutedLike {
  type: string;
  side: string;
  price: string;
}

/**
 * A market buy by money amount ("spend 100 USDT"): the exchange reports its `amount` in the money
 * currency and its price as 0 (a market order has no price). Shared by the table and the CSV.
 */
export function isSpendOrder(o: ExecutedLike): boolean {
  return o.type.toLowerCase() === 'market' && o.side === 'buy' && isZeroDecimal(o.price);
}

/** The most executed orders one request returns (§6): the Order history table and its CSV. */
export const EXECUTED_LIMIT = 500;
