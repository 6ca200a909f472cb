import { z } from 'zod';
import { channel, noInput } from './common';
import type { CsvExport, MiningAccounts, MiningSeries, MiningWorkers } from '../model';

const DAY = 86_400;

/**
 * Longest `to - from` (seconds) of one hashrate request, per interval. These are the demo
 * exchange's limits (packages/demo-exchange/src/hashrate.ts), taken as the exchange's: the
 * specification states none, and the deployed server refuses a longer range with 422 "Incorrect
 * timestamp".
 */
export const HASHRATE_RANGE_LIMITS = { '5m': 7 * DAY, '1h': 90 * DAY, '24h': 366 * DAY } as const;
/** A series never fans out to more requests than a year at 5 minutes needs (53). */
export const HASHRATE_MAX_REQUESTS = Math.ceil((366 * DAY) / HASHRATE_RANGE_LIMITS['5m']);
/** How many points a downsampled series may ask for. */
export const HASHRATE_POINTS = { min: 50, max: 5000 } as const;
/** Nothing was mined before Bitcoin's first block (2009-01-03). */
export const HASHRATE_EARLIEST = 1_230_940_800;

const miningRange = z.object({
  account: z
    .string()
    .trim()
    .min(1, 'Enter the mining account name.')
    .max(64, 'Use at most 64 characters.'),
  /** Unix seconds. */
  from: z
    .number()
    .int('Choose a start time.')
    .min(HASHRATE_EARLIEST, 'Choose a start in 2009 or later.')
    .max(8_000_000_000, 'Choose a start time.'),
  to: z
    .number()
    .int('Choose an end time.')
    .min(HASHRATE_EARLIEST, 'Choose an end in 2009 or later.')
    .max(8_000_000_000, 'Choose an end time.'),
  interval: z.enum(['5m', '1h', '24h'], { message: 'Choose 5m, 1h or 24h.' }),
});
type MiningRange = z.infer<typeof miningRange>;

/** The range's checks: start before end, end not in the future, no more requests than a year at 5 min. */
const checkRange = (v: MiningRange, ctx: z.RefinementCtx) => {
  if (v.from >= v.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start before the end.' });
  const now = Math.floor(Date.now() / 1000);
  if (v.from > now) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: 'Choose a start that is not in the future.',
    });
  }
  // A day of slack for the end: "today" in any time zone.
  if (v.to > now + DAY) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'Choose an end that is not in the future.',
    });
  }
  const requests = Math.ceil((v.to - v.from) / HASHRATE_RANGE_LIMITS[v.interval]);
  if (requests > HASHRATE_MAX_REQUESTS) {
    const longest = Math.floor((HASHRATE_MAX_REQUESTS * HASHRATE_RANGE_LIMITS[v.interval]) / DAY);
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `At ${v.interval} a range can span at most ${longest.toLocaleString('en-US')} days: choose a later start or a longer interval.`,
    });
  }
};

export const miningHashrateInput = miningRange
  .extend({
    maxPoints: z.number().int().min(HASHRATE_POINTS.min).max(HASHRATE_POINTS.max).default(1200),
  })
  .superRefine(checkRange);

export const miningExportInput = miningRange.superRefine(checkRange);

/** A mining account's hashrate over a period, and as CSV. */
export const mining = {
  /**
   * One mining account's hashrate over [from, to] (Unix seconds): the range split into requests
   * the exchange accepts, merged, downsampled to `maxPoints` (peaks and outages kept); the
   * statistics over the full series.
   */
  hashrate: channel<MiningSeries>()(miningHashrateInput),
  /** The full-resolution series as CSV. */
  exportCsv: channel<CsvExport>()(miningExportInput),
  /** The mining accounts of the active profile, newest first. */
  accounts: channel<MiningAccounts>()(noInput),
  /** The Workers table of one account: every worker seen, its last 24 h, the pool's counts. */
  workers: channel<MiningWorkers>()(z.object({ account: miningRange.shape.account })),
} as const;
