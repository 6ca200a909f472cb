import type {
  HashratePoint,
  HashrateSeries,
  MinerInfo,
  Millis,
  MiningAccount,
  MiningPool,
  MiningReward,
  PayoutDestination,
  WatcherLink,
  WatcherPermission,
} from '../../../shared/model';
import { Precise } from '../../../shared/decimal';
import {
  asRate,
  asText,
  compact,
  decimal,
  listOf,
  longText,
  optional,
  optTime,
  parserOf,
  record,
  required,
  secondsToMs,
  time,
  TEXT_LIMITS,
  withDefault,
} from './primitives';

/** Mining: one account's hashrate series. */

const hashratePointSchema = record({
  timestamp: time,
  hashrate: decimal,
  rejectRate: optional('a non-negative number', asRate),
}).transform((p): HashratePoint =>
  compact<HashratePoint>({
    timestamp: p.timestamp,
    hashrate: p.hashrate,
    rejectRate: p.rejectRate,
  }),
);

/** A disabled account answers 200 with an empty series (§5): `hashrate` empty or absent. */
const hashrateSchema = record({
  data: record({
    account: withDefault('a string', asText, ''),
    hashrate: listOf(hashratePointSchema),
  }),
}).transform((r): HashrateSeries => ({ account: r.data.account, points: r.data.hashrate }));

export const parseHashrate = parserOf<HashrateSeries>(hashrateSchema, '/api/v4/mining/hashrate');

/** A mining account or worker name: at most 255 characters (the OpenAPI's maxLength), else refused. */
const asName = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : undefined;
const name = required('a name of 1 to 255 characters', asName);

const accountsSchema = record({
  data: listOf(record({ name, createdAt: time })),
}).transform((r): MiningAccount[] => r.data);

/** mining/accounts: the user's mining accounts, newest first. */
export const parseMiningAccounts = parserOf<MiningAccount[]>(
  accountsSchema,
  '/api/v4/mining/accounts',
);

const workerNamesSchema = record({
  data: record({ workers: listOf(name) }),
}).transform((r): string[] => r.data.workers);

/** workers/names: one page of the names of the workers online now. */
export const parseWorkerNames = parserOf<string[]>(
  workerNamesSchema,
  '/api/v4/mining/workers/names',
);

/** workers/hashrate: `{time, hashrate}` with hashrate in TH/s, as H/s points. */
const workerPointSchema = record({ time, hashrate: decimal }).transform((p): HashratePoint => ({
  timestamp: p.time,
  hashrate: new Precise(p.hashrate).times(TERA).toFixed(0),
}));
const TERA = '1000000000000';

const workerHashrateSchema = record({
  data: record({ hashrates: listOf(workerPointSchema) }),
}).transform((r): HashratePoint[] => r.data.hashrates);

export const parseWorkerHashrate = parserOf<HashratePoint[]>(
  workerHashrateSchema,
  '/api/v4/mining/workers/hashrate',
);

const count = required('a whole number from 0 to 1,000,000', (v: unknown) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 1_000_000 ? v : undefined,
);

const minerInfoSchema = record({
  data: record({
    fee: decimal,
    workers: record({ online: count, offline: count, low: count }),
    stratum: listOf(record({ url: longText(''), workersCount: count })),
  }),
}).transform((r): MinerInfo => r.data);

/** miners/info: the pool fee, worker counts by status and the stratum URLs. */
export const parseMinerInfo = parserOf<MinerInfo>(minerInfoSchema, '/api/v4/mining/miners/info');

const asDestination = (value: unknown): PayoutDestination['destination'] | undefined =>
  value === 'main_balance' || value === 'external_address' ? value : undefined;
/** A payout address: at most 100 characters (the edit's maxLength), else refused. */
const asAddress = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined;

const payoutSchema = record({
  payoutDestination: required('main_balance or external_address', asDestination),
  externalAddress: optional('an address of 1 to 100 characters', asAddress),
}).transform((r): Omit<PayoutDestination, 'account' | 'fetchedAt'> => ({
  destination: r.payoutDestination,
  address: r.payoutDestination === 'external_address' ? (r.externalAddress ?? null) : null,
}));

/** payout-destination (and its edit): where the account's rewards go. */
export const parsePayoutDestination = parserOf<Omit<PayoutDestination, 'account' | 'fetchedAt'>>(
  payoutSchema,
  '/api/v4/mining/payout-destination',
);

/** Watcher links and the pool (issue 33 items 6 and 7, bounded as item 8 asks). */

/** A watcher link: an https URL of at most TEXT_LIMITS.long characters; longer is refused, never clipped. */
const asLink = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= TEXT_LIMITS.long && /^https:\/\/[^\s]+$/.test(value)
    ? value
    : undefined;
