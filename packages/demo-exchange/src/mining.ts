import { Decimal } from './decimal';
import {
  dayStart,
  hashrateSeries,
  seriesStart,
  workerStates,
  type MiningAccountDef,
  type WorkerChange,
} from './hashrate';
import { hash32 } from './rng';

/**
 * The mining pool's records beside the hashrate (hashrate.ts): daily rewards, the payout destination,
 * watcher links and the public pool figures. What the control endpoint or the API changed is kept in
 * the persisted state (`MiningState`); everything else is a function of the seed and the clock.
 *
 * Rewards (FPPS-like): one per account and full UTC day of the hashrate series, the newest being
 * yesterday's (`pending`; the day 200 days back is `canceled`, the rest `successful`). hashRate is the
 * account's 24h point of that day (H/s); fppsRate is BTC per TH/s and day (about 0.00000045, varying
 * by day); totalReward = hashRate / 1e12 * fppsRate cut to 8 places; fee = totalReward * 2 % (the
 * pool fee, `POOL_FEE_PERCENT`) cut to 8 places; reward = totalReward - fee. The payout fields follow
 * the destination in force when the day was paid (the day after): external address: the address, a
 * transaction hash and payoutTime (the next day 01:00 UTC, none while pending); main balance: null.
 */
export const POOL_FEE_PERCENT = '2';
/** Active watcher links per mining account (the reference's default cap). */
export const WATCHER_LINK_CAP = 3;

export type PayoutDestination = 'main_balance' | 'external_address';

export interface PayoutSetting {
  destination: PayoutDestination;
  address: string | null;
}

export interface PayoutChange extends PayoutSetting {
  account: string;
  /** Unix seconds. */
  since: number;
}

export interface WatcherLink {
  id: string;
  accounts: string[];
  name: string;
  permissions: string[];
  /** Unix seconds; null: always. */
  liveUntil: number | null;
  createdAt: number;
}

export interface MiningState {
  /** Worker state changes made through the control endpoint, in order. */
  workerChanges: WorkerChange[];
  /** Payout destination changes (the API's edit and the control endpoint), in order. */
  payoutChanges: PayoutChange[];
  watcherLinks: WatcherLink[];
}

export function emptyMiningState(): MiningState {
  return { workerChanges: [], payoutChanges: [], watcherLinks: [] };
}

/** Where each account's rewards went before any change: `demo-rig-b` to an external address. */
const SEEDED_PAYOUT: Record<string, PayoutSetting> = {
  'demo-rig-b': {
    destination: 'external_address',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
};

export function payoutAt(state: MiningState, account: string, atSec: number): PayoutSetting {
  let setting: PayoutSetting = SEEDED_PAYOUT[account] ?? {
    destination: 'main_balance',
    address: null,
  };
  for (const c of state.payoutChanges) {
    if (c.account === account && c.since <= atSec) {
      setting = { destination: c.destination, address: c.address };
    }
  }
  return setting;
}

/** Legacy (1…, 3…) and bech32 (bc1…) BTC addresses, as the reference's edit validates them. */
export const BTC_ADDRESS = /^(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})$/;

export interface Reward {
  miningAccountName: string;
  payoutDestination: PayoutDestination;
  payoutTransactionHash: string | null;
  payoutAddress: string | null;
  payoutTime: number | null;
  rewardCurrency: string;
  totalReward: string;
  reward: string;
  fee: string;
  fppsRate: string;
  hashRate: string;
  date: number;
  status: 'pending' | 'successful' | 'canceled';
}

const DAY = 86400;

function hex64(...parts: (number | string)[]): string {
  let out = '';
  for (let i = 0; i < 8; i++)
    out += hash32(...parts, i)
      .toString(16)
      .padStart(8, '0');
  return out;
}

function reward(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  state: MiningState,
  date: number,
): Reward {
  const hashRate =
    hashrateSeries(seed, nowSec, account, state.workerChanges, '24h', date, date)[0]?.hashrate ??
    '0';
  const today = dayStart(nowSec);
  const status =
    date === today - DAY ? 'pending' : date === today - 200 * DAY ? 'canceled' : 'successful';
  const fppsRate = new Decimal('0.00000045')
    .times(1 + ((hash32(seed, 'fpps', date) % 1000) - 500) / 10_000)
    .toDecimalPlaces(12, Decimal.ROUND_DOWN);
  const total = new Decimal(hashRate)
    .div(1e12)
    .times(fppsRate)
    .toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const fee = total.times(POOL_FEE_PERCENT).div(100).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const payout = payoutAt(state, account.name, date + DAY);
  const external = payout.destination === 'external_address';
  const paid = external && status === 'successful';
  return {
    miningAccountName: account.name,
    payoutDestination: payout.destination,
    payoutTransactionHash: paid ? hex64(seed, 'payout', account.name, date) : null,
    payoutAddress: external ? payout.address : null,
    payoutTime: paid ? date + DAY + 3600 : null,
    rewardCurrency: 'BTC',
    totalReward: total.toFixed(),
    reward: total.minus(fee).toFixed(),
    fee: fee.toFixed(),
    fppsRate: fppsRate.toFixed(),
    hashRate,
    date,
    status,
  };
}

