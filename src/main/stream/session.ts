import type { EventName, EventPayload } from '../../shared/contract';
import type { ChartInterval, Market, PublicTrade } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';
import {
  parseBalanceUpdate,
  parseCandlesUpdate,
  parseDepthUpdate,
  parseExecutedOrderUpdate,
  parseLastPriceUpdate,
  parsePendingOrderUpdate,
  parseSubscribed,
  parseTradesUpdate,
  type OrderEventKind,
} from '../exchange/schemas';
import type { Order } from '../../shared/model';
import { log, scrubForeign } from '../lib/log';
import { Backoff } from './backoff';
import { BOOK_KEEP, LiveBook } from './book';
import {
  DEFAULT_TIMINGS,
  StreamConnection,
  StreamError,
  streamUrl,
  type ConnectionTimings,
  type FloodLimit,
} from './connection';
import { PUSH_INTERVAL_MS, Pushes } from './pushes';
import { BOOK_INTERVAL_MS, RequestWindow, Throttle } from './throttle';
import { CandlePushes } from './candlePushes';

/**
 * The live stream of one profile: connect, authorize, subscribe, keep the watched market's book
 * and trades, turn updates into contract events, and reconnect with backoff when the connection
 * drops. One session per active profile (StreamService opens and closes them).
 *
 *   connecting ──(token, socket, authorize, subscribe)──> live
 *       │  fails                                           │ drops / stops answering
 *       v                                                  v
 *   waiting (backoff 1 s doubling to 30 s, jitter) ──> connecting ...      stop() from anywhere
 *
 * The backoff starts again from its first step only once a connection stayed up STABLE_MS, and
 * a token is asked at most TOKENS_PER_MINUTE times a minute whatever happens. A refused depth or
 * trades subscription is the watched market's problem, not the connection's: live goes on, with
 * `noBook` saying so, and the market is asked again on a backoff of its own.
 */

export type DataEvent = Exclude<Extract<EventName, `stream.${string}`>, 'stream.status'>;

/** The watched market whose book and trades the exchange refused, and when it is asked again. */
export interface NoBook {
  market: string;
  retryInMs: number;
}

/**
 * Why the session waits: `flooded` is a connection closed for sending too much, `limited` the
 * session's own token budget (nothing the exchange did).
 */
export type WaitReason = 'dropped' | 'flooded' | 'refused' | 'unreachable' | 'limited';

export type SessionPhase =
  | { phase: 'connecting' }
  | { phase: 'live'; noBook?: NoBook }
  | { phase: 'waiting'; retryInMs: number; why: WaitReason }
  | { phase: 'stopped' };

export interface SessionSink {
  phase(phase: SessionPhase): void;
  data<E extends DataEvent>(event: E, payload: EventPayload<E>): void;
}

export interface SessionOptions extends ConnectionTimings {
  /** Book, trades and candle events at most this often (default 100 ms). */
  bookIntervalMs: number;
  /** Prices gathered and sent at most this often (default 500 ms: Overview values move twice a second). */
  pricesIntervalMs: number;
  /** Balances and orders coalesced and sent at most this often (default PUSH_INTERVAL_MS). */
  pushIntervalMs: number;
  /** Past this rate of frames the connection is dropped (default the connection's FLOOD_LIMIT). */
  floodLimit?: FloodLimit;
  random: () => number;
  /** The clock (Date.now; tests hold their own). */
  now: () => number;
  /** Runs `run` once after `ms` and answers its cancel (a timer; tests hold them). */
  schedule: (run: () => void, ms: number) => () => void;
  /**
   * The tokens this profile asked for (StreamService keeps one per profile, so that sleep, wake
   * and switching back cannot ask more often); a window of its own when not given.
   */
  tokens?: RequestWindow;
}

/** A timer that does not keep the process alive. */
function timer(run: () => void, ms: number): () => void {
  const handle = setTimeout(run, ms);
  handle.unref?.();
  return () => clearTimeout(handle);
}

export const DEFAULT_SESSION_OPTIONS: SessionOptions = {
  ...DEFAULT_TIMINGS,
  bookIntervalMs: BOOK_INTERVAL_MS,
  pricesIntervalMs: 500,
  pushIntervalMs: PUSH_INTERVAL_MS,
  random: Math.random,
  now: Date.now,
  schedule: timer,
};

