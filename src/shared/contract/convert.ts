import { z } from 'zod';
import { channel, decimal } from './common';
import type { ConvertDone, ConvertHistoryView, ConvertQuote } from '../model';

const ticker = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,20}$/, 'Choose an asset.');

export const convertEstimateInput = z
  .object({
    from: ticker,
    to: ticker,
    /** `from`: the amount is what is given; `to`: what is received. */
    direction: z.enum(['from', 'to']),
    amount: decimal('amount'),
  })
  .refine((v) => v.from !== v.to, { path: ['to'], message: 'Choose two different assets.' });

/**
 * Convert one asset into another at a quoted rate: a quote (it expires), its confirmation before
 * then (services/convert.ts: once, refused with CONVERT_QUOTE_EXPIRED after), and the history.
 */
export const convert = {
  estimate: channel<ConvertQuote>()(convertEstimateInput),
  confirm: channel<ConvertDone>()(z.object({ quoteId: z.string().regex(/^\d{1,19}$/) })),
  history: channel<ConvertHistoryView>()(
    z.object({
      fromTicker: ticker.optional(),
      toTicker: ticker.optional(),
      offset: z.number().int().min(0).max(10_000).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
  ),
} as const;
