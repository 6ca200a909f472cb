import type { Decimal, Millis } from './common';

/** Convert: a quote, its confirmation and the history of converts. */

/** A quote of convert/estimate: give `give` of `from` for `receive` of `to`, until `expireAt`. */
export interface ConvertQuote {
  id: string;
  from: string;
  to: string;
  give: Decimal;
  receive: Decimal;
  /** Units of `to` per one unit of `from`. */
  rate: Decimal;
  expireAt: Millis;
}

/** A confirmed quote: what was given and received. */
export interface ConvertDone {
  quoteId: string;
  from: string;
  to: string;
  give: Decimal;
  receive: Decimal;
}

/** A convert of convert/history. */
export interface ConvertRecord {
  id: string;
  date: Millis;
  /** From the first step of its path ('' when the exchange sent none). */
  from: string;
  /** From the last step of its path ('' when the exchange sent none). */
  to: string;
  give: Decimal;
  receive: Decimal;
  rate: Decimal;
}

export interface ConvertHistoryPage {
  records: ConvertRecord[];
  total: number;
  limit: number;
  offset: number;
}

export interface ConvertHistoryView extends ConvertHistoryPage {
  fetchedAt: Millis;
}
