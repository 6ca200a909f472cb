import Decimal from 'decimal.js';
import type { BookLevel, OrderBook } from '../../../shared/model';

/** Levels shown on each side of the book panel. */
export const BOOK_LEVELS = 15;

export interface BookRow {
  price: string;
  amount: string;
  /** price × amount, in the money currency. */
  total: string;
  /** The depth up to this level (cumulative amount) as a share of the deepest side: 0–100, bar width only. */
  depth: number;
}

export interface BookView {
  /** Best (lowest) first. */
  asks: BookRow[];
  /** Best (highest) first. */
  bids: BookRow[];
  /** Best ask − best bid and its share of the best ask in percent; undefined with a side empty. */
  spread: { value: string; percent: string } | undefined;
}

function side(levels: readonly BookLevel[], limit: number) {
  let depth = new Decimal(0);
  return levels.slice(0, limit).map(([price, amount]) => {
    depth = depth.add(amount);
    return { price, amount, total: new Decimal(price).mul(amount).toFixed(), depth };
  });
}

/**
 * The book as the panel shows it: `limit` levels a side, best first, each with its total and its
 * cumulative depth scaled against the deeper side. Decimal arithmetic; `depth` is the only number.
 */
export function bookView(book: OrderBook, limit = BOOK_LEVELS): BookView {
  const asks = side(book.asks, limit);
  const bids = side(book.bids, limit);
  const deepest = Decimal.max(asks.at(-1)?.depth ?? 0, bids.at(-1)?.depth ?? 0);
  const scaled = (rows: typeof asks): BookRow[] =>
    rows.map(({ depth, ...row }) => ({
      ...row,
      depth: deepest.isZero() ? 0 : depth.div(deepest).mul(100).toDecimalPlaces(1).toNumber(),
    }));
  const bestAsk = book.asks[0]?.[0];
  const bestBid = book.bids[0]?.[0];
  let spread: BookView['spread'];
  if (bestAsk !== undefined && bestBid !== undefined && !new Decimal(bestAsk).isZero()) {
    const value = new Decimal(bestAsk).sub(bestBid);
    spread = {
      value: value.toFixed(),
      percent: value.div(bestAsk).mul(100).toDecimalPlaces(3).toFixed(),
    };
  }
  return { asks: scaled(asks), bids: scaled(bids), spread };
}
