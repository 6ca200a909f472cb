import { holdingValue, Precise } from '../../shared/decimal';
import { quoteValuePlaces } from '../../shared/format';
import type {
  Assets,
  CsvExport,
  Millis,
  MiningReward,
  MiningRewardMonth,
  MiningRewardRow,
  MiningRewards,
} from '../../shared/model';
import { MINING_REWARDS_MAX_OFFSET, type ExchangeApi } from '../exchange/api';
import { log } from '../lib/log';
import { RepeatingJob, type SetTimer } from '../lib/repeating';
import { ratioDecimal } from '../portfolioHistory/exact';
import { DAY_MS, dayOf, indexCloses, marketsFor, priceSeries } from '../portfolioHistory/prices';
import type { Ratio } from '../portfolioHistory/exact';
import type { HistoryStore } from '../portfolioHistory/store';
import { syncDailyCloses } from '../portfolioHistory/sync';
import { csvFileName, deliverCsv, toCsv, type SaveFile } from './csv';

/**
 * A mining account's daily rewards (mining/rewards), kept in the history database and valued in a
 * quote at each day's close.
 *
 * Sync: by date windows of WINDOW_DAYS (one account has one reward a day, so a window is one page
 * of PAGE), each window paged by offset until a page comes back short; a window that would page
 * past the exchange's offset cap (10,000) is split in two instead. The first sync reaches back to
 * the account's creation; later ones start REREAD_DAYS before the newest day kept (or the oldest
 * still pending, if older): those days may still change (pending -> successful). Writing is
 * idempotent (store: a day unchanged is not written), so a sync with nothing new writes nothing.
 *
 * Valuation: each day's paid reward times the day's close in the quote, from the daily klines
 * with the Overview's routing (portfolioHistory/prices.ts priceSeries), exact until shown.
 */

export const WINDOW_DAYS = 90;
export const REREAD_DAYS = 3;
const PAGE = 100;
const DAY_S = 86_400;

export interface RewardsSyncResult {
  /** Days written (new or changed). */
  written: number;
  /** Requests sent. */
  requests: number;
}

/** Every reward of `account` dated in [from, to] (Unix seconds), any number of them. */
export async function fetchRewardWindow(
  api: ExchangeApi,
  account: string,
  from: number,
  to: number,
  counter: { requests: number } = { requests: 0 },
): Promise<MiningReward[]> {
  const out: MiningReward[] = [];
  for (let offset = 0; ; offset += PAGE) {
    if (offset + PAGE > MINING_REWARDS_MAX_OFFSET && to > from) {
      // Beyond the cap: the window is read again in two halves (what was read is dropped).
      const middle = from + Math.floor((to - from) / 2);
      const older = await fetchRewardWindow(api, account, from, middle, counter);
      const newer = await fetchRewardWindow(api, account, middle + 1, to, counter);
      return [...newer, ...older];
    }
    counter.requests += 1;
    const page = await api.miningRewards({ account, from, to, limit: PAGE, offset });
    // The exchange's account filter is not validated: keep only the account asked for.
    out.push(...page.filter((r) => r.account === account));
    if (page.length < PAGE || offset + PAGE > MINING_REWARDS_MAX_OFFSET) return out;
  }
}

/**
 * Fetches what is new of `account`'s rewards into the store. `createdAt`: the account's creation
 * (the first sync's start); `now`: the time the sync runs to.
 */
export async function syncMiningRewards(
  api: ExchangeApi,
  store: HistoryStore,
  profileId: string,
  account: { name: string; createdAt: Millis },
  now: Millis,
): Promise<RewardsSyncResult> {
  const kept = store.miningRewards.span(profileId, account.name);
  const start = kept
    ? Math.min(kept.last, kept.pending ?? kept.last) - REREAD_DAYS * DAY_MS
    : dayOf(account.createdAt);
  const end = Math.floor(now / 1000);
  const counter = { requests: 0 };
  let written = 0;
  for (let from = Math.floor(start / 1000); from <= end; from += WINDOW_DAYS * DAY_S) {
    const to = Math.min(end, from + WINDOW_DAYS * DAY_S - 1);
    const rewards = await fetchRewardWindow(api, account.name, from, to, counter);
    written += store.miningRewards.put(profileId, rewards);
  }
  return { written, requests: counter.requests };
}