const link = required(`an https link of at most ${TEXT_LIMITS.long} characters`, asLink);
/** A link's id: refused beyond a map key's length (it names the link). */
const linkId = required(`an id of 1 to ${TEXT_LIMITS.key} characters`, (v: unknown) =>
  typeof v === 'string' && v.length > 0 && v.length <= TEXT_LIMITS.key ? v : undefined,
);
const WATCHER_PERMISSIONS: readonly WatcherPermission[] = ['dashboard', 'rewards', 'workers'];
const permission = required('dashboard, rewards or workers', (v: unknown) =>
  WATCHER_PERMISSIONS.find((p) => p === v),
);
/** `liveUntil`: a Unix time, or null for a link that never expires. */
const liveUntil = optTime.transform((t) => t ?? null);

const createdLinkSchema = record({
  data: record({ id: linkId, link, liveUntil, createdAt: time }),
}).transform((r) => r.data);

/** watcher-links/create: the new link (its id, link and times; the list has the rest). */
export const parseCreatedWatcherLink = parserOf<
  Pick<WatcherLink, 'id' | 'link' | 'liveUntil' | 'createdAt'>
>(createdLinkSchema, '/api/v4/mining/watcher-links/create');

const watcherLinksSchema = record({
  data: listOf(
    record({
      id: linkId,
      accounts: listOf(name),
      name: withDefault('a string', asText, ''),
      link,
      permissions: listOf(permission),
      liveUntil,
      createdAt: time,
    }),
  ),
}).transform((r): WatcherLink[] => r.data);

/** watcher-links/list: the account's active watcher links. */
export const parseWatcherLinks = parserOf<WatcherLink[]>(
  watcherLinksSchema,
  '/api/v4/mining/watcher-links/list',
);

const poolSchema = record({
  data: record({
    workers: count,
    currentHashRate: decimal,
    last7daysHashRate: listOf(record({ timestamp: time, hashrate: decimal })),
  }),
}).transform((r): Omit<MiningPool, 'fetchedAt'> => {
  const days = r.data.last7daysHashRate;
  return {
    hashrate: r.data.currentHashRate,
    workers: r.data.workers,
    average7d: days.length
      ? days
          .reduce((sum, d) => sum.plus(d.hashrate), new Precise(0))
          .div(days.length)
          .toFixed(0)
      : null,
  };
});

/** public/mining-pool: the whole pool's hashrate (H/s) and workers now, and its last 7 days. */
export const parseMiningPool = parserOf<Omit<MiningPool, 'fetchedAt'>>(
  poolSchema,
  '/api/v4/public/mining-pool',
);

// Rewards ---------------------------------------------------------------------------------------

/** A reward dated later than this past the clock is refused (clock skew, not a future day). */
export const REWARD_CLOCK_SKEW_MS = 3_600_000;

const asRewardStatus = (value: unknown): MiningReward['status'] | undefined =>
  value === 'pending' || value === 'successful' || value === 'canceled' ? value : undefined;
/** A currency ticker: refused (never clipped) beyond 20 characters. */
const asCurrency = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,20}$/.test(value) ? value : undefined;
/** A transaction hash: at most 128 characters, else refused. */
const asHash = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;

/** One MiningReward, bounded field by field; `now` is the clock a reward may not be dated after. */
const rewardSchema = (now: Millis) =>
  record({
    miningAccountName: name,
    payoutDestination: required('main_balance or external_address', asDestination),
    payoutTransactionHash: optional('a transaction hash of 1 to 128 characters', asHash),
    payoutAddress: optional('an address of 1 to 100 characters', asAddress),
    payoutTime: optTime,
    rewardCurrency: required('a ticker of 1 to 20 letters and digits', asCurrency),
    totalReward: decimal,
    reward: decimal,
    fee: decimal,
    fppsRate: decimal,
    hashRate: decimal,
    date: required('a Unix time not in the future', (v: unknown) => {
      const at = secondsToMs(v);
      return at !== undefined && at <= now + REWARD_CLOCK_SKEW_MS ? at : undefined;
    }),
    status: required('pending, successful or canceled', asRewardStatus),
  }).transform((r): MiningReward => ({
    account: r.miningAccountName,
    day: r.date,
    currency: r.rewardCurrency,
    totalReward: r.totalReward,
    reward: r.reward,
    fee: r.fee,
    fppsRate: r.fppsRate,
    hashrate: r.hashRate,
    status: r.status,
    payoutDestination: r.payoutDestination,
    payoutAddress: r.payoutAddress ?? null,
    payoutTransactionHash: r.payoutTransactionHash ?? null,
    payoutTime: r.payoutTime ?? null,
  }));

const rewardsSchema = (now: Millis) =>
  record({ data: listOf(rewardSchema(now)) }).transform((r): MiningReward[] => r.data);

/**
 * mining/rewards: one page of rewards, newest first. Every field is bounded where it enters: a
 * negative amount, a reward dated after `now` (beyond a clock's skew), an unknown status, an
 * over-long name, ticker, address or hash refuse the answer.
 */
export function parseMiningRewards(json: unknown, now: Millis = Date.now()): MiningReward[] {
  return parserOf<MiningReward[]>(rewardsSchema(now), '/api/v4/mining/rewards')(json);
}