/**
 * A book that stayed ready this long before it broke (a gap, crossed) asks for its fresh snapshot
 * at once; one that breaks again sooner waits out a backoff, so an exchange that keeps sending
 * broken books is not asked for snapshots in a tight loop.
 */
const BOOK_STEADY_MS = 10_000;

/** A connection up this long has worked: the reconnect backoff starts again from its first step. */
export const STABLE_MS = 60_000;

/**
 * Stream tokens asked for at most this often, per profile: the exchange allows 10 requests a
 * minute to /profile/websocket_token (docs/user-guide.md, Live data); 8 leaves room for its clock and ours.
 */
export const TOKENS_PER_MINUTE = 8;
export const newTokenWindow = () => new RequestWindow(TOKENS_PER_MINUTE, 60_000);

/** A refused market subscription is asked again after 2 s, doubling up to 5 minutes (jitter). */
const MARKET_RETRY_START_MS = 2_000;
const MARKET_RETRY_CAP_MS = 300_000;

/** Trades a `stream.trades` event carries; finished order ids remembered (not to finish twice). */
export const TRADES_KEPT = 50;
const FINISHED_KEPT = 1_000;
/** Markets whose last price is streamed: tradable ones, those quoted in USDT first. */
export const PRICED_MARKETS = 20;

export function pricedMarkets(markets: Market[]): string[] {
  const tradable = markets.filter((m) => m.tradesEnabled);
  return [
    ...tradable.filter((m) => m.money === 'USDT'),
    ...tradable.filter((m) => m.money !== 'USDT'),
  ]
    .slice(0, PRICED_MARKETS)
    .map((m) => m.name);
}

/** Newest first (time, then id), each trade once, at most TRADES_KEPT. */
export function mergeTrades(kept: PublicTrade[], incoming: PublicTrade[]): PublicTrade[] {
  const byId = new Map<number, PublicTrade>();
  for (const trade of [...incoming, ...kept])
    if (!byId.has(trade.tradeId)) byId.set(trade.tradeId, trade);
  return [...byId.values()]
    .sort((a, b) => b.time - a.time || b.tradeId - a.tradeId)
    .slice(0, TRADES_KEPT);
}

/** The chart's candles: which market, which interval. */
export interface CandlesWatch {
  market: string;
  interval: ChartInterval;
}

/** The chart's intervals as the stream names them: seconds. */
const CANDLE_SECONDS: Record<ChartInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
};

export class StreamSession {
  private readonly options: SessionOptions;
  private readonly backoff: Backoff;
  /** The live connection (authorized and subscribed). */
  private connection: StreamConnection | undefined;
  /** A connection still authorizing and subscribing: stop() closes it too. */
  private opening: StreamConnection | undefined;
  /** Cancels the reconnection waiting out its backoff. */
  private retry: (() => void) | undefined;
  /** When the live connection went live (to tell a connection that worked from one that did not). */
  private liveSince: number | undefined;
  private readonly tokens: RequestWindow;
  /** Bumped by stop() and each attempt: work of an older attempt sees it and gives up. */
  private generation = 0;
  private stopped = true;
  private markets: Market[] | undefined;
  /** The names of `markets`: data of any other market is dropped. */
  private listed = new Set<string>();
  /**
   * The token of the latest attempt, kept in memory only to scrub it from what is logged: it goes
   * into `authorize` and nowhere else (never logged, never emitted, never written).
   */
  private token: string | undefined;

  private wanted: string | null = null;
  private subscribed: string | null = null;
  /** The chart's market and interval (candles_subscribe), wanted and subscribed to. */
  private wantedCandles: CandlesWatch | null = null;
  private subscribedCandles: CandlesWatch | null = null;
  private syncingCandles: Promise<void> | undefined;
  /** The watched market the exchange refused to stream, while it waits to be asked again. */
  private noBook: NoBook | undefined;
  private cancelMarketRetry: (() => void) | undefined;
  private readonly marketBackoff: Backoff;
  private syncing: Promise<void> | undefined;
  private book: LiveBook | undefined;
  private awaitingSnapshot = false;
  /** When the book last became ready (undefined: it is not). */
  private bookReadySince: number | undefined;
  /** Fresh snapshots asked since the book was last steady; the first goes at once. */
  private snapshotTries = 0;
  private readonly snapshotBackoff: Backoff;
  /** A fresh snapshot waiting out its backoff. */
  private cancelSnapshot: (() => void) | undefined;
  private trades: PublicTrade[] = [];
  /** Last prices since the last batch, of the markets subscribed to (others are dropped). */
  private prices = new Map<string, string>();
  private priced = new Set<string>();
  private readonly finished = new Set<number>();
  private readonly pushes: Pushes;
  private readonly bookThrottle: Throttle;
  private readonly tradesThrottle: Throttle;
  private readonly pricesThrottle: Throttle;
  private readonly candlePushes: CandlePushes;

