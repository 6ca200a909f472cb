import Decimal from 'decimal.js';
import type { PortfolioOverview } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { log } from '../lib/log';
import { isMainOnly, portfolioOverview, type AccountScope } from '../services/portfolio';
import type { Snapshot, SnapshotHolding } from './records';
import type { HistoryStore } from './store';

/** At least this often while the app runs (and is not locked), a snapshot of the active profile. */
export const SNAPSHOT_INTERVAL_MS = 15 * 60_000;
/** The quote of timed snapshots until an Overview is asked for in another. */
export const DEFAULT_SNAPSHOT_QUOTE = 'USDT';

/** The longest an Overview fetched ahead of the page waits to be taken (then it is dropped). */
export const AHEAD_MAX_AGE_MS = 5_000;

/**
 * An Overview answer as a snapshot: per asset main, trade (available and frozen, added as
 * decimals) and flex, with the price the Overview used. Assets of which nothing is held are left
 * out: they add nothing to a balance and would only grow the file.
 */
export function snapshotOf(overview: PortfolioOverview): Snapshot {
  const holdings: SnapshotHolding[] = [];
  for (const row of overview.rows) {
    if (new Decimal(row.total).isZero()) continue;
    holdings.push({
      ticker: row.ticker,
      main: row.main,
      trade: new Decimal(row.tradeAvailable).add(row.tradeFrozen).toFixed(),
      flex: row.flex,
      price: row.price,
    });
  }
  return { takenAt: overview.fetchedAt, quote: overview.quote, total: overview.total, holdings };
}

export interface RecorderOptions {
  store: HistoryStore;
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: ExchangeApi };
  /** The app lock: nothing is fetched or written while it is locked. */
  isLocked: () => boolean;
  intervalMs?: number;
  /** How the Overview is fetched (tests stand in for the exchange). */
  fetchOverview?: (
    api: ExchangeApi,
    quote: string,
    scope?: AccountScope,
  ) => Promise<PortfolioOverview>;
}

/**
 * Balance snapshots (issue 18): one from every successful Overview refresh, and one at least every
 * 15 minutes from a timer (the active profile, in the quote the Overview last used). A refresh that
 * fails, or that ends while the app is locked, writes nothing; the store skips duplicates.
 */
export class SnapshotRecorder {
  private timer: ReturnType<typeof setInterval> | undefined;
  private quote = DEFAULT_SNAPSHOT_QUOTE;
  private ticking = false;
  /** Overview requests under way (the page's, the timer's, one fetched ahead). */
  private inFlight = 0;
  /** The Overview fetched ahead of the page, until its first request in that quote takes it. */
  private ahead:
    | { profileId: string; quote: string; at: number; answer: Promise<PortfolioOverview> }
    | undefined;
  private readonly fetchOverview: NonNullable<RecorderOptions['fetchOverview']>;

  constructor(private readonly options: RecorderOptions) {
    this.fetchOverview = options.fetchOverview ?? portfolioOverview;
  }

  /**
   * `portfolio.overview`: the Overview of the active profile, recorded when it succeeds. The first
   * request in the quote of an Overview fetched ahead (for the same profile, within
   * AHEAD_MAX_AGE_MS) takes that answer; if it failed, this asks again. A scope of several
   * accounts (issue 34 item 4) is fetched and answered only: the history records the main
   * account's own view.
   */
  async overview(quote: string, scope: AccountScope = 'main'): Promise<PortfolioOverview> {
    const { id, api } = this.options.active();
    // Several accounts summed are not the main account's balance: answered, never recorded
    // (nor taken as the one fetched ahead, nor setting the timer's quote).
    if (!isMainOnly(scope)) return this.fetchOverview(api, quote, scope);
    const ahead = this.ahead;
    this.ahead = undefined;
    if (ahead?.profileId === id && ahead.quote === quote) {
      if (Date.now() - ahead.at <= AHEAD_MAX_AGE_MS) {
        const answer = await ahead.answer.catch(() => undefined);
        if (answer) return answer;
      }
    }
    this.inFlight += 1;
    try {
      const overview = await this.fetchOverview(api, quote);
      this.quote = quote;
      this.record(id, overview);
      return overview;
    } finally {
      this.inFlight -= 1;
    }
  }

  /**
   * Starts the Overview the page is about to ask for, while the page's code still loads (main
   * knows the page is opening before the page can ask): the active profile in the quote of its
   * last snapshot (USDT without one). Nothing while the app is locked, an Overview is already
   * under way (the page asked first) or one fetched ahead still waits (the page is asked for
   * without a token: at most one fetch per AHEAD_MAX_AGE_MS however often). Recorded when it
   * succeeds, as any Overview; an answer no request takes is dropped after AHEAD_MAX_AGE_MS.
   */
  fetchAhead(): void {
    if (this.options.isLocked() || this.inFlight > 0) return;
    if (this.ahead && Date.now() - this.ahead.at <= AHEAD_MAX_AGE_MS) return;
    const { id } = this.options.active();
    const quote = this.lastQuote(id);
    // A fresh fetch: an expired answer nothing took is not passed on as this one.
    this.ahead = undefined;
    const answer = this.overview(quote);
    // A failure is for the page's own request to meet: it asks again.
    answer.catch(() => undefined);
    this.ahead = { profileId: id, quote, at: Date.now(), answer };
  }

  /** The quote the profile's Overview last used: its last snapshot's (each Overview writes one). */
  private lastQuote(profileId: string): string {
    try {
      return this.options.store.lastSnapshot(profileId)?.quote ?? DEFAULT_SNAPSHOT_QUOTE;
    } catch {
      return DEFAULT_SNAPSHOT_QUOTE;
    }
  }

  /**
   * Writes the snapshot of a profile's Overview unless the app is locked (a refresh that ended
   * after the lock came down is not recorded). A database failure is logged, never thrown at the
   * Overview: the answer is still good.
   */
  record(profileId: string, overview: PortfolioOverview): 'written' | 'deduplicated' | 'skipped' {
    if (this.options.isLocked()) return 'skipped';
    try {
      return this.options.store.addSnapshot(profileId, snapshotOf(overview));
    } catch (error) {
      log.error(
        `[history] could not record a snapshot: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 'skipped';
    }
  }

  /** The timer's snapshot: the active profile in the last quote; nothing when locked or failing. */
  async tick(): Promise<void> {
    if (this.ticking || this.options.isLocked()) return;
    this.ticking = true;
    try {
      await this.overview(this.quote);
    } catch {
      // Offline, a key without rights, a maintenance window: the next tick tries again.
    } finally {
      this.ticking = false;
    }
  }

  /** Whether the timer runs (not while the computer sleeps, nor once the app stops). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.tick(),
      this.options.intervalMs ?? SNAPSHOT_INTERVAL_MS,
    );
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
