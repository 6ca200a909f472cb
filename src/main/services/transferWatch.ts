import Decimal from 'decimal.js';
import type { DepositWithdraw, TransferArrival, TransfersArrived } from '../../shared/model';
import { arrivalTitle } from '../../shared/transferStatus';
import type { ExchangeApi } from '../exchange/api';

type WatchApi = Pick<ExchangeApi, 'depositWithdrawHistory' | 'assets'>;

/** How often main looks at the newest deposits and withdrawals (default). */
export const TRANSFER_WATCH_INTERVAL_MS = 30_000;
/** The newest records looked at each time (one page, newest first). */
export const TRANSFER_WATCH_PAGE = 50;
/** Records remembered per profile, newest kept: more than a page, so none comes back as new. */
const REMEMBERED = 500;

/** Successful deposit and withdrawal codes, and a withdrawal's partial success (§5). */
const DONE: Record<1 | 2, ReadonlySet<number>> = {
  1: new Set([3, 7]),
  2: new Set([3, 7, 18]),
};

const isDone = (r: DepositWithdraw) => DONE[r.method].has(r.status);

/** A record's identity across reads: its unique id, else what it is made of. */
const keyOf = (r: DepositWithdraw) =>
  r.uniqueId ??
  [r.method, r.ticker, r.createdAt, r.amount, r.network ?? '', r.transactionHash].join('|');

export interface TransferWatchOptions {
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: WatchApi };
  /** The app lock: nothing is fetched while it is locked. */
  isLocked: () => boolean;
  /** The page's in-app notices (the `transfers.arrived` event). */
  emit: (payload: TransfersArrived) => void;
  /** A desktop notification (main's notifier; absent in the web host). */
  notify?: (title: string, body: string) => boolean;
  /** How often it looks (default 30 s; 0: only when `check` is called). */
  intervalMs?: number;
  now?: () => number;
}

/**
 * Deposits and withdrawals that arrive while the app runs (issue 32 point 15): a background job
 * in main, so it works with the window hidden. Every interval it reads the newest page of the
 * active profile's history; a record that is done (a deposit credited, a withdrawal completed)
 * and was not done when last seen has arrived: the page is told (`transfers.arrived`) and a
 * desktop notification names the asset (no amount: it shows outside the app, and privacy mode
 * lives in the page). The first read of a profile only learns what is there: what was already
 * there is not new, so a first start never brings a storm. A read that fails (no key, offline)
 * changes nothing and is tried again next time.
 */
export class TransferWatch {
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Per profile: each remembered record, and whether it was done when last seen. */
  private readonly seen = new Map<string, Map<string, boolean>>();
  private running: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: TransferWatchOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? TRANSFER_WATCH_INTERVAL_MS;
  }

  /** Looks now and every interval from now on (nothing with an interval of 0: tests call `check`). */
  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Looks once (one look at a time: a call while one runs shares it). */
  check(): Promise<void> {
    this.running ??= this.look().finally(() => (this.running = undefined));
    return this.running;
  }

  private async look(): Promise<void> {
    if (this.options.isLocked()) return;
    const { id, api } = this.options.active();
    let records: DepositWithdraw[];
    try {
      ({ records } = await api.depositWithdrawHistory({ offset: 0, limit: TRANSFER_WATCH_PAGE }));
    } catch {
      return; // no key that may read it, or the exchange is away: next time
    }
    const known = this.seen.get(id);
    const now = new Map(known);
    const arrived: DepositWithdraw[] = [];
    for (const record of records) {
      const key = keyOf(record);
      const done = isDone(record);
      if (known && done && known.get(key) !== true) arrived.push(record);
      now.delete(key);
      now.set(key, done);
    }
    // The newest kept (a Map keeps insertion order: those just seen went last).
    this.seen.set(id, new Map([...now].slice(-REMEMBERED)));
    if (arrived.length === 0 || this.options.isLocked()) return;
    const arrivals = await this.withPlaces(api, arrived.reverse());
    this.options.emit({ arrivals, at: this.now() });
    this.options.notify?.(...transferNotification(arrivals));
  }

  /** The arrivals with their assets' display places (their own places when the list fails). */
  private async withPlaces(api: WatchApi, records: DepositWithdraw[]): Promise<TransferArrival[]> {
    const assets = await api.assets().catch(() => undefined);
    return records.map((r) => ({
      method: r.method,
      ticker: r.ticker,
      amount: r.amount,
      places: assets?.[r.ticker]?.currencyPrecision ?? new Decimal(r.amount).decimalPlaces(),
      createdAt: r.createdAt,
      network: r.network,
      status: r.status,
    }));
  }
}

/**
 * The desktop notification of what arrived at once: no amounts (it shows outside the app);
 * "A deposit of BTC arrived", or "3 deposits and withdrawals: BTC, USDT".
 */
export function transferNotification(arrivals: readonly TransferArrival[]): [string, string] {
  if (arrivals.length === 1) {
    const a = arrivals[0]!;
    const what = a.method === 1 ? 'A deposit' : 'A withdrawal';
    const how = a.method === 1 ? 'arrived' : a.status === 18 ? 'partly completed' : 'completed';
    return [arrivalTitle(a), `${what} of ${a.ticker} ${how}`];
  }
  const tickers = [...new Set(arrivals.map((a) => a.ticker))];
  const deposits = arrivals.filter((a) => a.method === 1).length;
  const title =
    deposits === arrivals.length
      ? `${arrivals.length} deposits arrived`
      : deposits === 0
        ? `${arrivals.length} withdrawals completed`
        : `${arrivals.length} deposits and withdrawals`;
  const named =
    tickers.length > 3 ? [...tickers.slice(0, 3), `${tickers.length - 3} more`] : tickers;
  return [title, `In ${named.join(', ')}`];
}
