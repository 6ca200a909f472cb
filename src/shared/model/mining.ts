import type { Decimal, Millis } from './common';

/** A mining account's hashrate. */

export interface HashratePoint {
  timestamp: Millis;
  hashrate: Decimal;
  /** Ratio: 0.01 = 1 %. */
  rejectRate?: number;
}

export interface HashrateSeries {
  account: string;
  points: HashratePoint[];
}

/** Hashrate intervals the exchange knows (api-v4-notes §5). */
export type HashrateInterval = '5m' | '1h' | '24h';

/** Statistics of a whole hashrate series, in H/s as decimal strings. */
export interface HashrateStats {
  /** The latest point's hashrate. */
  current: Decimal;
  average: Decimal;
  min: Decimal;
  max: Decimal;
}

/** What the Mining screen shows: one account's hashrate over [from, to], ready to draw. */
export interface MiningSeries {
  account: string;
  /** The worker whose hashrate this is; absent: the whole account's. */
  worker?: string;
  interval: HashrateInterval;
  /** Unix seconds, as asked. */
  from: number;
  to: number;
  /** Downsampled to at most the requested number of points (peaks and outages kept), by time. */
  points: HashratePoint[];
  /** Points the exchange answered with (after merging the chunks): the full series. */
  fetchedPoints: number;
  /** Requests sent to the exchange (the range split within its per-request limits). */
  requests: number;
  /** Over the FULL series; null when there is no point. */
  stats: HashrateStats | null;
  /** Mean reject rate (ratio, 0.01 = 1 %) over the points that carry one. */
  rejectRateAverage?: number;
  fetchedAt: Millis;
}

/** A mining account of the user (mining/accounts). */
export interface MiningAccount {
  name: string;
  createdAt: Millis;
}

/** The user's mining accounts, newest first. */
export interface MiningAccounts {
  accounts: MiningAccount[];
  fetchedAt: Millis;
}

/** miners/info: the pool fee and the workers by status. */
export interface MinerInfo {
  /** Percent. */
  fee: Decimal;
  workers: { online: number; offline: number; low: number };
  stratum: { url: string; workersCount: number }[];
}

/** online: hashing; low: under half its 24 h average; offline: gone from the pool's names list. */
export type WorkerStatus = 'online' | 'low' | 'offline';

/** One row of the Workers table. */
export interface WorkerRow {
  name: string;
  status: WorkerStatus;
  /** When the worker last hashed (its last point); null when it has no point in 24 h. */
  lastSeen: Millis | null;
  /** H/s: the last point, the means over the last hour and the last 24 h ("0" when none). */
  now: Decimal;
  average1h: Decimal;
  average24h: Decimal;
  /** The account's reject rate (the pool gives none per worker), ratio. */
  rejectRate?: number;
  /** Hourly means over the last 24 h, oldest first, H/s (for the sparkline). */
  sparkline: Decimal[];
}

/** The Workers table of one account. */
export interface MiningWorkers {
  account: string;
  info: MinerInfo;
  workers: WorkerRow[];
  fetchedAt: Millis;
}

/**
 * What a mining alert watches: a worker offline, hashrate low, the reject rate, the pool unseen, the
 * payout destination changed outside the app.
 */
export type MiningAlertRuleKind = 'offline' | 'low' | 'reject' | 'pool' | 'payout';

/**
 * An account's alert rule, or a worker's override of some of it (a field left out: the account's).
 * Each threshold null: that check is off.
 */
export interface MiningAlertRule {
  /** Offline (gone from the pool's names list, no hashrate) for at least this many minutes. */
  offlineMinutes: number | null;
  /** Hashrate below this percent of the worker's own 24 h average. */
  lowPercent: number | null;
  /** Hashrate below this fixed value, H/s (decimal string). */
  lowBelow: Decimal | null;
  /** The account's reject rate above this percent (the pool gives none per worker). */
  rejectPercent: number | null;
}

/** One account's rule and its workers' overrides. */
export interface MiningAlertRules {
  account: string;
  rule: MiningAlertRule;
  workers: { worker: string; rule: Partial<MiningAlertRule> }[];
}

/** An alert raised or a condition that recovered (kept in the history database). */
export interface MiningAlertEvent {
  id: number;
  at: Millis;
  /** '' for the pool itself (cannot see the pool). */
  account: string;
  /** null: the account (reject rate) or the pool. */
  worker: string | null;
  rule: MiningAlertRuleKind;
  kind: 'alert' | 'recovered';
  /** When the condition started, from the pool's data (null: unknown). */
  since: Millis | null;
  message: string;
}

