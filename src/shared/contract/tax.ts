import { z } from 'zod';
import { channel, decimal, noInput, quote } from './common';
import type { CsvExport, TaxReport, TaxSettings } from '../model';

export const TAX_METHODS = ['fifo', 'lifo', 'hifo', 'average'] as const;
export const TAX_EXPORT_FORMATS = ['koinly', 'cointracking', 'realized', 'ledger'] as const;

const taxMethod = z.enum(TAX_METHODS, { message: 'Choose a method.' });
const taxYear = z
  .number({ message: 'Choose a year.' })
  .int('Choose a year.')
  .min(2009, 'Choose a year from 2009.')
  .max(2100, 'Choose a year up to 2100.');

export const taxSettingsInput = z.object({
  yearStartMonth: z
    .number({ message: 'Choose the month the tax year starts.' })
    .int()
    .min(1, 'Choose a month from 1 to 12.')
    .max(12, 'Choose a month from 1 to 12.'),
  longTermMonths: z
    .number({ message: 'Enter the months.' })
    .int('Enter whole months.')
    .min(0, 'Enter 0 or more months.')
    .max(240, 'Enter at most 240 months.'),
  defaultMethod: taxMethod,
});

/**
 * Taxes (issue 36): the year's report by lots, the settings, the user's word on deposits (their
 * cost, or a transfer from their own wallet), and the exports tax tools import.
 */
export const tax = {
  /** The tax year's report in `quote` by the year's method (computed from the history database). */
  report: channel<TaxReport>()(z.object({ quote, year: taxYear })),
  settings: channel<TaxSettings>()(noInput),
  /** Start month, long-term months, default method. */
  saveSettings: channel<TaxSettings>()(taxSettingsInput),
  /** The method of one tax year (kept). */
  setYearMethod: channel<TaxSettings>()(z.object({ year: taxYear, method: taxMethod })),
  /**
   * A deposit's cost as the user knows it (in `quote`), or `ownWallet`: a transfer from their own
   * wallet (its cost comes from the lots it left, unknown here: its value on the day is used and
   * it is no longer flagged). `cost: null, ownWallet: false` forgets what was said.
   */
  setDepositCost: channel<void>()(
    z.object({
      key: z.string().min(1).max(200),
      quote,
      cost: decimal('cost').nullable(),
      ownWallet: z.boolean(),
    }),
  ),
  /** A withdrawal the user marks as spent (a disposal at its day's close) or not. */
  setWithdrawalSpent: channel<void>()(
    z.object({ key: z.string().min(1).max(200), spent: z.boolean() }),
  ),
  /** A file tax tools import: Koinly Universal, CoinTracking, per-lot realised gains, a ledger. */
  export: channel<CsvExport>()(
    z.object({ quote, year: taxYear, format: z.enum(TAX_EXPORT_FORMATS) }),
  ),
} as const;
