import type { Decimal, Millis, OrderSide } from './common';
import type { ExecutedOrder } from './orders';

/** The history by API key: deals and executed orders, a window at a time. */

/** One fill of one of the account's orders (executed-history; one order's deals). */
export interface Deal {
  dealId: number;
  /** The order that filled (executed-history names it; one order's deals are that order's). */
  orderId?: number;
  clientOrderId: string;
  /** executed-history only. */
  side?: OrderSide;
  /** maker: the order rested on the book; taker: it matched when placed. */
  role: 'maker' | 'taker';
  price: Decimal;
  /** Stock. */
  amount: Decimal;
  /** Money: amount x price. */
  deal: Decimal;
  fee: Decimal;
  feeAsset?: string;
  time: Millis;
  /** The counterparty's order (one order's deals only). */
  dealOrderId?: number;
  rpi?: boolean;
}

/** Market -> deals in it, newest first (executed-history). */
export type ExecutedDeals = Record<string, Deal[]>;

/** One order's deals (trade-account/order); no total: a page shorter than `limit` is the last. */
export interface OrderDealsPage {
  offset: number;
  limit: number;
  records: Deal[];
}

/** A deal with the market it was made in (executed-history lists deals by market). */
export interface MarketDeal extends Deal {
  market: string;
}

/** One window of the history by API key: the range asked (clamped to what the exchange keeps). */
export interface HistoryWindowPage<T> {
  /** Newest first. */
  records: T[];
  /** Unix seconds, both ends included. */
  from: number;
  to: number;
  /** The earliest the exchange keeps (Unix seconds, 00:00 UTC six months ago). */
  earliest: number;
  /** More records than one window shows were there (the newest are shown). */
  capped: boolean;
  fetchedAt: number;
}

/** Executed orders of one window (trade-account/order/history). */
export type ApiOrdersPage = HistoryWindowPage<ExecutedOrder>;

/** Deals of one window (trade-account/executed-history). */
export type ApiDealsPage = HistoryWindowPage<MarketDeal>;

/** One order's deals, newest first (trade-account/order). */
export interface OrderDealsView {
  orderId: number;
  deals: Deal[];
  capped: boolean;
  fetchedAt: number;
}