/** Quiet hours in local time, minutes after midnight; from > to spans midnight. */
export interface QuietHours {
  from: number;
  to: number;
}

/** The Mining screen's alerts: the latest events, the rules, quiet hours, the poller's state. */
export interface MiningAlerts {
  /** Newest first. */
  events: MiningAlertEvent[];
  rules: MiningAlertRules[];
  quietHours: QuietHours | null;
  /** The last poll that saw the pool, and the last poll at all (null: none yet). */
  lastSeenAt: Millis | null;
  lastPollAt: Millis | null;
  /** How often main polls the pool, ms. */
  intervalMs: number;
  fetchedAt: Millis;
}

/** Where a mining account's rewards are paid (mining/payout-destination). */
export interface PayoutDestination {
  account: string;
  destination: 'main_balance' | 'external_address';
  /** The BTC address when external, else null. */
  address: string | null;
  fetchedAt: Millis;
}

/** What a watcher link lets its holder see (mining/watcher-links/create). */
export type WatcherPermission = 'dashboard' | 'rewards' | 'workers';
/** How long a new watcher link lives. */
export type WatcherExpiry = '1h' | '24h' | '7d' | 'always';

/** A read-only watcher link of a mining account (mining/watcher-links/list). */
export interface WatcherLink {
  id: string;
  /** The mining accounts it shows. */
  accounts: string[];
  name: string;
  /** The https link to share. */
  link: string;
  permissions: WatcherPermission[];
  /** When it stops working; null: never. */
  liveUntil: Millis | null;
  createdAt: Millis;
}

/** The active watcher links of one account (at most WATCHER_LINK_CAP). */
export interface WatcherLinks {
  account: string;
  links: WatcherLink[];
  fetchedAt: Millis;
}

/** The whole pool's figures (public/mining-pool), beside an account's. */
export interface MiningPool {
  /** H/s now. */
  hashrate: Decimal;
  /** Workers connected to the pool now. */
  workers: number;
  /** H/s: the mean of the last 7 days' daily figures; null when the pool gave none. */
  average7d: Decimal | null;
  fetchedAt: Millis;
}

/** A daily reward's state (mining/rewards): not final yet, final (paid), or canceled. */
export type MiningRewardStatus = 'pending' | 'successful' | 'canceled';

/** One account's reward for one UTC day (mining/rewards), as the exchange states it. */
export interface MiningReward {
  account: string;
  /** Midnight UTC of the day the reward is for. */
  day: Millis;
  currency: string;
  /** Before the pool fee. */
  totalReward: Decimal;
  /** What is paid: totalReward - fee. */
  reward: Decimal;
  fee: Decimal;
  fppsRate: Decimal;
  /** The account's hashrate that day, H/s. */
  hashrate: Decimal;
  status: MiningRewardStatus;
  payoutDestination: PayoutDestination['destination'];
  payoutAddress: string | null;
  payoutTransactionHash: string | null;
  payoutTime: Millis | null;
}

/** A Rewards table row: the reward, its effective fee and its value in the quote that day. */
export interface MiningRewardRow extends MiningReward {
  /** fee / totalReward x 100, exact; null when nothing was mined. */
  feePercent: Decimal | null;
  /** reward x the day's close in the quote (daily klines, routed as the Overview); null: no price. */
  value: Decimal | null;
}

/** A month's rewards (UTC months, "2026-03"), summed exactly. */
export interface MiningRewardMonth {
  month: string;
  currency: string;
  reward: Decimal;
  fee: Decimal;
  /** The sum of the days' values; null when a day of it has no price. */
  value: Decimal | null;
  days: number;
}

/** `mining.rewards`: one account's daily rewards kept in the history database, valued in a quote. */
export interface MiningRewards {
  account: string;
  quote: string;
  /** Places of a value in the quote (quoteValuePlaces). */
  quotePlaces: number;
  /** Display places per reward currency (currency_precision of /public/assets). */
  precisions: Record<string, number>;
  /** Newest day first. */
  rows: MiningRewardRow[];
  /** Newest month first. */
  months: MiningRewardMonth[];
  fetchedAt: Millis;
}
