import Decimal from 'decimal.js';
import { PRICE_ALERTS_MAX, tickError } from '../../shared/contract';
import { DeskFailure, ErrorCode } from '../../shared/errors';
import { writeNumber } from '../../shared/format';
import type {
  Market,
  Millis,
  PriceAlert,
  PriceAlertFired,
  PriceAlerts,
  PriceAlertSpec,
} from '../../shared/model';
import { separatorsOf } from '../../shared/separators';
import type { AppEvents } from '../core/events';
import type { ExchangeApi } from '../exchange/api';
import type { PriceAlertStore } from '../portfolioHistory/priceAlertsStore';

type AlertApi = Pick<ExchangeApi, 'markets' | 'ticker'>;

/** How often the public ticker is read for alerted markets the stream has not priced lately. */
export const PRICE_ALERT_POLL_MS = 10_000;

/** What a price did to one alert: reached it (fired), or crossed back over it (armed again). */
export interface AlertChange {
  alert: PriceAlert;
  to: 'fired' | 'armed';
  price: string;
}

interface Watched {
  alert: PriceAlert;
  /** The alert's price, parsed once. */
  target: Decimal;
}

/**
 * The evaluation, without I/O or clock: the alerts grouped by market, their prices parsed once, so
 * a price message costs one parse per market it names and one comparison per alert of that market.
 * An alert above fires when the price is at or over its price, one below at or under it (exactly
 * at the price is reached). A fired "every time" alert is armed again when the price is back on
 * the other side (strictly); a fired "once" alert stays fired until it is edited.
 */
export class PriceAlertBook {
  private readonly byMarket = new Map<string, Watched[]>();

  constructor(alerts: readonly PriceAlert[]) {
    for (const alert of alerts) {
      let list = this.byMarket.get(alert.market);
      if (!list) this.byMarket.set(alert.market, (list = []));
      list.push({ alert, target: new Decimal(alert.price) });
    }
  }

  /** The markets whose price can still change an alert (armed, or fired "every time"). */
  markets(): string[] {
    return [...this.byMarket]
      .filter(([, list]) => list.some(({ alert }) => isLive(alert)))
      .map(([market]) => market);
  }

  /** Applies last prices (market -> decimal text); answers what changed, the alerts updated. */
  evaluate(prices: Readonly<Record<string, string>>, at: Millis): AlertChange[] {
    const changes: AlertChange[] = [];
    for (const market in prices) {
      const list = this.byMarket.get(market);
      if (!list) continue;
      let price: Decimal;
      try {
        price = new Decimal(prices[market]!);
      } catch {
        continue;
      }
      if (!price.isFinite()) continue;
      const text = prices[market]!;
      for (const watched of list) {
        const { alert } = watched;
        const side = price.cmp(watched.target);
        const reached = alert.direction === 'above' ? side >= 0 : side <= 0;
        if (alert.state === 'armed' && reached) {
          watched.alert = { ...alert, state: 'fired', firedAt: at, firedPrice: text };
          changes.push({ alert: watched.alert, to: 'fired', price: text });
        } else if (alert.state === 'fired' && alert.repeat === 'every' && side !== 0 && !reached) {
          watched.alert = { ...alert, state: 'armed' };
          changes.push({ alert: watched.alert, to: 'armed', price: text });
        }
      }
    }
    return changes;
  }
}

const isLive = (alert: PriceAlert) => alert.state === 'armed' || alert.repeat === 'every';

export interface PriceAlertServiceOptions {
  store: PriceAlertStore;
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: AlertApi };
  /** Nothing is evaluated while the app is locked. */
  isLocked: () => boolean;
  /** Main's events: `stream.prices` comes in, `priceAlerts.fired` goes out. */
  events: AppEvents;
  /** A desktop notification (main's notifier; absent in the web host). */
  notify?: (title: string, body: string) => boolean;
  /** How often the ticker is polled (default 10 s; 0: only when `poll` is called). */
  pollIntervalMs?: number;
  now?: () => number;
}

/**
 * Price alerts evaluated in main (issue 35), so they fire with the window hidden: from the live
 * stream's last prices (`stream.prices`), and, for an alerted market the stream has not priced
 * within the poll interval (the stream is down, or the market is not among those it prices), from
 * the public ticker. An alert added or edited is checked at once against the last price seen (its
 * condition may hold already). A firing is told to the page (`priceAlerts.fired`: its in-app notice) and
 * shown as a desktop notification (quiet and coalesced by the notifier). States are kept in the
 * history database, so a "once" alert stays fired across restarts.
 */
