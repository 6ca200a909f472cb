import { z } from 'zod';
import { channel, noInput, quote } from './common';
import type {
  CsvExport,
  NetWorthSeries,
  OverviewAccounts,
  PortfolioOverview,
  ProfitLoss,
} from '../model';

/** How far back the net-worth chart reaches. */
export const NET_WORTH_RANGES = ['1w', '1m', '3m', '1y', 'all'] as const;
const netWorthRange = z.enum(NET_WORTH_RANGES, { message: 'Choose a range.' });

/** The accounts an Overview counts: 'main' and sub-account ids (issue 34 item 4). */
const accountIds = z
  .array(z.union([z.literal('main'), z.string().uuid()]))
  .max(101)
  .transform((ids) => [...new Set(ids)]);

/** The Overview: balances valued in a quote, the net-worth series, profit and loss. */
export const portfolio = {
  /**
   * Every balance valued in `quote`, with prices routed through BTC where needed. A successful
   * answer is also recorded as a balance snapshot in the local history database (deduplicated).
   */
  overview: channel<PortfolioOverview>()(
    z.object({
      quote,
      /**
       * 'main' (the default): the main account's own view, the one recorded. A set of accounts:
       * their balances summed (sub-accounts' main and trade), never recorded.
       */
      accounts: z.union([z.literal('main'), accountIds]).optional(),
    }),
  ),
  /**
   * The net-worth series over `range` in `quote`: the snapshots the app recorded, and before them
   * the series reconstructed from today's balances walked back through deals, deposits,
   * withdrawals and flex payments, priced with daily closes. Fetches what is new first
   * (incrementally; history already fetched is read from the database).
   */
  netWorth: channel<NetWorthSeries>()(z.object({ quote, range: netWorthRange })),
  /** Cost basis and realised / unrealised profit and loss per asset (average cost, fees in). */
  profitLoss: channel<ProfitLoss>()(z.object({ quote })),
  /** The recorded snapshots (every asset, with the prices used) as CSV. */
  exportSnapshotsCsv: channel<CsvExport>()(z.object({ quote })),
  /** The profit and loss table as CSV. */
  exportProfitLossCsv: channel<CsvExport>()(z.object({ quote })),
  /**
   * The accounts the profile's Overview counts (kept across restarts) and those it can count: a
   * sub-account that no longer exists is dropped, a new one is not counted until chosen.
   */
  accounts: channel<OverviewAccounts>()(noInput),
  /** Keeps the accounts the profile's Overview counts. */
  setAccounts: channel<OverviewAccounts>()(z.object({ accounts: accountIds })),
} as const;