const monthOf = (day: Millis) => new Date(day).toISOString().slice(0, 7);

/** fee / totalReward as a percent (8 places), or null when nothing was mined. */
export function feePercent(fee: string, totalReward: string): string | null {
  const total = new Precise(totalReward);
  if (total.isZero()) return null;
  return new Precise(fee).div(total).times(100).toDecimalPlaces(8).toFixed();
}

/**
 * The Rewards table of kept rewards (newest first): each day valued with `priceOf` (the currency's
 * price in the quote on that day, or undefined), the months summed exactly, newest first.
 */
export function rewardsTable(
  rewards: readonly MiningReward[],
  priceOf: (currency: string, day: Millis) => Ratio | undefined,
): { rows: MiningRewardRow[]; months: MiningRewardMonth[] } {
  const rows = rewards.map((r): MiningRewardRow => {
    const price = priceOf(r.currency, r.day);
    return {
      ...r,
      feePercent: feePercent(r.fee, r.totalReward),
      value: price ? holdingValue(r.reward, ratioDecimal(price)).toFixed() : null,
    };
  });
  type Sum = { reward: InstanceType<typeof Precise>; fee: InstanceType<typeof Precise> };
  const sums = new Map<
    string,
    Sum & {
      value: InstanceType<typeof Precise> | null;
      month: string;
      currency: string;
      days: number;
    }
  >();
  for (const row of rows) {
    if (row.status === 'canceled') continue;
    const month = monthOf(row.day);
    const key = `${month}\n${row.currency}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = {
        month,
        currency: row.currency,
        reward: new Precise(0),
        fee: new Precise(0),
        value: new Precise(0),
        days: 0,
      };
      sums.set(key, sum);
    }
    sum.reward = sum.reward.add(row.reward);
    sum.fee = sum.fee.add(row.fee);
    sum.value = sum.value && row.value !== null ? sum.value.add(row.value) : null;
    sum.days += 1;
  }
  const months = [...sums.values()]
    .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency))
    .map((s) => ({
      month: s.month,
      currency: s.currency,
      reward: s.reward.toFixed(),
      fee: s.fee.toFixed(),
      value: s.value ? s.value.toFixed() : null,
      days: s.days,
    }));
  return { rows, months };
}

export interface MiningRewardsServiceOptions {
  store: HistoryStore;
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: ExchangeApi };
  /** Nothing is fetched in the background while the app is locked. */
  isLocked?: () => boolean;
  now?: () => Millis;
  /** The background sync of every mining account (default hourly: a reward is a day's). */
  intervalMs?: number;
  /** The first background sync after start (default 60 s: the app's start is not slowed by it). */
  firstDelayMs?: number;
  setTimer?: SetTimer;
}

export const REWARDS_SYNC_MS = 3_600_000;
export const REWARDS_FIRST_SYNC_MS = 60_000;

/**
 * `mining.rewards` and its CSV: sync (one at a time per profile and account), then value. Main
 * also syncs every mining account of the active profile in the background (`start`), so the
 * net-worth reconstruction has the rewards paid into the main balance without the Mining screen.
 */
export class MiningRewardsService {
  private readonly running = new Map<string, Promise<RewardsSyncResult>>();
  private readonly now: () => Millis;
  private readonly job: RepeatingJob;

  constructor(private readonly options: MiningRewardsServiceOptions) {
    this.now = options.now ?? Date.now;
    this.job = new RepeatingJob(() => this.syncAll(), {
      firstDelayMs: options.firstDelayMs ?? REWARDS_FIRST_SYNC_MS,
      intervalMs: options.intervalMs ?? REWARDS_SYNC_MS,
      onError: (error) => log.warn(`[mining rewards] the background sync failed: ${String(error)}`),
      setTimer: options.setTimer,
    });
  }

  /** Syncs every mining account firstDelayMs after this, then every interval after each ends. */
  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Every mining account of the active profile synced (nothing while locked); days written. */
  async syncAll(): Promise<number> {
    if (this.options.isLocked?.()) return 0;
    const { api } = this.options.active();
    let written = 0;
    for (const account of await api.miningAccounts()) {
      written += (await this.sync(account.name)).written;
    }
    return written;
  }

  /** Syncs the account's rewards (joined if one is under way). */
  sync(account: string): Promise<RewardsSyncResult> {
    const { id, api } = this.options.active();
    const key = `${id}\n${account}`;
    const current = this.running.get(key);
    if (current) return current;
    const started = (async () => {
      const accounts = await api.miningAccounts();
      const found = accounts.find((a) => a.name === account);
      // Not one of the profile's accounts: the exchange answers nothing for it (its note).
      if (!found) return { written: 0, requests: 0 };
      return syncMiningRewards(api, this.options.store, id, found, this.now());
    })().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** The account's rewards synced, then valued in `quote`. */
  async rewards(account: string, quote: string): Promise<MiningRewards> {
    await this.sync(account);
    const { id, api } = this.options.active();
    const now = this.now();
    const { store } = this.options;
    const kept = store.miningRewards.rewards(id, account);
    const [markets, assets] = await Promise.all([
      api.markets(),
      // Only for the places: the table still opens when the public list fails.
      api.assets().catch(() => ({}) as Assets),
    ]);
    const currencies = [...new Set(kept.map((r) => r.currency))];
    const listed = markets.filter((m) => m.tradesEnabled).map((m) => m.name);
    const used = marketsFor(currencies, quote, listed);
    const first = kept.at(-1)?.day ?? now;
    await syncDailyCloses(api, store, used, first, now);
    const closes = new Map<string, Map<number, Ratio>>();
    for (const market of used) indexCloses(store.dailyCloses(market, first - DAY_MS), closes);
    const series = new Map(currencies.map((c) => [c, priceSeries(closes, c, quote)]));
    const table = rewardsTable(kept, (currency, day) => series.get(currency)?.(day));
    const precisions: Record<string, number> = {};
    for (const c of currencies) {
      const places = assets[c]?.currencyPrecision;
      if (places !== undefined) precisions[c] = places;
    }
    return {
      account,
      quote,
      quotePlaces: quoteValuePlaces(assets[quote]),
      precisions,
      ...table,
      fetchedAt: now,
    };
  }

  /** The Rewards table as CSV (exact values, ISO days). */
  async exportCsv(
    account: string,
    quote: string,
    saveFile: SaveFile | undefined,
  ): Promise<CsvExport> {
    const table = await this.rewards(account, quote);
    return deliverCsv(
      csvFileName(`mining-rewards-${account}`),
      rewardsCsv(table),
      table.rows.length,
      saveFile,
    );
  }
}

/** Columns of the rewards CSV: explicit units, days in ISO 8601 (UTC). */
export function rewardsCsvColumns(quote: string): string[] {
  return [
    'Day (UTC)',
    'Account',
    'Currency',
    'Total reward',
    'Fee',
    'Reward',
    'Effective fee %',
    'FPPS rate',
    'Hashrate (H/s)',
    'Status',
    'Payout destination',
    'Payout address',
    'Payout transaction hash',
    'Payout time (ISO 8601, UTC)',
    `Value (${quote})`,
  ];
}

export function rewardsCsv(table: MiningRewards): string {
  const rows = table.rows.map((r) => [
    new Date(r.day).toISOString().slice(0, 10),
    r.account,
    r.currency,
    r.totalReward,
    r.fee,
    r.reward,
    r.feePercent ?? '',
    r.fppsRate,
    r.hashrate,
    r.status,
    r.payoutDestination,
    r.payoutAddress ?? '',
    r.payoutTransactionHash ?? '',
    r.payoutTime === null ? '' : new Date(r.payoutTime).toISOString(),
    r.value ?? '',
  ]);
  return toCsv(rewardsCsvColumns(table.quote), rows);
}
