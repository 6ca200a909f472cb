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

interface Conn {
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

const subscribed = (c: Conn): boolean =>
  c.depth.size > 0 || CHANNELS.some((name) => c[name] !== undefined);

/** What one tick computes once for every connection. */
class Frame {
  private readonly memo = new Map<string, unknown>();
  constructor(readonly engine: Engine) {}

  private get<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  price = (m: MarketDef) => this.get(`p ${m.name}`, () => this.engine.price(m).toFixed());
  book = (m: MarketDef) => this.get<Book>(`b ${m.name}`, () => this.engine.publicBook(m));
  trades = (m: MarketDef) =>
    this.get<TapeTrade[]>(`t ${m.name}`, () => recentTrades(this.engine, m, TRADES_SCAN));
  stats = (m: MarketDef) =>
    this.get(`s ${m.name}`, () => JSON.stringify(marketStats(this.engine, m, 86_400)));
  today = (m: MarketDef) =>
    this.get(`d ${m.name}`, () => JSON.stringify(todayStats(this.engine, m)));
  /** The current candle, as candles_request answers it for the same bucket. */
  candle = (m: MarketDef, interval: number) =>
    this.get(`c ${m.name} ${interval}`, () => {
      const nowSec = Math.floor(this.engine.now() / 1000);
      const [current] = candles(this.engine, m, interval, bucketOf(interval, nowSec), nowSec);
      return JSON.stringify(current ? wsCandle(current, m.name) : []);
    });
}

// ---- params -------------------------------------------------------------------------------------

function tradable(name: unknown): MarketDef {
  const m = typeof name === 'string' ? MARKET_BY_NAME.get(name) : undefined;
  if (!m?.tradesEnabled) throw invalid();
  return m;
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

type Handler = (c: Conn, params: unknown[]) => { result: unknown; then?: () => void };

export class WsServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  private readonly conns = new Set<Conn>();
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
    for (const c of [...this.conns]) c.socket.terminate();
    return n;
  }

  stop(): void {
    this.dropAll();
    this.stopTimer();
    this.unlisten();
    this.wss.close();
  }

  private accept(socket: WebSocket): void {
    const c: Conn = { socket, apiKey: null, idle: null, hits: [], depth: new Map() };
    this.conns.add(c);
    this.touch(c);
    socket.on('message', (data, isBinary) => this.onMessage(c, data, isBinary));
    socket.on('close', () => this.forget(c));
    socket.on('error', () => socket.terminate());
  }

  private forget(c: Conn): void {
    if (c.idle) clearTimeout(c.idle);
    this.conns.delete(c);
    this.reviewTimer();
  }

  /** A message arrived: the idle timer starts again. */
  private touch(c: Conn): void {
    if (c.idle) clearTimeout(c.idle);
    c.idle = setTimeout(() => c.socket.close(1000, 'inactivity'), this.idleMs);
  }

  private send(c: Conn, message: unknown): void {
    if (c.socket.readyState !== WebSocket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED) {
      c.socket.terminate();
      return;
    }
    c.socket.send(JSON.stringify(message));
    this.sent += 1;
  }

  private update(c: Conn, method: string, params: unknown): void {
    this.send(c, { id: null, method, params });
  }

