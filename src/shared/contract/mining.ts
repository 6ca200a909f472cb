import { z } from 'zod';
import { channel, event, noInput, quote } from './common';
import type {
  CsvExport,
  MiningAccounts,
  MiningAlertEvent,
  MiningAlertRule,
  MiningAlerts,
  MiningRewards,
  MiningSeries,
  MiningWorkers,
  PayoutDestination,
  MiningPool,
  WatcherLinks,
} from '../model';

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

/** A worker's name as the pool lists it (bounded like every exchange answer). */
const workerName = z
  .string()
  .trim()
  .min(1, 'Choose a worker.')
  .max(128, 'Use at most 128 characters.');

export const miningHashrateInput = miningRange
  .extend({
    maxPoints: z.number().int().min(HASHRATE_POINTS.min).max(HASHRATE_POINTS.max).default(1200),
    /** One worker of the account (mining/workers/hashrate) instead of the whole account. */
    worker: workerName.optional(),
  })
  .superRefine(checkRange);

export const miningExportInput = miningRange.superRefine(checkRange);

const accountName = miningRange.shape.account;
const minutes = (what: string, max: number) =>
  z
    .number({ message: `Enter ${what} in minutes.` })
    .int(`Enter ${what} in whole minutes.`)
    .min(1, `Enter ${what} of at least 1 minute.`)
    .max(max, `Enter ${what} of at most ${max} minutes.`);
const percent = (what: string) =>
  z
    .number({ message: `Enter ${what} as a percent.` })
    .gt(0, `Enter ${what} above 0 %.`)
    .max(100, `Enter ${what} of at most 100 %.`);
/** H/s as a plain decimal string (hashrate, not money: whole H/s). */
const hashrate = z
  .string()
  .trim()
  .max(30, 'Enter at most 30 digits.')
  .regex(/^\d+$/, 'Enter the hashrate in whole H/s, e.g. 5000000000000.');

/** An account's alert rule: each check's threshold, or null (off). */
export const miningAlertRule = z.object({
  offlineMinutes: minutes('the offline time', 1440).nullable(),
  lowPercent: percent('the share of the 24 h average').nullable(),
  lowBelow: hashrate.nullable(),
  rejectPercent: percent('the reject rate').nullable(),
});
/** An account's rule until the user sets one: offline for 10 minutes, under half the 24 h mean. */
export const DEFAULT_MINING_ALERT_RULE: MiningAlertRule = {
  offlineMinutes: 10,
  lowPercent: 50,
  lowBelow: null,
  rejectPercent: null,
};

/** A worker's override: the fields it sets (the rest: the account's). */
export const miningAlertOverride = miningAlertRule.partial();

/**
 * A payout change: the address typed twice (the same), and the account's name typed as the
 * confirmation; main refuses it otherwise, whatever the page sent.
 */
export const setPayoutInput = z
  .object({
    account: accountName,
    destination: z.enum(['main_balance', 'external_address'], {
      message: 'Choose the main balance or an external address.',
    }),
    address: z
      .string()
      .trim()
      .max(100, 'Use at most 100 characters.')
      .regex(/^[A-Za-z0-9]*$/, 'Enter the address as the wallet shows it: letters and digits.')
      .optional(),
    addressAgain: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    confirmation: z.string().trim().max(64, 'Use at most 64 characters.'),
  })
  .superRefine((v, ctx) => {
    if (v.destination === 'external_address') {
      if (!v.address) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'Enter the BTC address.' });
      } else if (v.address !== v.addressAgain) {
        ctx.addIssue({
          code: 'custom',
          path: ['addressAgain'],
          message: 'Type the same address again: the two differ.',
        });
      }
    }
    if (v.confirmation !== v.account) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmation'],
        message: `Type the account's name, ${v.account}, to confirm.`,
      });
    }
  });

/** Minutes after local midnight. */
const minuteOfDay = z.number().int().min(0).max(1439);