export class PriceAlertService {
  private book: { profile: string; book: PriceAlertBook } | undefined;
  private readonly streamedAt = new Map<string, Millis>();
  /** The last price seen per market (stream or ticker): a new or edited alert is checked at once. */
  private readonly lastPrices = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private polling: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: PriceAlertServiceOptions) {
    this.now = options.now ?? Date.now;
    this.pollIntervalMs = options.pollIntervalMs ?? PRICE_ALERT_POLL_MS;
  }

  start(): void {
    this.unsubscribe ??= this.options.events.subscribe((name, payload) => {
      if (name !== 'stream.prices') return;
      const { prices } = payload as { prices: Record<string, string> };
      const at = this.now();
      for (const market in prices) this.streamedAt.set(market, at);
      this.apply(prices, at);
    });
    if (this.timer || this.pollIntervalMs <= 0) return;
    this.timer = setInterval(() => void this.poll(), this.pollIntervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  list(): PriceAlerts {
    return { alerts: this.options.store.list(this.options.active().id), fetchedAt: this.now() };
  }

  async add(spec: PriceAlertSpec): Promise<PriceAlerts> {
    const { id, api } = this.options.active();
    await checkSpec(api, spec);
    if (this.options.store.count(id) >= PRICE_ALERTS_MAX) {
      throw new DeskFailure(
        ErrorCode.InvalidInput,
        `A profile keeps at most ${PRICE_ALERTS_MAX} price alerts: delete one first.`,
      );
    }
    this.options.store.add(id, spec, this.now());
    return this.checkedNow();
  }

  async edit(alertId: number, spec: PriceAlertSpec): Promise<PriceAlerts> {
    const { id, api } = this.options.active();
    await checkSpec(api, spec);
    if (!this.options.store.edit(id, alertId, spec)) throw gone();
    return this.checkedNow();
  }

  remove(alertId: number): PriceAlerts {
    if (!this.options.store.remove(this.options.active().id, alertId)) throw gone();
    return this.reloaded();
  }

  /**
   * Reads the public ticker for the alerted markets the stream has not priced within the interval
   * (one read at a time); a failed read changes nothing and is tried again next time.
   */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    if (this.options.isLocked()) return;
    const now = this.now();
    const stale = this.current()
      .markets()
      .filter((m) => now - (this.streamedAt.get(m) ?? -Infinity) >= this.pollIntervalMs);
    if (stale.length === 0) return;
    const ticker = await this.options
      .active()
      .api.ticker()
      .catch(() => undefined);
    if (!ticker) return;
    const prices: Record<string, string> = {};
    for (const market of stale) {
      const entry = ticker[market];
      if (entry) prices[market] = entry.lastPrice;
    }
    this.apply(prices, this.now());
  }

  /** The active profile's book, loaded from the store when the profile changed. */
  private current(): PriceAlertBook {
    const profile = this.options.active().id;
    if (this.book?.profile !== profile) {
      this.book = { profile, book: new PriceAlertBook(this.options.store.list(profile)) };
    }
    return this.book.book;
  }

  private reloaded(): PriceAlerts {
    this.book = undefined;
    return this.list();
  }

  /**
   * After an add or an edit: the alerts against the last prices seen (an alert whose condition
   * holds already fires now), then the ticker for markets the stream has not priced lately.
   */
  private checkedNow(): PriceAlerts {
    this.reloaded();
    const known: Record<string, string> = {};
    for (const market of this.current().markets()) {
      const price = this.lastPrices.get(market);
      if (price !== undefined) known[market] = price;
    }
    this.apply(known, this.now());
    void this.poll();
    return this.list();
  }

  private apply(prices: Readonly<Record<string, string>>, at: Millis): void {
    if (this.options.isLocked()) return;
    for (const market in prices) this.lastPrices.set(market, prices[market]!);
    const profile = this.options.active().id;
    const changes = this.current().evaluate(prices, at);
    if (changes.length === 0) return;
    for (const { alert, to, price } of changes) {
      this.options.store.setState(
        profile,
        alert.id,
        to === 'fired' ? { state: 'fired', at, price } : { state: 'armed' },
      );
    }
    this.options.events.emit(
      'priceAlerts.changed',
      changes.map((c) => c.alert),
    );
    const fired: PriceAlertFired[] = changes
      .filter((c) => c.to === 'fired')
      .map(({ alert, price }) => ({ alert, price, at }));
    if (fired.length === 0) return;
    this.options.events.emit('priceAlerts.fired', fired);
    if (this.options.notify) void this.announce(fired);
  }

  /** The desktop notification: the latest firing (the notifier counts those it holds back). */
  private async announce(fired: PriceAlertFired[]): Promise<void> {
    const markets = await this.options
      .active()
      .api.markets()
      .catch(() => undefined);
    for (const f of fired) this.options.notify?.(...alertNotification(f, markets));
  }
}

/** "BTC_USDT above 50,000.00" / "Last price 50,010.00 · the note". */
export function alertNotification(
  { alert, price }: PriceAlertFired,
  markets: readonly Market[] | undefined,
): [string, string] {
  const places = markets?.find((m) => m.name === alert.market)?.moneyPrec;
  const separators = separatorsOf(undefined);
  const write = (v: string) => (places === undefined ? v : writeNumber(v, places, separators));
  const market = alert.market.replace('_', '/');
  const title = `${market} ${alert.direction} ${write(alert.price)}`;
  const body = `Last price ${write(price)}${alert.note ? ` · ${alert.note}` : ''}`;
  return [title, body];
}

const gone = () =>
  new DeskFailure(
    ErrorCode.InvalidInput,
    'That price alert is no longer there: the list was reloaded.',
  );

/**
 * What the contract's schema cannot check: the market is one the exchange lists, and the price
 * has no more decimal places than its tick. Refused under the field.
 */
async function checkSpec(api: AlertApi, spec: PriceAlertSpec): Promise<void> {
  const markets = await api.markets();
  const market = markets.find((m) => m.name === spec.market);
  if (!market) {
    throw new DeskFailure(
      ErrorCode.InvalidInput,
      `${spec.market} is not a market of this exchange.`,
      {
        market: ['Choose a market this exchange lists.'],
      },
    );
  }
  const tooFine = tickError(market, spec.price);
  if (tooFine) {
    throw new DeskFailure(ErrorCode.InvalidInput, 'Check the price.', { price: [tooFine] });
  }
}
