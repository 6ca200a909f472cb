import { z } from 'zod';
import { channel, event, market, noInput } from './common';
import {
  CHART_INTERVALS,
  type StreamBalances,
  type StreamCandle,
  type StreamBook,
  type StreamOrders,
  type StreamPrices,
  type StreamResync,
  type StreamStatus,
  type StreamTrades,
} from '../model';

/** The exchange's live stream: its mode and the market whose book and trades it carries. */
export const stream = {
  /** Live, polling or offline, and since when (changes arrive as `stream.status` events). */
  status: channel<StreamStatus>()(noInput),
  /**
   * The market whose book and trades a visible screen shows (Trade), or null: main subscribes to
   * its depth and trades and drops the last market's. Prices, balances and orders are always on.
   */
  watch: channel<StreamStatus>()(z.object({ market: market.nullable() })),
  /**
   * The market and interval whose candles Trade's chart shows (market null: none): main subscribes
   * to them and pushes `stream.candles`; without the stream the chart polls.
   */
  watchCandles: channel<StreamStatus>()(
    z.object({
      market: market.nullable(),
      interval: z.enum(CHART_INTERVALS, 'Choose an interval.'),
    }),
  ),
} as const;

export const streamEvents = {
  'stream.status': event<StreamStatus>(),
  'stream.prices': event<StreamPrices>(),
  'stream.book': event<StreamBook>(),
  'stream.trades': event<StreamTrades>(),
  'stream.candles': event<StreamCandle>(),
  'stream.balances': event<StreamBalances>(),
  'stream.orders': event<StreamOrders>(),
  'stream.resync': event<StreamResync>(),
} as const;