  private onMessage(c: Conn, data: RawData, isBinary: boolean): void {
    this.touch(c);
    let msg: unknown;
    try {
      if (isBinary) throw new Error('binary');
      msg = JSON.parse(rawText(data));
    } catch {
      c.socket.close(1007, 'invalid JSON');
      return;
    }
    const record = msg && typeof msg === 'object' && !Array.isArray(msg) ? msg : null;
    const r = (record ?? {}) as Record<string, unknown>;
    const id = typeof r.id === 'number' || typeof r.id === 'string' ? r.id : null;
    const reply = (result: unknown, error: WsError | null) =>
      this.send(c, {
        id,
        result: error ? null : result,
        error: error ? { code: error.code, message: error.message } : null,
      });
    const now = Date.now();
    c.hits = c.hits.filter((t) => t > now - 60_000);
    if (c.hits.length >= this.perMinute) {
      reply(null, new WsError(3, 'service unavailable'));
      return;
    }
    c.hits.push(now);
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
      if (handler !== this.methods[method] && c.apiKey === null) throw REQUIRE_AUTH();
      const { result, then } = handler(c, params);
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
      const f = new Frame(this.engine);
      for (const c of this.conns) this.publicUpdates(c, f);
    } catch (error) {
      this.log.error('[demo-exchange ws]', error);
    }
    this.reviewTimer();
  }

  private watch(
    c: Conn,
    w: MarketWatch | undefined,
    method: string,
    value: (m: MarketDef) => string,
    wrap: (v: string) => unknown = (v) => v,
  ): void {
    if (!w) return;
    for (const name of w.markets) {
      const v = value(MARKET_BY_NAME.get(name) as MarketDef);
      if (w.last.get(name) === v) continue;
      w.last.set(name, v);
      this.update(c, method, [name, wrap(v)]);
    }
  }

  private publicUpdates(c: Conn, f: Frame): void {
    const parse = (v: string): unknown => JSON.parse(v);
    this.watch(c, c.lastprice, 'lastprice_update', f.price);
    this.watch(c, c.market, 'market_update', f.stats, parse);
    this.watch(c, c.marketToday, 'marketToday_update', f.today, parse);
    if (c.candles) {
      const m = MARKET_BY_NAME.get(c.candles.market) as MarketDef;
      const candle = f.candle(m, c.candles.interval);
      if (candle !== c.candles.last) {
        c.candles.last = candle;
        this.update(c, 'candles_update', [JSON.parse(candle)]);
      }
    }
    if (c.trades) {
      for (const m of c.trades.markets?.map((n) => MARKET_BY_NAME.get(n) as MarketDef) ??
        MARKETS.filter((x) => x.tradesEnabled)) {
        const trades = f.trades(m);
        const seen = c.trades.seen.get(m.name);
        c.trades.seen.set(m.name, new Set(trades.map((t) => t.id)));
        const fresh = seen ? trades.filter((t) => !seen.has(t.id)) : [];
        if (fresh.length > 0) {
          this.update(c, 'trades_update', [m.name, fresh.map((t) => tradeRecord(t, true))]);
        }
      }
    }
    for (const sub of c.depth.values()) this.depthStep(c, sub, f);
  }

  /** The market's book version: a new id whenever its levels change. */
  private bookId(m: MarketDef, book: Book): number {
    const key = JSON.stringify([
      depthRows(book.asks, 'ask', '0', 100),
      depthRows(book.bids, 'bid', '0', 100),
    ]);
    const known = this.bookIds.get(m.name);
    if (known?.key === key) return known.id;
    const id = (known?.id ?? 0) + 1;
    this.bookIds.set(m.name, { key, id });
    return id;
  }

  private depthStep(c: Conn, sub: DepthSub, f: Frame, snapshot = false): void {
    const m = MARKET_BY_NAME.get(sub.market) as MarketDef;
    const book = f.book(m);
    const asks = depthRows(book.asks, 'ask', sub.interval, sub.limit);
    const bids = depthRows(book.bids, 'bid', sub.interval, sub.limit);
    const id = this.bookId(m, book);
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
    this.update(c, 'depth_update', [full, body, sub.market]);
  }

  // ---- private updates ----------------------------------------------------------------------------

  private onEngine(changes: readonly EngineChange[]): void {
    for (const c of this.conns) {
      if (c.apiKey === null) continue;
      try {
        for (const change of changes) this.privateUpdate(c, change);
      } catch (error) {
        this.log.error('[demo-exchange ws]', error);
      }
    }
  }

  private privateUpdate(c: Conn, change: EngineChange): void {
    const has = (filter: Set<string> | null | undefined, market: string) =>
      filter === null || (filter !== undefined && filter.has(market));
    if (change.kind === 'balances') {
      const assets = c.balanceSpot?.assets.filter((a) => change.assets.includes(a)) ?? [];
      if (assets.length > 0) this.update(c, 'balanceSpot_update', [balances(this.engine, assets)]);
    } else if (change.kind === 'deal') {
      if (c.deals && has(c.deals.markets, change.deal.market)) {
        this.update(c, 'deals_update', dealUpdate(change.deal));
      }
    } else {
      const o = change.order;
      if (c.ordersPending && has(c.ordersPending.markets, o.market)) {
        const event = { placed: 1, updated: 2, finished: 3 }[change.event];
        this.update(c, 'ordersPending_update', [event, pendingRecord(o)]);
      }
      const x = c.ordersExecuted;
      if (x && has(x.markets, o.market) && Number(o.dealStock) > 0) {
        if (x.filter === 0 || x.filter === executedKind(o)) {
          this.update(c, 'ordersExecuted_update', [pendingRecord(o)]);
        }
      }
    }
  }

  // ---- methods ----------------------------------------------------------------------------------

  private publicMethods(): Record<string, Handler> {
    const e = this.engine;
    const ok = { status: 'success' };
    const nowSec = () => Math.floor(e.now() / 1000);
    const done = (result: unknown) => ({ result });
    const watch = (list: unknown[]): MarketWatch => ({
      markets: marketList(list),
      last: new Map(),
    });
    const unsub = (name: (typeof CHANNELS)[number]) => (c: Conn) => {
      c[name] = undefined;
      return done(ok);
    };
    /** A watched channel: subscribing sends the current values right away. */
    const sendNow = (c: Conn) => ({ result: ok, then: () => this.publicUpdates(c, new Frame(e)) });
    return {
      ping: () => done('pong'),
      time: () => done(nowSec()),
      candles_request: (_c, [market, start, end, iv]) => {
        const m = tradable(market);
        const size = interval(iv);
        const to = Math.min(int(end, 0, Number.MAX_SAFE_INTEGER), nowSec());
        const from = Math.max(int(start, 0, Number.MAX_SAFE_INTEGER), to - MAX_CANDLES * size);
        if (from > to) return done([]);
        return done(candles(e, m, size, from, to).map((candle) => wsCandle(candle, m.name)));
      },
      candles_subscribe: (c, [market, iv]) => {
        const m = tradable(market);
        c.candles = { market: m.name, interval: interval(iv), last: '' };
        return sendNow(c);
      },
      candles_unsubscribe: unsub('candles'),
      lastprice_request: (_c, [market]) => done(e.price(tradable(market)).toFixed()),
      lastprice_subscribe: (c, list) => {
        c.lastprice = watch(list);
        return sendNow(c);
      },
      lastprice_unsubscribe: unsub('lastprice'),
      market_request: (_c, [market, period]) =>
        done(marketStats(e, tradable(market), int(period, 1, 2_592_000))),
      market_subscribe: (c, list) => {
        c.market = watch(list);
        return sendNow(c);
      },
      market_unsubscribe: unsub('market'),
      marketToday_query: (_c, [market]) => done(todayStats(e, tradable(market))),
      marketToday_subscribe: (c, list) => {
        c.marketToday = watch(list);
        return sendNow(c);
      },
      marketToday_unsubscribe: unsub('marketToday'),
      trades_request: (_c, [market, limit, lastId]) => {
        const m = tradable(market);
        const n = int(limit ?? 100, 1, 100);
        const after = int(lastId ?? 0, 0, Number.MAX_SAFE_INTEGER);
        const trades = recentTrades(e, m, 100).filter((t) => after === 0 || t.id > after);
        return done(trades.slice(0, n).map((t) => tradeRecord(t, false)));
      },
      trades_subscribe: (c, list) => {
        const markets = list.length === 0 ? null : marketList(list);
        const seen = new Map<string, Set<number>>();
        for (const name of markets ?? MARKETS.filter((m) => m.tradesEnabled).map((m) => m.name)) {
          const m = MARKET_BY_NAME.get(name) as MarketDef;
          seen.set(name, new Set(recentTrades(e, m, TRADES_SCAN).map((t) => t.id)));
        }
        c.trades = { markets, seen };
        return done(ok);
      },
      trades_unsubscribe: unsub('trades'),
      depth_request: (_c, [market, limit, iv]) => {
        const m = tradable(market);
        const n = int(limit ?? 100, 1, 100);
        const group = depthInterval(iv);
        const book = e.publicBook(m);
        return done({
          timestamp: e.now() / 1000,
          asks: depthRows(book.asks, 'ask', group, n),
          bids: depthRows(book.bids, 'bid', group, n),
        });
      },
      depth_subscribe: (c, [market, limit, iv, multiple]) => {
        const m = tradable(market);
        if (typeof limit !== 'number' || !DEPTH_LIMITS.has(limit)) throw invalid();
        const group = depthInterval(iv);
        if (multiple !== undefined && typeof multiple !== 'boolean') throw invalid();
        if (multiple !== true) c.depth.clear();
        if (!c.depth.has(m.name) && c.depth.size >= MAX_DEPTH) throw invalid();
        const sub: DepthSub = {
          market: m.name,
          limit,
          interval: group,
          asks: [],
          bids: [],
          updateId: 0,
          sentAt: 0,
        };
        c.depth.set(m.name, sub);
        return { result: ok, then: () => this.depthStep(c, sub, new Frame(e), true) };
      },
      depth_unsubscribe: (c, [market]) => {
        if (market === undefined) c.depth.clear();
        else c.depth.delete(tradable(market).name);
        return done(ok);
      },
      authorize: (c, [token, kind]) => {
        if (typeof token !== 'string' || (kind !== undefined && typeof kind !== 'string')) {
          throw invalid();
        }
        const apiKey = this.tokens.apiKeyOf(token);
        if (apiKey === null) throw REQUIRE_AUTH();
        c.apiKey = apiKey;
        return done(ok);
      },
    };
  }

  private accountMethods(): Record<string, Handler> {
    const e = this.engine;
    const ok = { status: 'success' };
    const done = (result: unknown) => ({ result });
    const assetList = (list: unknown[]): string[] => {
      if (list.length > ASSETS.length) throw invalid();
      for (const a of list) if (typeof a !== 'string' || !ASSETS.includes(a)) throw invalid();
      return list.length === 0 ? [...ASSETS] : [...new Set(list as string[])];
    };
    const unsub = (name: (typeof CHANNELS)[number]) => (c: Conn) => {
      c[name] = undefined;
      return done(ok);
    };
    const marketOrders = (orders: readonly OrderRec[], market: string) =>
      newestFirst(orders.filter((o) => o.market === market));
    return {
      balanceSpot_request: (_c, list) => {
        e.sync();
        return done(balances(e, assetList(list)));
      },
      balanceSpot_subscribe: (c, list) => {
        const assets = assetList(list);
        c.balanceSpot = { assets };
        return {
          result: ok,
          then: () => this.update(c, 'balanceSpot_update', [balances(e, assets)]),
        };
      },
      balanceSpot_unsubscribe: unsub('balanceSpot'),
      ordersPending_request: (_c, [market, offset, limit]) => {
        const m = tradable(market);
        const p = page(offset, limit);
        e.sync();
        const orders = marketOrders(e.state.active, m.name);
        return done({ ...p, total: orders.length, records: pageOf(orders, p).map(pendingRecord) });
      },
      ordersPending_subscribe: (c, list) => {
        c.ordersPending = { markets: marketFilter(list) };
        return done(ok);
      },
      ordersPending_unsubscribe: unsub('ordersPending'),
      ordersExecuted_request: (_c, [filter, offset, limit]) => {
        if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw invalid();
        const f = filter as Record<string, unknown>;
        const m = tradable(f.market);
        const types = f.order_types;
        if (types !== undefined && (!Array.isArray(types) || types.length > 20)) throw invalid();
        const p = page(offset, limit);
        e.sync();
        const records = marketOrders(e.state.history, m.name).filter(
          (o) =>
            Number(o.dealStock) > 0 &&
            (!types || types.length === 0 || types.includes(orderTypeId(o))),
        );
        return done({ ...p, records: pageOf(records, p).map(executedRecord) });
      },
      ordersExecuted_subscribe: (c, [list, filter]) => {
        c.ordersExecuted = { markets: marketFilter(list ?? []), filter: int(filter ?? 0, 0, 2) };
        return done(ok);
      },
      ordersExecuted_unsubscribe: unsub('ordersExecuted'),
      deals_request: (_c, [market, offset, limit]) => {
        const m = tradable(market);
        const p = page(offset, limit);
        e.sync();
        const deals = newestFirst(e.state.deals.filter((d) => d.market === m.name));
        return done({ ...p, records: pageOf(deals, p).map(dealRecord) });
      },
      deals_subscribe: (c, [list]) => {
        c.deals = { markets: marketFilter(list ?? []) };
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