  constructor(
    private readonly api: ExchangeApi,
    private readonly sink: SessionSink,
    options: Partial<SessionOptions> = {},
  ) {
    this.options = { ...DEFAULT_SESSION_OPTIONS, ...options };
    this.backoff = new Backoff(this.options.random);
    this.snapshotBackoff = new Backoff(this.options.random);
    this.marketBackoff = new Backoff(
      this.options.random,
      MARKET_RETRY_START_MS,
      MARKET_RETRY_CAP_MS,
    );
    this.tokens = this.options.tokens ?? newTokenWindow();
    this.bookThrottle = new Throttle(() => this.emitBook(), this.options.bookIntervalMs);
    this.tradesThrottle = new Throttle(() => this.emitTrades(), this.options.bookIntervalMs);
    this.pricesThrottle = new Throttle(() => this.emitPrices(), this.options.pricesIntervalMs);
    this.candlePushes = new CandlePushes(
      (update) => this.sink.data('stream.candles', update),
      this.options.bookIntervalMs,
    );
    this.pushes = new Pushes(
      (event, payload) => this.sink.data(event, payload),
      this.options.pushIntervalMs,
      this.options.now,
    );
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.backoff.reset();
    void this.connect();
  }

  /** Closes the connection and stops reconnecting. */
  stop(): void {
    this.stopped = true;
    this.token = undefined;
    this.generation += 1;
    this.retry?.();
    this.retry = undefined;
    this.pushes.cancel();
    this.closeConnection('stopped');
    this.sink.phase({ phase: 'stopped' });
  }

  /** Waiting to reconnect (the exchange answers again): try now. */
  reconnectNow(): void {
    if (this.stopped || !this.retry) return;
    this.retry();
    this.retry = undefined;
    this.backoff.reset();
    void this.connect();
  }

  /**
   * Does the exchange list this market? From the markets the session reads once (fetched now if
   * not yet); rejects when they cannot be read.
   */
  async lists(market: string): Promise<boolean> {
    await this.readMarkets();
    return this.listed.has(market);
  }

  private async readMarkets(): Promise<Market[]> {
    if (!this.markets) {
      const markets = await this.api.markets();
      this.markets ??= markets;
      this.listed = new Set(this.markets.map((m) => m.name));
    }
    return this.markets;
  }

  /** The market whose depth and trades are wanted (null: none). Applied now when live. */
  watch(market: string | null): void {
    this.wanted = market;
    if (this.connection) void this.syncWatch(this.connection);
  }

  /** The market and interval whose candles are wanted (null: none). Applied now when live. */
  watchCandles(candles: CandlesWatch | null): void {
    this.wantedCandles = candles;
    if (this.connection) void this.syncCandles(this.connection);
  }

  // Connecting ----------------------------------------------------------------------------------
  private async connect(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation && !this.stopped;
    // Whatever asked for this attempt (a backoff, the exchange back online), the budget decides.
    const budget = this.tokens.wait(this.options.now());
    if (budget > 0) return this.waitAndRetry('limited', budget);
    this.sink.phase({ phase: 'connecting' });
    let connection: StreamConnection | undefined;
    try {
      const markets = await this.readMarkets();
      if (!current()) return;
      this.tokens.record(this.options.now());
      const token = await this.api.websocketToken();
      this.token = token;
      if (!current()) return;
      connection = await StreamConnection.open(
        streamUrl(this.api.client.baseUrl),
        {
          onUpdate: (method, params) => {
            if (current()) this.update(method, params, connection!);
          },
          // Before it is live, a failure is the attempt's (the catch below), not a drop.
          onClose: (reason) => {
            if (current() && this.connection === connection) {
              this.dropped(reason, connection!.flooded);
            }
          },
        },
        { ...this.options, secret: token },
      );
      if (!current()) return connection.close('stopped');
      this.opening = connection;
      parseSubscribed(await connection.request('authorize', [token, 'public']));
      await this.subscribeAll(connection, markets);
      this.opening = undefined;
      if (!current()) return connection.close('stopped');
      this.connection = connection;
      this.subscribed = null;
      this.liveSince = this.options.now();
      this.sink.phase({ phase: 'live' });
      // Whatever happened before this connection was up is for REST to fill in.
      this.sink.data('stream.resync', { at: this.options.now() });
      await Promise.all([this.syncWatch(connection), this.syncCandles(connection)]);
    } catch (error) {
      if (this.opening === connection) this.opening = undefined;
      connection?.close('failed');
      if (!current()) return;
      const refused = error instanceof StreamError ? error.refused : isRefusal(error);
      this.warn(`could not open the live stream: ${describe(error)}`);
      this.waitAndRetry(refused ? 'refused' : 'unreachable');
    }
  }

