import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { ASSETS } from '../assets';
import type { Engine, EngineChange } from '../engine';
import { MARKETS, MARKET_BY_NAME, type Book, type MarketDef } from '../markets';
import type { OrderRec } from '../state';
import { candles, recentTrades, bucketOf, type TapeTrade } from '../tape';
import { consoleLog, type DemoLog } from '../host';
import {
  DEPTH_INTERVALS,
  balances,
  dealRecord,
  dealUpdate,
  depthRows,
  executedKind,
  executedRecord,
  marketStats,
  orderTypeId,
  pendingRecord,
  rowDiff,
  todayStats,
  tradeRecord,
  wsCandle,
  type Row,
} from './records';
import type { WsTokens } from './tokens';

/**
 * The exchange's WebSocket API on `/ws` of the demo exchange's port (public/websocket.mdx,
 * private/websocket.mdx): JSON-RPC-like requests `{id, method, params}`, answers
 * `{id, result, error}`, updates `{id: null, method, params}`.
 *
 * - Errors are the documented `{code, message}` pairs: 1 invalid argument (bad params, a message
 *   that is JSON but not a request), 3 service unavailable (over the request rate), 4 method not
 *   found. The documentation names no error for a private method before `authorize` or for a bad
 *   token: the demo answers code 6 "require authentication" (the code the exchange's engine family
 *   uses). Invalid JSON closes the connection (1007), as documented.
 * - Subscriptions: a new `X_subscribe` replaces the last one of that channel (documented: "Repeated
 *   subscription will be cancelled for the same data type"); depth keeps one subscription per
 *   market, added with the fourth param true, replacing all with false. `lastprice`, `market`,
 *   `marketToday`, `candles` and `balanceSpot` send the current value right after the answer;
 *   depth sends its full snapshot; trades and the order channels send what happens next.
 * - Ticking: while any connection subscribes, a timer (`tickMs`, 100 ms) brings the engine up to
 *   date (`sync`: resting orders fill as the walk moves) and sends what changed since the last
 *   tick: prices, statistics, candles, new trades, depth diffs (a new snapshot after `snapshotMs`,
 *   10 s, without change). The private channels follow the engine's change events as they happen.
 * - Limits: a connection is closed after `idleMs` (60 s) without a message from it; at most
 *   `requestsPerMinute` (200) requests a minute each; messages of at most MAX_PAYLOAD bytes; at most
 *   MAX_MARKETS markets per subscribe, MAX_DEPTH depth subscriptions, MAX_CONNECTIONS connections.
 */
export interface WsOptions {
  /** Where its own failures are told (default: the console). */
  log?: DemoLog;
  idleMs?: number;
  requestsPerMinute?: number;
  tickMs?: number;
  snapshotMs?: number;
}

export const MAX_PAYLOAD = 16 * 1024;
export const MAX_MARKETS = 20;
export const MAX_DEPTH = 20;
export const MAX_CONNECTIONS = 100;
/** A connection that does not read what it is sent is dropped past this much unsent data. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const MAX_CANDLES = 1440;
const DEPTH_LIMITS = new Set([1, 5, 10, 20, 30, 50, 100]);
const TRADES_SCAN = 50;

class WsError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = () => new WsError(1, 'invalid argument');
const REQUIRE_AUTH = () => new WsError(6, 'require authentication');

interface MarketWatch {
  markets: string[];
  last: Map<string, string>;
}

interface DepthSub {
  market: string;
  limit: number;
  interval: string;
  asks: Row[];
  bids: Row[];
  updateId: number;
  sentAt: number;
}

interface Connection {
  socket: WebSocket;
  apiKey: string | null;
  idle: NodeJS.Timeout | null;
  hits: number[];
  lastprice?: MarketWatch;
  market?: MarketWatch;
  marketToday?: MarketWatch;
  trades?: { markets: string[] | null; seen: Map<string, Set<number>> };
  depth: Map<string, DepthSub>;
  candles?: { market: string; interval: number; last: string };
  balanceSpot?: { assets: string[] };
  ordersPending?: { markets: Set<string> | null };
  ordersExecuted?: { markets: Set<string> | null; filter: number };
  deals?: { markets: Set<string> | null };
}

const CHANNELS = [
  'lastprice',
  'market',
  'marketToday',
  'trades',
  'candles',
  'balanceSpot',
  'ordersPending',
  'ordersExecuted',
  'deals',
] as const;

const subscribed = (connection: Connection): boolean =>
  connection.depth.size > 0 || CHANNELS.some((name) => connection[name] !== undefined);

/** What one tick computes once for every connection. */
class Frame {
  private readonly memo = new Map<string, unknown>();
  constructor(readonly engine: Engine) {}