/** Active watcher links an account may have (the exchange's cap; "Limit exceeded" beyond it). */
export const WATCHER_LINK_CAP = 3;
/** Said before creating one, and as the refusal at the cap. */
export const WATCHER_LINK_CAP_MESSAGE = `An account can have at most ${WATCHER_LINK_CAP} watcher links, and a link cannot be revoked through the API: it works until it expires.`;

/** A new watcher link of one account: a name, what it shows, how long it lives (short by default). */
export const createWatcherLinkInput = z.object({
  account: accountName,
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name for the link.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z0-9_]+$/, 'Use letters, digits and underscores only.'),
  permissions: z
    .array(z.enum(['dashboard', 'rewards', 'workers'], { message: 'Choose what the link shows.' }))
    .min(1, 'Choose at least one thing the link shows.')
    .max(3)
    .refine((p) => new Set(p).size === p.length, 'Choose each permission once.'),
  liveUntil: z
    .enum(['1h', '24h', '7d', 'always'], { message: 'Choose how long the link works.' })
    .default('1h'),
});

/** A mining account's hashrate over a period, and as CSV. */
export const mining = {
  /**
   * One mining account's hashrate over [from, to] (Unix seconds): the range split into requests
   * the exchange accepts, merged, downsampled to `maxPoints` (peaks and outages kept); the
   * statistics over the full series. With `worker`: that worker's hashrate
   * (mining/workers/hashrate), the same way.
   */
  hashrate: channel<MiningSeries>()(miningHashrateInput),
  /** The full-resolution series as CSV. */
  exportCsv: channel<CsvExport>()(miningExportInput),
  /** The mining accounts of the active profile, newest first. */
  accounts: channel<MiningAccounts>()(noInput),
  /** The Workers table of one account: every worker seen, its last 24 h, the pool's counts. */
  workers: channel<MiningWorkers>()(z.object({ account: accountName })),
  /** The alert events kept (newest first), the rules, quiet hours and the poller's state. */
  alerts: channel<MiningAlerts>()(noInput),
  /** Polls the pool now (as the timer does) and answers the alerts after it. */
  checkAlerts: channel<MiningAlerts>()(noInput),
  /**
   * An account's rule (no worker), or a worker's override of it; `rule` null removes a worker's
   * override (an account's rule is always there: its defaults until set).
   */
  setAlertRule: channel<MiningAlerts>()(
    z.union([
      z.object({ account: accountName, rule: miningAlertRule }),
      z.object({ account: accountName, worker: workerName, rule: miningAlertOverride.nullable() }),
    ]),
  ),
  /** Where the account's rewards are paid now. */
  payout: channel<PayoutDestination>()(z.object({ account: accountName })),
  /** Changes it (address typed twice, the account's name as confirmation); never alerts. */
  setPayout: channel<PayoutDestination>()(setPayoutInput),
  /** Quiet hours (no desktop notification; the list still shows every event), or none. */
  setQuietHours: channel<MiningAlerts>()(
    z.object({
      quietHours: z
        .object({ from: minuteOfDay, to: minuteOfDay })
        .refine((q) => q.from !== q.to, 'Choose a start and an end that differ.')
        .nullable(),
    }),
  ),
  /** The account's active watcher links (read-only links to share; none revocable through the API). */
  watcherLinks: channel<WatcherLinks>()(z.object({ account: accountName })),
  /** Creates one and answers the list after it; refused without a request at WATCHER_LINK_CAP. */
  createWatcherLink: channel<WatcherLinks>()(createWatcherLinkInput),
  /** The whole pool's hashrate and workers now (public/mining-pool), beside the account's. */
  pool: channel<MiningPool>()(noInput),
  /**
   * One account's daily rewards: synced into the history database (new and still-changing days
   * only), each day valued in `quote` at its close, with the totals per month.
   */
  rewards: channel<MiningRewards>()(z.object({ account: accountName, quote })),
  /** The same rows as CSV (exact values). */
  exportRewardsCsv: channel<CsvExport>()(z.object({ account: accountName, quote })),
} as const;

export const miningEvents = {
  /** Alert events main just raised (and kept), for the Mining screen's list and in-app notice. */
  'mining.alert': event<MiningAlertEvent[]>(),
} as const;