/**
 * The rewards of `accounts` dated in [from, to], newest first (per day in the accounts' order), the
 * page [offset, offset + limit).
 */
export function rewardsPage(
  seed: number,
  nowSec: number,
  accounts: readonly MiningAccountDef[],
  state: MiningState,
  { from, to, offset, limit }: { from?: number; to?: number; offset: number; limit: number },
): Reward[] {
  const today = dayStart(nowSec);
  const mining = accounts.filter((a) => a.workers.length > 0);
  const first = (a: MiningAccountDef) =>
    Math.max(
      seriesStart(nowSec),
      today - a.createdDaysAgo * DAY,
      from === undefined ? -Infinity : Math.ceil(from / DAY) * DAY,
    );
  const last = Math.min(today - DAY, to === undefined ? Infinity : dayStart(to));
  const out: Reward[] = [];
  let skip = offset;
  for (let date = last; out.length < limit; date -= DAY) {
    const due = mining.filter((a) => date >= first(a));
    if (due.length === 0) break;
    for (const a of due) {
      if (out.length === limit) break;
      if (skip > 0) skip -= 1;
      else out.push(reward(seed, nowSec, a, state, date));
    }
  }
  return out;
}

export interface WorkerCounts {
  online: number;
  offline: number;
  low: number;
}

export function workerCounts(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  state: MiningState,
): WorkerCounts {
  const counts: WorkerCounts = { online: 0, offline: 0, low: 0 };
  for (const w of workerStates(seed, nowSec, account, state.workerChanges)) counts[w.state] += 1;
  return counts;
}

/** The workers the pool sees now (online or low), alphabetical. */
export function onlineWorkers(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  state: MiningState,
): string[] {
  return workerStates(seed, nowSec, account, state.workerChanges)
    .filter((w) => w.state !== 'offline')
    .map((w) => w.name);
}

export const STRATUM_URLS = [
  'stratum+tcp://pool.demo-exchange.invalid:3333',
  'stratum+tcp://pool.demo-exchange.invalid:3334',
] as const;

/** Links active at `nowSec` naming `account`. */
export function activeLinks(state: MiningState, account: string, nowSec: number): WatcherLink[] {
  return state.watcherLinks.filter(
    (l) => l.accounts.includes(account) && (l.liveUntil === null || l.liveUntil > nowSec),
  );
}

export const LIVE_UNTIL: Record<string, number | null> = {
  '1h': 3600,
  '24h': DAY,
  '7d': 7 * DAY,
  always: null,
};

/**
 * The public pool overview: the whole pool's figures (about 250 PH/s and 1,800 workers with a daily
 * cycle), the last 7 full days' hashrate and a block every 2.5 days or so over the last 30 days.
 */
export function poolOverview(seed: number, nowSec: number) {
  const today = dayStart(nowSec);
  const poolRate = (t: number) =>
    new Decimal(250e15)
      .times(1 + 0.05 * Math.sin((2 * Math.PI * (t % DAY)) / DAY))
      .times(1 + ((hash32(seed, 'pool', Math.floor(t / 300)) % 1000) - 500) / 25_000)
      .toDecimalPlaces(4);
  const blocks: { blockFoundAt: number; blockHeight: number }[] = [];
  let height = 880_000 + Math.floor((today - 1_700_000_000) / 216_000);
  for (let t = today - 12 * 3600; t > today - 30 * DAY; t -= 216_000) {
    blocks.push({ blockFoundAt: t - (hash32(seed, 'block', t) % 7200), blockHeight: height });
    height -= 1;
  }
  return {
    connectionLinks: [...STRATUM_URLS],
    location: 'global',
    assets: ['BTC'],
    rewardSchemes: ['FPPS'],
    workers: 1800 + (hash32(seed, 'pool-workers', Math.floor(nowSec / 300)) % 100),
    currentHashRate: poolRate(nowSec).toFixed(),
    last7daysHashRate: Array.from({ length: 7 }, (_, i) => {
      const t = today - (7 - i) * DAY;
      return { timestamp: t, hashrate: poolRate(t + DAY / 2).toFixed() };
    }),
    blocks,
  };
}
