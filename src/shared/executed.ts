import { isZeroDecimal } from './decimal';
import { splitMarket } from './format';

/** What tells a spend order: its type, side and price. */
interface ExecutedLike {
  type: string;
  side: string;
  price: string;
}

/**
 * An order sized in money ("spend 100 USDT"), whose `amount` (and `left`) the exchange gives in the
 * money currency: a market buy by money amount (price 0: a market order has no price) and a buy
 * stop-market order, active or activated (the exchange's `total`, spent at the market once it
 * activates). Shared by the tables (active and executed), the cancel question and the CSV.
 */
export function isSpendOrder(o: ExecutedLike): boolean {
  if (o.side !== 'buy') return false;
  const type = o.type.toLowerCase();
  return type === 'stop market' || (type === 'market' && isZeroDecimal(o.price));
}

/**
 * The asset a deal's or an executed order's fee was paid in: the one the exchange names
 * (`feeAsset`), else what it received, as the deployed server charges it: a buy's fee in the stock
 * it bought, a sell's in the money (the money too when the side is not known). Shared by the
 * history sync and the deals and executed-orders CSVs.
 */
export function feeAssetOf(record: { market: string; side?: string; feeAsset?: string }): string {
  if (record.feeAsset) return record.feeAsset;
  const [stock, money] = splitMarket(record.market);
  return record.side === 'buy' ? stock : money;
}

/** The most executed orders one request returns (§6): the Order history table and its CSV. */
export const EXECUTED_LIMIT = 500;

const DAY_SECONDS = 86_400;

/** The longest time range one order-history query may span (the exchange refuses more). */
export const HISTORY_WINDOW_SECONDS = 31 * DAY_SECONDS;

/** The longest range an export walks: six months of windows and a day of slack. */
export const HISTORY_RANGE_SECONDS = 185 * DAY_SECONDS;

/** The earliest the exchange's order history reaches (Unix seconds): 00:00 UTC six months ago. */
export function historyEarliest(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, now.getUTCDate()) / 1000;
}

/** A time range in Unix seconds, both ends included. */
export interface TimeWindow {
  from: number;
  to: number;
}

/**
 * [from, to] split into windows the exchange answers (at most 31 days each, or `width` seconds:
 * convert/history answers 30), newest first: the
 * first ends at `to`, each next one ends where the last one began. The exchange includes both
 * ends and times have fractions of a second, so windows share their boundary second rather than
 * leave a gap (a record at that second shows in both; an export keeps it once).
 */
export function historyWindows(
  { from, to }: TimeWindow,
  width: number = HISTORY_WINDOW_SECONDS,
): TimeWindow[] {
  const windows: TimeWindow[] = [];
  let end = to;
  do {
    const start = Math.max(from, end - width);
    windows.push({ from: start, to: end });
    end = start;
  } while (end > from);
  return windows;
}