  /**
   * Prices of at most PRICED_MARKETS markets (the exchange takes 20 a subscribe, and a new
   * lastprice_subscribe replaces the last); balances of every asset and orders of every market
   * (an empty list is all of them).
   */
  private async subscribeAll(connection: StreamConnection, markets: Market[]): Promise<void> {
    const priced = pricedMarkets(markets);
    this.priced = new Set(priced);
    parseSubscribed(await connection.request('lastprice_subscribe', priced));
    parseSubscribed(await connection.request('balanceSpot_subscribe', []));
    parseSubscribed(await connection.request('ordersPending_subscribe', []));
    // Finished orders also arrive as ordersPending event 3; executed ones add the final fill.
    try {
      parseSubscribed(await connection.request('ordersExecuted_subscribe', [[], 0]));
    } catch (error) {
      if (!(error instanceof StreamError && error.refused)) throw error;
      this.warn(`ordersExecuted is not available: ${error.message}`);
    }
  }

  private dropped(reason: string, flooded: boolean): void {
    this.warn(`the live stream dropped: ${reason}`);
    // Only a connection that stayed up a while has shown the exchange works: a drop soon after
    // going live waits the next step, so reconnecting cannot turn into a loop.
    const stable = this.liveSince !== undefined && this.options.now() - this.liveSince >= STABLE_MS;
    if (stable && !flooded) this.backoff.reset();
    this.closeConnection(reason);
    this.waitAndRetry(flooded ? 'flooded' : 'dropped');
  }

  /** Waits out the backoff (at least `atLeast` ms, and the token budget), then connects again. */
  private waitAndRetry(why: WaitReason, atLeast = 0): void {
    const retryInMs =
      why === 'limited'
        ? atLeast
        : Math.max(this.backoff.next(), this.tokens.wait(this.options.now()));
    this.sink.phase({ phase: 'waiting', retryInMs, why });
    this.retry?.();
    this.retry = this.options.schedule(() => {
      this.retry = undefined;
      void this.connect();
    }, retryInMs);
  }

  private closeConnection(reason: string): void {
    const connection = this.connection;
    this.connection = undefined;
    this.opening?.close(reason);
    this.opening = undefined;
    this.liveSince = undefined;
    this.subscribed = null;
    this.subscribedCandles = null;
    this.book = undefined;
    this.forgetSnapshots();
    this.forgetRefusal();
    // What came before the drop goes out now (after a stop it was forgotten already).
    this.pushes.flushNow();
    this.bookThrottle.cancel();
    this.tradesThrottle.cancel();
    this.pricesThrottle.cancel();
    this.candlePushes.cancel();
    connection?.close(reason);
  }