  private get<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  price = (market: MarketDef) =>
    this.get(`p ${market.name}`, () => this.engine.price(market).toFixed());
  book = (market: MarketDef) =>
    this.get<Book>(`b ${market.name}`, () => this.engine.publicBook(market));
  trades = (market: MarketDef) =>
    this.get<TapeTrade[]>(`t ${market.name}`, () => recentTrades(this.engine, market, TRADES_SCAN));
  stats = (market: MarketDef) =>
    this.get(`s ${market.name}`, () => JSON.stringify(marketStats(this.engine, market, 86_400)));
  today = (market: MarketDef) =>
    this.get(`d ${market.name}`, () => JSON.stringify(todayStats(this.engine, market)));
  /** The current candle, as candles_request answers it for the same bucket. */
  candle = (market: MarketDef, interval: number) =>
    this.get(`c ${market.name} ${interval}`, () => {
      const nowSec = Math.floor(this.engine.now() / 1000);
      const [current] = candles(this.engine, market, interval, bucketOf(interval, nowSec), nowSec);
      return JSON.stringify(current ? wsCandle(current, market.name) : []);
    });
}

// ---- params -------------------------------------------------------------------------------------

function tradable(name: unknown): MarketDef {
  const market = typeof name === 'string' ? MARKET_BY_NAME.get(name) : undefined;
  if (!market?.tradesEnabled) throw invalid();
  return market;
}

/** A list of distinct tradable markets (at most MAX_MARKETS). */
function marketList(list: unknown[]): string[] {
  if (list.length > MAX_MARKETS) throw invalid();
  return [...new Set(list.map((name) => tradable(name).name))];
}

function int(value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid();
  }
  return value;
}

/** The kline intervals the documentation allows (public/websocket.mdx, Kline). */
export function validInterval(s: number): boolean {
  if (!Number.isInteger(s) || s <= 0) return false;
  if (s < 60) return 60 % s === 0;
  if (s < 3600) return s % 60 === 0 && 3600 % s === 0;
  if (s < 86_400) return s % 3600 === 0 && 86_400 % s === 0;
  if (s < 604_800) return s % 86_400 === 0;
  return s === 604_800 || s === 2_592_000;
}

function interval(value: unknown): number {
  if (typeof value !== 'number' || !validInterval(value)) throw invalid();
  return value;
}

/** An order channel's market filter: a list of markets, none meaning all. */
function marketFilter(list: unknown): Set<string> | null {
  if (!Array.isArray(list)) throw invalid();
  return list.length === 0 ? null : new Set(marketList(list));
}

/** offset and limit of a private request: offset >= 0, limit 1..100. */
function page(offset: unknown, limit: unknown): { offset: number; limit: number } {
  return { offset: int(offset ?? 0, 0, 1e9), limit: int(limit ?? 100, 1, 100) };
}

const pageOf = <T>(items: T[], p: { offset: number; limit: number }) =>
  items.slice(p.offset, p.offset + p.limit);

const newestFirst = <T extends { id: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => b.id - a.id);

// ---- the server ---------------------------------------------------------------------------------

