import { z } from 'zod';
import { HISTORY_RANGE_SECONDS, HISTORY_WINDOW_SECONDS } from '../executed';
import { channel, market } from './common';
import { clientOrderId, orderSide } from './orders';
import type { ApiDealsPage, ApiOrdersPage, CsvExport, OrderDealsView } from '../model';

/** A time in Unix seconds (bounded: it is signed into requests). */
const unixSeconds = (what: string) =>
  z.number().int(`Choose ${what}.`).min(0, `Choose ${what}.`).max(8_000_000_000, `Choose ${what}.`);

/** History by API key: the filters, and a time range of at most `longest` seconds. */
const keyHistoryQuery = (longest: number, tooLong: string) =>
  z
    .object({
      market: market.optional(),
      side: orderSide.optional(),
      clientOrderId: clientOrderId.optional(),
      from: unixSeconds('a start time'),
      to: unixSeconds('an end time'),
    })
    .refine((v) => v.from <= v.to, { path: ['from'], message: 'Choose a start before the end.' })
    .refine((v) => v.to - v.from <= longest, { path: ['from'], message: tooLong });

/** One window the exchange answers in one query: at most 31 days. */
export const keyHistoryWindowInput = keyHistoryQuery(
  HISTORY_WINDOW_SECONDS,
  'The exchange answers at most 31 days at a time.',
);

/** A range to export: at most the six months the exchange keeps, walked 31 days at a time. */
export const keyHistoryRangeInput = keyHistoryQuery(
  HISTORY_RANGE_SECONDS,
  'The exchange keeps six months: choose a shorter range.',
);

/** The history of executed orders and deals by API key, a window at a time. */
export const keyHistory = {
  /**
   * Executed orders of one window (at most 31 days, within the six months the exchange keeps)
   * by API key, filtered by market, side and client order id, newest first.
   */
  orders: channel<ApiOrdersPage>()(keyHistoryWindowInput),
  /** Deals (fills) of one window by API key, filtered like `orders`, newest first. */
  deals: channel<ApiDealsPage>()(keyHistoryWindowInput),
  /** One order's deals, newest first. */
  orderDeals: channel<OrderDealsView>()(z.object({ orderId: z.number().int().positive() })),
  /** The executed orders of a range (walked 31 days at a time) as CSV. */
  exportOrdersCsv: channel<CsvExport>()(keyHistoryRangeInput),
  /** The deals of a range (walked 31 days at a time) as CSV. */
  exportDealsCsv: channel<CsvExport>()(keyHistoryRangeInput),
} as const;