  // The watched market ----------------------------------------------------------------------------
  /** Brings the depth and trades subscriptions to the wanted market, one change at a time. */
  private syncWatch(connection: StreamConnection): Promise<void> {
    // `.finally` runs later, always: a pass with nothing to do cannot leave `syncing` set.
    this.syncing ??= this.followWanted(connection).finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async followWanted(connection: StreamConnection): Promise<void> {
    try {
      while (this.connection === connection && this.subscribed !== this.wanted) {
        const market = this.wanted;
        if (market !== this.noBook?.market) this.forgetRefusal();
        this.subscribed = market;
        this.trades = [];
        this.bookThrottle.cancel();
        this.tradesThrottle.cancel();
        if (market === null) {
          this.book = undefined;
          this.forgetSnapshots();
          parseSubscribed(await connection.request('depth_unsubscribe', []));
          parseSubscribed(await connection.request('trades_unsubscribe', []));
          continue;
        }
        if (!this.listed.has(market)) {
          this.warn(`not watching ${market}: the exchange does not list it`);
          this.book = undefined;
          continue;
        }
        this.book = new LiveBook(market);
        this.forgetSnapshots();
        try {
          await this.subscribeDepth(connection, market);
          parseSubscribed(await connection.request('trades_subscribe', [market]));
        } catch (error) {
          if (!(error instanceof StreamError && error.refused)) throw error;
          this.refused(connection, market, error);
          continue;
        }
        if (this.noBook?.market === market) this.forgetRefusal();
        const recent = await this.api.trades(market).catch(() => []);
        if (this.subscribed === market) {
          this.trades = mergeTrades(this.trades, recent);
          this.tradesThrottle.request();
        }
      }
    } catch (error) {
      if (this.connection === connection) {
        this.warn(`could not follow the market: ${describe(error)}`);
        connection.close('a subscription failed');
      }
    }
  }

  // The chart's candles ---------------------------------------------------------------------------
  /** Brings the candles subscription to the wanted market and interval (a subscribe replaces). */
  private syncCandles(connection: StreamConnection): Promise<void> {
    this.syncingCandles ??= this.followCandles(connection).finally(() => {
      this.syncingCandles = undefined;
    });
    return this.syncingCandles;
  }

  private async followCandles(connection: StreamConnection): Promise<void> {
    const same = (a: CandlesWatch | null, b: CandlesWatch | null) =>
      a?.market === b?.market && a?.interval === b?.interval;
    try {
      while (this.connection === connection && !same(this.subscribedCandles, this.wantedCandles)) {
        const wanted = this.wantedCandles;
        this.subscribedCandles = wanted;
        // Candles of what was watched are not pushed any more.
        this.candlePushes.cancel();
        if (wanted === null || !this.listed.has(wanted.market)) {
          parseSubscribed(await connection.request('candles_unsubscribe', []));
          continue;
        }
        try {
          parseSubscribed(
            await connection.request('candles_subscribe', [
              wanted.market,
              CANDLE_SECONDS[wanted.interval],
            ]),
          );
        } catch (error) {
          // The chart polls instead; the rest of the stream goes on.
          if (!(error instanceof StreamError && error.refused)) throw error;
          this.warn(`no live candles for ${wanted.market}: ${describe(error)}`);
        }
      }
    } catch (error) {
      if (this.connection === connection) {
        this.warn(`could not follow the candles: ${describe(error)}`);
        connection.close('a subscription failed');
      }
    }
  }

  /**
   * The exchange refused the market's depth or trades: the connection stays (balances, orders and
   * prices go on), the page is told there is no live book for it, and it is asked again later.
   */
  private refused(connection: StreamConnection, market: string, error: StreamError): void {
    this.book = undefined;
    const retryInMs = this.marketBackoff.next();
    this.warn(`no live book for ${market}: ${describe(error)}`);
    this.noBook = { market, retryInMs };
    this.sink.phase({ phase: 'live', noBook: this.noBook });
    this.cancelMarketRetry?.();
    this.cancelMarketRetry = this.options.schedule(() => {
      this.cancelMarketRetry = undefined;
      if (this.connection !== connection || this.subscribed !== market) return;
      this.subscribed = null;
      void this.syncWatch(connection);
    }, retryInMs);
  }

  /** Another market (or none) is watched, or it streams now: no refusal to remember or retry. */
  private forgetRefusal(): void {
    this.cancelMarketRetry?.();
    this.cancelMarketRetry = undefined;
    this.marketBackoff.reset();
    if (!this.noBook) return;
    this.noBook = undefined;
    if (this.connection) this.sink.phase({ phase: 'live' });
  }

  /** depth_subscribe answers with a snapshot first: until it comes the book is not emitted. */
  private async subscribeDepth(connection: StreamConnection, market: string): Promise<void> {
    this.awaitingSnapshot = true;
    parseSubscribed(await connection.request('depth_subscribe', [market, BOOK_KEEP, '0', false]));
  }

  // Updates ---------------------------------------------------------------------------------------
  private update(method: string, params: unknown, connection: StreamConnection): void {
    switch (method) {
      case 'lastprice_update': {
        const { market, price } = parseLastPriceUpdate(params);
        if (!this.priced.has(market))
          return connection.dropped(method, 'a market not subscribed to');
        this.prices.set(market, price);
        this.pricesThrottle.request();
        return;
      }
      case 'depth_update':
        return this.depth(parseDepthUpdate(params), connection);
      case 'trades_update': {
        const { market, trades } = parseTradesUpdate(params);
        if (market !== this.subscribed) return;
        this.trades = mergeTrades(this.trades, trades);
        this.tradesThrottle.request();
        return;
      }
      case 'candles_update': {
        const watched = this.subscribedCandles;
        for (const { market, candle } of parseCandlesUpdate(params)) {
          if (!watched || market !== watched.market) continue;
          this.candlePushes.add({ market, interval: watched.interval, candle });
        }
        return;
      }
      case 'balanceSpot_update':
        this.pushes.balance(parseBalanceUpdate(params));
        return;
      case 'ordersPending_update':
        return this.order(parsePendingOrderUpdate(params), method, connection);
      case 'ordersExecuted_update':
        return this.order(parseExecutedOrderUpdate(params), method, connection);
      default:
        // The name is the exchange's (it may hold anything, the token included): only its length.
        connection.dropped(`an unknown method (${method.length} characters)`, 'not subscribed to');
    }
  }

  /** A log line that may quote the exchange: the token scrubbed, token-like runs masked. */
  private warn(line: string): void {
    log.warn(`[stream] ${scrubForeign(line, this.token ? [this.token] : [])}`);
  }

  private depth(message: ReturnType<typeof parseDepthUpdate>, connection: StreamConnection): void {
    const book = this.book;
    if (!book || message.market !== book.market) return;
    if (message.full) this.awaitingSnapshot = false;
    const now = this.options.now();
    const result = book.apply(message);
    if (result === 'applied') {
      this.bookReadySince ??= now;
      this.bookThrottle.request();
      return;
    }
    const steady = this.bookReadySince !== undefined && now - this.bookReadySince >= BOOK_STEADY_MS;
    this.bookReadySince = undefined;
    if (this.awaitingSnapshot || this.cancelSnapshot) return;
    this.warn(
      result === 'gap'
        ? `the ${book.market} book missed an update: asking for a fresh snapshot`
        : `the ${book.market} book is crossed or locked: asking for a fresh snapshot`,
    );
    this.bookThrottle.cancel();
    if (steady) {
      this.snapshotTries = 0;
      this.snapshotBackoff.reset();
    }
    const ask = () => {
      this.cancelSnapshot = undefined;
      if (this.connection !== connection || this.book !== book) return;
      this.subscribeDepth(connection, book.market).catch((error: unknown) => {
        if (this.connection === connection) connection.close(`depth: ${describe(error)}`);
      });
    };
    const wait = this.snapshotTries++ === 0 ? 0 : this.snapshotBackoff.next();
    if (wait === 0) ask();
    else this.cancelSnapshot = this.options.schedule(ask, wait);
  }

  /** A new book (or none): no snapshot waiting, the next broken book asks at once. */
  private forgetSnapshots(): void {
    this.cancelSnapshot?.();
    this.cancelSnapshot = undefined;
    this.bookReadySince = undefined;
    this.snapshotTries = 0;
    this.snapshotBackoff.reset();
  }

  private order(
    { event, order }: { event: OrderEventKind; order: Order },
    method: string,
    connection: StreamConnection,
  ): void {
    if (!this.listed.has(order.market)) {
      return connection.dropped(method, 'an order of a market the exchange does not list');
    }
    if (event === 'finish') {
      if (this.finished.has(order.orderId)) return;
      this.finished.add(order.orderId);
      if (this.finished.size > FINISHED_KEPT) {
        this.finished.delete(this.finished.values().next().value!);
      }
    }
    this.pushes.order({ event, order });
  }

  private emitBook(): void {
    if (this.book?.ready) {
      this.sink.data('stream.book', { market: this.book.market, book: this.book.top() });
    }
  }

  private emitTrades(): void {
    if (this.subscribed !== null) {
      this.sink.data('stream.trades', { market: this.subscribed, trades: [...this.trades] });
    }
  }

  private emitPrices(): void {
    if (this.prices.size === 0) return;
    const prices = Object.fromEntries(this.prices);
    this.prices = new Map();
    this.sink.data('stream.prices', { prices, at: this.options.now() });
  }
}

/** The exchange said no (HTTP 4xx other than a rate limit) rather than failing to answer. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ExchangeError &&
    !error.notSent &&
    error.kind !== 'network' &&
    error.kind !== 'timeout' &&
    error.kind !== 'maintenance' &&
    error.kind !== 'rate-limit'
  );
}

/** A short description for the log: never a request body, never the token. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
}