type Handler = (
  connection: Connection,
  params: unknown[],
) => { result: unknown; then?: () => void };

export class WsServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  private readonly conns = new Set<Connection>();
  private sent = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly bookIds = new Map<string, { key: string; id: number }>();
  private readonly unlisten: () => void;
  private readonly idleMs: number;
  private readonly perMinute: number;
  private readonly tickMs: number;
  private readonly snapshotMs: number;
  private readonly log: DemoLog;
  private readonly methods: Record<string, Handler>;
  private readonly privateMethods: Record<string, Handler>;

  constructor(
    private readonly engine: Engine,
    private readonly tokens: WsTokens,
    /** New upgrades are refused (503) while this says so (the refuseWs fault). */
    private readonly refusing: () => boolean,
    options: WsOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 60_000;
    this.perMinute = options.requestsPerMinute ?? 200;
    this.tickMs = options.tickMs ?? 100;
    this.snapshotMs = options.snapshotMs ?? 10_000;
    this.log = options.log ?? consoleLog;
    this.unlisten = engine.onChanges((changes) => this.onEngine(changes));
    this.methods = this.publicMethods();
    this.privateMethods = this.accountMethods();
  }

  get connections(): number {
    return this.conns.size;
  }

  /** Messages sent since start, every connection (the benchmark's denominator). */
  get framesSent(): number {
    return this.sent;
  }

  /** The http server's 'upgrade' event: `/ws` only. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/ws') return refuse(socket, '404 Not Found');
    if (this.refusing() || this.conns.size >= MAX_CONNECTIONS) {
      return refuse(socket, '503 Service Unavailable');
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  /** Drops every connection at once, as a network failure would (no close handshake). */
  dropAll(): number {
    const n = this.conns.size;
    for (const connection of [...this.conns]) connection.socket.terminate();
    return n;
  }

  stop(): void {
    this.dropAll();
    this.stopTimer();
    this.unlisten();
    this.wss.close();
  }

  private accept(socket: WebSocket): void {
    const connection: Connection = { socket, apiKey: null, idle: null, hits: [], depth: new Map() };
    this.conns.add(connection);
    this.touch(connection);
    socket.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on('close', () => this.forget(connection));
    socket.on('error', () => socket.terminate());
  }

  private forget(connection: Connection): void {
    if (connection.idle) clearTimeout(connection.idle);
    this.conns.delete(connection);
    this.reviewTimer();
  }

  /** A message arrived: the idle timer starts again. */
  private touch(connection: Connection): void {
    if (connection.idle) clearTimeout(connection.idle);
    connection.idle = setTimeout(() => connection.socket.close(1000, 'inactivity'), this.idleMs);
  }

  private send(connection: Connection, message: unknown): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    if (connection.socket.bufferedAmount > MAX_BUFFERED) {
      connection.socket.terminate();
      return;
    }
    connection.socket.send(JSON.stringify(message));
    this.sent += 1;
  }

  private update(connection: Connection, method: string, params: unknown): void {
    this.send(connection, { id: null, method, params });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    this.touch(connection);
    let msg: unknown;
    try {
      if (isBinary) throw new Error('binary');
      msg = JSON.parse(rawText(data));
    } catch {
      connection.socket.close(1007, 'invalid JSON');
      return;
    }
    const record = msg && typeof msg === 'object' && !Array.isArray(msg) ? msg : null;
    const r = (record ?? {}) as Record<string, unknown>;
    const id = typeof r.id === 'number' || typeof r.id === 'string' ? r.id : null;
    const reply = (result: unknown, error: WsError | null) =>
      this.send(connection, {
        id,
        result: error ? null : result,
        error: error ? { code: error.code, message: error.message } : null,
      });
    const now = Date.now();
    connection.hits = connection.hits.filter((t) => t > now - 60_000);
    if (connection.hits.length >= this.perMinute) {
      reply(null, new WsError(3, 'service unavailable'));
      return;
    }
    connection.hits.push(now);
    const params = r.params === undefined ? [] : r.params;
    if (!record || typeof r.method !== 'string' || !Array.isArray(params)) {
      reply(null, invalid());
      return;
    }
    const method = r.method;
    const handler = Object.hasOwn(this.methods, method)
      ? this.methods[method]
      : Object.hasOwn(this.privateMethods, method)
        ? this.privateMethods[method]
        : undefined;
    if (!handler) {
      reply(null, new WsError(4, 'method not found'));
      return;
    }
    try {
      if (handler !== this.methods[method] && connection.apiKey === null) throw REQUIRE_AUTH();
      const { result, then } = handler(connection, params);
      reply(result, null);
      then?.();
    } catch (error) {
      if (error instanceof WsError) reply(null, error);
      else {
        this.log.error('[demo-exchange ws]', error);
        reply(null, new WsError(2, 'internal error'));
      }
    }
    this.reviewTimer();
  }

  // ---- ticking ----------------------------------------------------------------------------------

  private reviewTimer(): void {
    const needed = [...this.conns].some(subscribed);
    if (needed && !this.timer) {
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    } else if (!needed) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(): void {
    try {
      this.engine.sync();
      const frame = new Frame(this.engine);
      for (const connection of this.conns) this.publicUpdates(connection, frame);
    } catch (error) {
      this.log.error('[demo-exchange ws]', error);
    }
    this.reviewTimer();
  }

  private watch(
    connection: Connection,
    watch: MarketWatch | undefined,
    method: string,
    value: (market: MarketDef) => string,
    wrap: (v: string) => unknown = (v) => v,
  ): void {
    if (!watch) return;
    for (const name of watch.markets) {
      const v = value(MARKET_BY_NAME.get(name) as MarketDef);
      if (watch.last.get(name) === v) continue;
      watch.last.set(name, v);
      this.update(connection, method, [name, wrap(v)]);
    }
  }

  private publicUpdates(connection: Connection, frame: Frame): void {
    const parse = (v: string): unknown => JSON.parse(v);
    this.watch(connection, connection.lastprice, 'lastprice_update', frame.price);
    this.watch(connection, connection.market, 'market_update', frame.stats, parse);
    this.watch(connection, connection.marketToday, 'marketToday_update', frame.today, parse);
    if (connection.candles) {
      const market = MARKET_BY_NAME.get(connection.candles.market) as MarketDef;
      const candle = frame.candle(market, connection.candles.interval);
      if (candle !== connection.candles.last) {
        connection.candles.last = candle;
        this.update(connection, 'candles_update', [JSON.parse(candle)]);
      }
    }
    if (connection.trades) {
      for (const market of connection.trades.markets?.map(
        (n) => MARKET_BY_NAME.get(n) as MarketDef,
      ) ?? MARKETS.filter((x) => x.tradesEnabled)) {
        const trades = frame.trades(market);
        const seen = connection.trades.seen.get(market.name);
        connection.trades.seen.set(market.name, new Set(trades.map((t) => t.id)));
        const fresh = seen ? trades.filter((t) => !seen.has(t.id)) : [];
        if (fresh.length > 0) {
          this.update(connection, 'trades_update', [
            market.name,
            fresh.map((t) => tradeRecord(t, true)),
          ]);
        }
      }
    }
    for (const sub of connection.depth.values()) this.depthStep(connection, sub, frame);
  }

  /** The market's book version: a new id whenever its levels change. */
  private bookId(market: MarketDef, book: Book): number {
    const key = JSON.stringify([
      depthRows(book.asks, 'ask', '0', 100),
      depthRows(book.bids, 'bid', '0', 100),
    ]);
    const known = this.bookIds.get(market.name);
    if (known?.key === key) return known.id;
    const id = (known?.id ?? 0) + 1;
    this.bookIds.set(market.name, { key, id });
    return id;
  }

  private depthStep(connection: Connection, sub: DepthSub, frame: Frame, snapshot = false): void {
    const market = MARKET_BY_NAME.get(sub.market) as MarketDef;
    const book = frame.book(market);
    const asks = depthRows(book.asks, 'ask', sub.interval, sub.limit);
    const bids = depthRows(book.bids, 'bid', sub.interval, sub.limit);
    const id = this.bookId(market, book);
    const now = Date.now();
    const time = this.engine.now() / 1000;
    const dAsks = rowDiff(sub.asks, asks);
    const dBids = rowDiff(sub.bids, bids);
    const full =
      snapshot || (dAsks.length + dBids.length === 0 && now - sub.sentAt >= this.snapshotMs);
    if (!full && dAsks.length + dBids.length === 0) return;
    const body = full
      ? { timestamp: time, update_id: id, asks, bids, event_time: time }
      : {
          timestamp: time,
          update_id: id,
          past_update_id: sub.updateId,
          asks: dAsks,
          bids: dBids,
          event_time: time,
        };
    sub.asks = asks;
    sub.bids = bids;
    sub.updateId = id;
    sub.sentAt = now;
    this.update(connection, 'depth_update', [full, body, sub.market]);
  }

  // ---- private updates ----------------------------------------------------------------------------

  private onEngine(changes: readonly EngineChange[]): void {
    for (const connection of this.conns) {
      if (connection.apiKey === null) continue;
      try {
        for (const change of changes) this.privateUpdate(connection, change);
      } catch (error) {
        this.log.error('[demo-exchange ws]', error);
      }
    }
  }

  private privateUpdate(connection: Connection, change: EngineChange): void {
    const has = (filter: Set<string> | null | undefined, market: string) =>
      filter === null || (filter !== undefined && filter.has(market));
    if (change.kind === 'balances') {
      const assets = connection.balanceSpot?.assets.filter((a) => change.assets.includes(a)) ?? [];
      if (assets.length > 0)
        this.update(connection, 'balanceSpot_update', [balances(this.engine, assets)]);
    } else if (change.kind === 'deal') {
      if (connection.deals && has(connection.deals.markets, change.deal.market)) {
        this.update(connection, 'deals_update', dealUpdate(change.deal));
      }
    } else {
      const order = change.order;
      if (connection.ordersPending && has(connection.ordersPending.markets, order.market)) {
        const event = { placed: 1, updated: 2, finished: 3 }[change.event];
        this.update(connection, 'ordersPending_update', [event, pendingRecord(order)]);
      }
      const x = connection.ordersExecuted;
      if (x && has(x.markets, order.market) && Number(order.dealStock) > 0) {
        if (x.filter === 0 || x.filter === executedKind(order)) {
          this.update(connection, 'ordersExecuted_update', [pendingRecord(order)]);
        }
      }
    }
  }

  // ---- methods ----------------------------------------------------------------------------------

  private publicMethods(): Record<string, Handler> {
    const engine = this.engine;
    const ok = { status: 'success' };
    const nowSec = () => Math.floor(engine.now() / 1000);
    const done = (result: unknown) => ({ result });
    const watch = (list: unknown[]): MarketWatch => ({
      markets: marketList(list),
      last: new Map(),
    });
    const unsub = (name: (typeof CHANNELS)[number]) => (connection: Connection) => {
      connection[name] = undefined;
      return done(ok);
    };
    /** A watched channel: subscribing sends the current values right away. */
    const sendNow = (connection: Connection) => ({
      result: ok,
      then: () => this.publicUpdates(connection, new Frame(engine)),
    });
    return {
      ping: () => done('pong'),
      time: () => done(nowSec()),
      candles_request: (_connection, [marketName, start, end, iv]) => {
        const market = tradable(marketName);
        const size = interval(iv);
        const to = Math.min(int(end, 0, Number.MAX_SAFE_INTEGER), nowSec());
        const from = Math.max(int(start, 0, Number.MAX_SAFE_INTEGER), to - MAX_CANDLES * size);
        if (from > to) return done([]);
        return done(
          candles(engine, market, size, from, to).map((candle) => wsCandle(candle, market.name)),
        );
      },
      candles_subscribe: (connection, [marketName, iv]) => {
        const market = tradable(marketName);
        connection.candles = { market: market.name, interval: interval(iv), last: '' };
        return sendNow(connection);
      },
      candles_unsubscribe: unsub('candles'),
      lastprice_request: (_connection, [marketName]) =>
        done(engine.price(tradable(marketName)).toFixed()),
      lastprice_subscribe: (connection, list) => {
        connection.lastprice = watch(list);
        return sendNow(connection);
      },
      lastprice_unsubscribe: unsub('lastprice'),
      market_request: (_connection, [marketName, period]) =>
        done(marketStats(engine, tradable(marketName), int(period, 1, 2_592_000))),
      market_subscribe: (connection, list) => {
        connection.market = watch(list);
        return sendNow(connection);
      },
      market_unsubscribe: unsub('market'),
      marketToday_query: (_connection, [marketName]) =>
        done(todayStats(engine, tradable(marketName))),
      marketToday_subscribe: (connection, list) => {
        connection.marketToday = watch(list);
        return sendNow(connection);
      },
      marketToday_unsubscribe: unsub('marketToday'),
      trades_request: (_connection, [marketName, limit, lastId]) => {
        const market = tradable(marketName);
        const n = int(limit ?? 100, 1, 100);
        const after = int(lastId ?? 0, 0, Number.MAX_SAFE_INTEGER);
        const trades = recentTrades(engine, market, 100).filter((t) => after === 0 || t.id > after);
        return done(trades.slice(0, n).map((t) => tradeRecord(t, false)));
      },
      trades_subscribe: (connection, list) => {
        const markets = list.length === 0 ? null : marketList(list);
        const seen = new Map<string, Set<number>>();
        for (const name of markets ??
          MARKETS.filter((market) => market.tradesEnabled).map((market) => market.name)) {
          const market = MARKET_BY_NAME.get(name) as MarketDef;
          seen.set(name, new Set(recentTrades(engine, market, TRADES_SCAN).map((t) => t.id)));
        }
        connection.trades = { markets, seen };
        return done(ok);
      },
      trades_unsubscribe: unsub('trades'),
      depth_request: (_connection, [marketName, limit, iv]) => {
        const market = tradable(marketName);
        const n = int(limit ?? 100, 1, 100);
        const group = depthInterval(iv);
        const book = engine.publicBook(market);
        return done({
          timestamp: engine.now() / 1000,
          asks: depthRows(book.asks, 'ask', group, n),
          bids: depthRows(book.bids, 'bid', group, n),
        });
      },
      depth_subscribe: (connection, [marketName, limit, iv, multiple]) => {
        const market = tradable(marketName);
        if (typeof limit !== 'number' || !DEPTH_LIMITS.has(limit)) throw invalid();
        const group = depthInterval(iv);
        if (multiple !== undefined && typeof multiple !== 'boolean') throw invalid();
        if (multiple !== true) connection.depth.clear();
        if (!connection.depth.has(market.name) && connection.depth.size >= MAX_DEPTH)
          throw invalid();
        const sub: DepthSub = {
          market: market.name,
          limit,
          interval: group,
          asks: [],
          bids: [],
          updateId: 0,
          sentAt: 0,
        };
        connection.depth.set(market.name, sub);
        return { result: ok, then: () => this.depthStep(connection, sub, new Frame(engine), true) };
      },
      depth_unsubscribe: (connection, [marketName]) => {
        if (marketName === undefined) connection.depth.clear();
        else connection.depth.delete(tradable(marketName).name);
        return done(ok);
      },
      authorize: (connection, [token, kind]) => {
        if (typeof token !== 'string' || (kind !== undefined && typeof kind !== 'string')) {
          throw invalid();
        }
        const apiKey = this.tokens.apiKeyOf(token);
        if (apiKey === null) throw REQUIRE_AUTH();
        connection.apiKey = apiKey;
        return done(ok);
      },
    };
  }

  private accountMethods(): Record<string, Handler> {
    const engine = this.engine;
    const ok = { status: 'success' };
    const done = (result: unknown) => ({ result });
    const assetList = (list: unknown[]): string[] => {
      if (list.length > ASSETS.length) throw invalid();
      for (const a of list) if (typeof a !== 'string' || !ASSETS.includes(a)) throw invalid();
      return list.length === 0 ? [...ASSETS] : [...new Set(list as string[])];
    };
    const unsub = (name: (typeof CHANNELS)[number]) => (connection: Connection) => {
      connection[name] = undefined;
      return done(ok);
    };
    const marketOrders = (orders: readonly OrderRec[], market: string) =>
      newestFirst(orders.filter((o) => o.market === market));
    return {
      balanceSpot_request: (_connection, list) => {
        engine.sync();
        return done(balances(engine, assetList(list)));
      },
      balanceSpot_subscribe: (connection, list) => {
        const assets = assetList(list);
        connection.balanceSpot = { assets };
        return {
          result: ok,
          then: () => this.update(connection, 'balanceSpot_update', [balances(engine, assets)]),
        };
      },
      balanceSpot_unsubscribe: unsub('balanceSpot'),
      ordersPending_request: (_connection, [marketName, offset, limit]) => {
        const market = tradable(marketName);
        const window = page(offset, limit);
        engine.sync();
        const orders = marketOrders(engine.state.active, market.name);
        return done({
          ...window,
          total: orders.length,
          records: pageOf(orders, window).map(pendingRecord),
        });
      },
      ordersPending_subscribe: (connection, list) => {
        connection.ordersPending = { markets: marketFilter(list) };
        return done(ok);
      },
      ordersPending_unsubscribe: unsub('ordersPending'),
      ordersExecuted_request: (_connection, [filter, offset, limit]) => {
        if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw invalid();
        const f = filter as Record<string, unknown>;
        const market = tradable(f.market);
        const types = f.order_types;
        if (types !== undefined && (!Array.isArray(types) || types.length > 20)) throw invalid();
        const window = page(offset, limit);
        engine.sync();
        const records = marketOrders(engine.state.history, market.name).filter(
          (o) =>
            Number(o.dealStock) > 0 &&
            (!types || types.length === 0 || types.includes(orderTypeId(o))),
        );
        return done({ ...window, records: pageOf(records, window).map(executedRecord) });
      },
      ordersExecuted_subscribe: (connection, [list, filter]) => {
        connection.ordersExecuted = {
          markets: marketFilter(list ?? []),
          filter: int(filter ?? 0, 0, 2),
        };
        return done(ok);
      },
      ordersExecuted_unsubscribe: unsub('ordersExecuted'),
      deals_request: (_connection, [marketName, offset, limit]) => {
        const market = tradable(marketName);
        const window = page(offset, limit);
        engine.sync();
        const deals = newestFirst(engine.state.deals.filter((d) => d.market === market.name));
        return done({ ...window, records: pageOf(deals, window).map(dealRecord) });
      },
      deals_subscribe: (connection, [list]) => {
        connection.deals = { markets: marketFilter(list ?? []) };
        return done(ok);
      },
      deals_unsubscribe: unsub('deals'),
    };
  }
}

function depthInterval(value: unknown): string {
  const v = value ?? '0';
  if (typeof v !== 'string' || !DEPTH_INTERVALS.has(v)) throw invalid();
  return v;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function refuse(socket: Duplex, status: string): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
