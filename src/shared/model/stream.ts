import type { Decimal, Millis } from './common';
import type { Order } from './orders';
import type { TradeBalances } from './portfolio';
import type { Candle, ChartInterval, OrderBook, PublicTrade } from './trade';

/** The exchange's WebSocket stream (src/main/stream), as the events main pushes. */

/**
 * Where the screens' data comes from: `live` the exchange's stream pushes it; `polling` the stream
 * is down (connecting, reconnecting, or refused) and the screens refresh over REST; `offline` the
 * exchange cannot be reached at all.
 */
export type StreamMode = 'live' | 'polling' | 'offline';

export interface StreamStatus {
  mode: StreamMode;
  /** Unix ms when this mode began. */
  since: Millis;
  /** Why it is not live, in plain words (absent when live). */
  reason?: string;
  /**
   * While live: the watched market whose book and trades the exchange refused to stream (its
   * screen polls them instead), and in how long it is asked again.
   */
  noBook?: { market: string; retryInMs: number };
}

/** Last prices pushed by the stream: market -> price (only the markets that moved). */
export interface StreamPrices {
  prices: Record<string, Decimal>;
  at: Millis;
}

/** The live order book of the watched market, merged in main (best levels first, bounded). */
export interface StreamBook {
  market: string;
  book: OrderBook;
}

/** The watched market's latest public trades, newest first (bounded). */
export interface StreamTrades {
  market: string;
  trades: PublicTrade[];
}

/** Trade-account balances that changed (only those assets). */
export interface StreamBalances {
  balances: TradeBalances;
  at: Millis;
}

/**
 * An order of the profile changed: `new` placed and resting, `update` part-filled or modified,
 * `finish` gone from the active list (filled or canceled: see `order.status`, `dealStock`).
 */
export interface OrderChange {
  event: 'new' | 'update' | 'finish';
  order: Order;
}

/**
 * Orders of the profile that changed since the last push, each once with its latest change
 * (main coalesces them: a few pushes a second at most), at most ACTIVE_CAP.
 */
export interface StreamOrders {
  changes: OrderChange[];
  at: Millis;
}

/**
 * The stream (re)connected, or the app was unlocked: what a push may have missed must be loaded
 * again over REST. (A depth update_id gap is repaired in main with a fresh snapshot instead.)
 */
export interface StreamResync {
  at: Millis;
}

/** The chart's market and interval: its newest candle as the stream pushed it (new or changed). */
export interface StreamCandle {
  market: string;
  interval: ChartInterval;
  candle: Candle;
}
