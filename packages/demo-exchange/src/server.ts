import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { NonceBook, verifySigned } from './auth';
import type { RouteContext, ExchangeContext, Reply, Route } from './context';
import { Engine } from './engine';
import { errorBody, type Casing } from './fields';
import { ApiError } from './errors';
import { regionRefusal, type DemoRegion } from './region';
import {
  HTML_ERROR_BODY,
  MAINTENANCE_BODY,
  NO_FAULTS,
  RequestLog,
  mergeFaults,
  type Faults,
  type FaultsInput,
  type LogEntry,
} from './faults';
import { dayStart } from './hashrate';
import { OAuthServer, type OAuthClient } from './oauth';
import { Persister, loadState } from './persist';
import { RATE_LIMIT_BODY, RateLimiter, type RateLimitOptions } from './ratelimit';
import { accountRoutes } from './routes/account';
import { miningRoutes } from './routes/mining';
import { addressRoutes } from './routes/addresses';
import { controlHandler } from './routes/control';
import { moveRoutes } from './routes/moves';
import { subAccountRoutes } from './routes/subAccounts';
import { convertRoutes } from './routes/convert';
import { oauthRoutes } from './routes/oauth';
import { publicRoutes } from './routes/public';
import { tradeRoutes } from './routes/trade';
import { Checker } from './validate';
import { WsServer } from './ws/server';
import { WsTokens } from './ws/tokens';
import { createSeedState } from './seed';
import type { ExchangeState } from './state';
import { consoleLog, writeFileReplacing, type DemoLog, type WriteFile } from './host';

/**
 * The built-in demo exchange: a node:http server speaking API v4 on 127.0.0.1. Electron-free, so it
 * runs inside the main process, in tests and on its own (cli.ts).
 *
 * Request pipeline: control endpoint (when enabled; never logged, limited or faulted) -> request
 * log -> rate limit (429, HTML) -> latency -> 503 / HTML-error faults -> route lookup (404) ->
 * authentication (signed: auth.ts; bearer: oauth.ts) -> the route's context, with the one Checker
 * of the request's fields -> reset-before-order fault -> handler (its answer built in the chosen
 * casing, fields.ts) -> reset-after-order / malformed-JSON faults -> answer.
 */
export interface DemoExchange {
  readonly url: string;
  readonly port: number;
  readonly seed: number;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly oauthClientId: string;
  readonly oauthClientSecret: string;
  /** Whether the /__control endpoint is served. */
  readonly control: boolean;
  /** The trading engine (state, prices, books): for tests and the main process. */
  readonly engine: Engine;
  /** Restores the seed state (balances, orders, nonces, OAuth grants); keeps the request log. */
  reset(): void;
  setFaults(faults: FaultsInput): Faults;
  faults(): Faults;
  requestLog(sinceId?: number): LogEntry[];
  /** The WebSocket API's open connections and the messages it has sent (benchmarks). */
  streamStats(): { connections: number; framesSent: number };
  /** Writes pending state now (when persisting). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface DemoExchangeOptions {
  /** 0 (default) picks a free port. The server only ever listens on 127.0.0.1. */
  port?: number;
  /** Seed of every generated thing (default 42). */
  seed?: number;
  /**
   * Field names of the answers (fields.ts): 'deployed' (default), as the deployed server names them,
   * or 'spec', as the specification does. Requests are accepted in either casing.
   */
  casing?: Casing;
  /** API key and secret (random when absent). */
  apiKey?: string;
  apiSecret?: string;
  /** More accepted keys: key -> secret. */
  apiKeys?: Record<string, string>;
  /** OAuth client (random when absent); scopes: orders_history.read, users.orders.read, show.userinfo. */
  oauthClientId?: string;
  oauthClientSecret?: string;
  /** More OAuth clients (e.g. one without a scope, for 403 tests). */
  oauthClients?: OAuthClient[];
  /** JSON state file; loaded at start, written (debounced) on change through `writeFile`. */
  statePath?: string;
  /**
   * Writes the state file (default: a temporary file renamed over it); the app hands in its own
   * atomic, durable writer.
   */
  writeFile?: WriteFile;
  /** Where the exchange's own failures are told (default: the console); the app hands in its log. */
  log?: DemoLog;
  persistDebounceMs?: number;
  /** Serve the /__control endpoint (faults, log, reset, prices). Default false. */
  control?: boolean;
  faults?: FaultsInput;
  /** Shorthand for faults.latencyMs. */
  latencyMs?: number;
  rateLimits?: RateLimitOptions;
  /** Base clock in ms (default: the wall clock with microseconds); clock skew faults are added to it. */
  now?: () => number;
  /**
   * false: the key has no lending access, every smart-flex endpoint answers 403 (§6). Default true.
   */
  lendingAccess?: boolean;
  /**
   * 'eu': the account is an EU one, refused with HTTP 453 what EU accounts may not place on spot
   * (order/new without ioc=true, order/stop_limit, order/modify of a limit or stop-limit order;
   * region.ts). Default 'global'.
   */
  region?: DemoRegion;
  /** Keep the price walk still (it then moves only through control advance-price / engine.advance). */
  freezePrices?: boolean;
  /** WebSocket (/ws): a connection is closed after this long without a message (default 60,000). */
  wsIdleMs?: number;
  /** WebSocket: requests a minute per connection (default 200). */
  wsRequestsPerMinute?: number;
  /** WebSocket: how often subscriptions are brought up to date (default 100 ms). */
  wsTickMs?: number;
  /** WebSocket: a depth subscription gets a new snapshot after this long without change (10,000). */
  wsSnapshotMs?: number;
  /** Lifetime of a WebSocket token (default 15 minutes). */
  wsTokenTtlMs?: number;
}

const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

function tryJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const ROUTES: Map<string, Route> = (() => {
  const map = new Map<string, Route>();
  for (const table of [
    publicRoutes,
    tradeRoutes,
    accountRoutes,
    miningRoutes,
    moveRoutes,
    addressRoutes,
    oauthRoutes,
    subAccountRoutes,
    convertRoutes,
  ]) {
    for (const [key, route] of Object.entries(table)) {
      const path = key.includes(' ') ? key.slice(key.indexOf(' ') + 1) : key;
      map.set(`${route.method} ${path}`, route);
    }
  }
  return map;
})();

/** Longest first: `/orderbook/depth/X` is the depth route's, not the order book's market "depth/X". */
const PREFIX_ROUTES = [...ROUTES.entries()]
  .filter(([, route]) => route.prefix)
  .sort(([a], [b]) => b.length - a.length);

function findRoute(method: string, path: string): { route: Route; rest: string } | null {
  const exact = ROUTES.get(`${method} ${path}`);
  if (exact && !exact.prefix) return { route: exact, rest: '' };
  for (const [key, route] of PREFIX_ROUTES) {
    const prefix = `${key}/`;
    const full = `${method} ${path}`;
    if (full.startsWith(prefix) && full.length > prefix.length) {
      return { route, rest: decodeURIComponent(full.slice(prefix.length)) };
    }
  }
  return null;
}

const NO_PERMISSION =
  "You don't have permission to use this endpoint. Please contact support to get lending access.";

/** An unknown route: 404, with an empty body on the deployed server (http-v4.yaml). */
const notFound = (casing: Casing): Reply =>
  casing === 'deployed'
    ? { status: 404, text: '', contentType: 'text/plain' }
    : { status: 404, json: { success: false, message: 'Not found', params: [] } };

/**
 * The wall clock in ms with a sub-millisecond part, never going back: the deployed server's order
 * and deal timestamps have microseconds (OrderResponse.timestamp: 1595792396.165973).
 */
function microsecondClock(): () => number {
  let last = 0;
  return () => {
    last = Math.max(Date.now() + (performance.now() % 1), last);
    return last;
  };
}

export function startDemoExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const seed = options.seed ?? 42;
  const baseNow = options.now ?? microsecondClock();
  let faults: Faults = { ...NO_FAULTS };
  const initialFaults = mergeFaults(faults, {
    ...options.faults,
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
  });
  if (typeof initialFaults === 'string') return Promise.reject(new Error(initialFaults));
  faults = initialFaults;
  const now = () => baseNow() + faults.clockSkewMs;

  const apiKey = options.apiKey ?? randomBytes(16).toString('hex');
  const apiSecret = options.apiSecret ?? randomBytes(32).toString('hex');
  const keys = new Map<string, string>(Object.entries(options.apiKeys ?? {}));
  keys.set(apiKey, apiSecret);
  const oauthClientId = options.oauthClientId ?? `demo-${randomBytes(8).toString('hex')}`;
  const oauthClientSecret = options.oauthClientSecret ?? randomBytes(24).toString('hex');
  const oauth = new OAuthServer(
    [
      {
        clientId: oauthClientId,
        clientSecret: oauthClientSecret,
        scopes: ['orders_history.read', 'users.orders.read', 'show.userinfo'],
      },
      ...(options.oauthClients ?? []),
    ],
    now,
  );

  const loaded = options.statePath ? loadState(options.statePath, seed) : null;
  const state: ExchangeState = loaded ?? createSeedState(seed, now());
  const hostLog = options.log ?? consoleLog;
  let persister: Persister | null = null;
  const changed = () => persister?.schedule();
  const engine = new Engine(state, {
    seed,
    now,
    frozenWalk: options.freezePrices ?? false,
    onChange: changed,
  });
  if (options.statePath) {
    persister = new Persister(
      options.statePath,
      () => engine.state,
      options.writeFile ?? writeFileReplacing,
      hostLog,
      options.persistDebounceMs,
    );
    if (!loaded) persister.schedule();
  }
  const nonces = new NonceBook(() => engine.state.nonces, now);
  const limiter = new RateLimiter(options.rateLimits ?? {}, baseNow);
  const log = new RequestLog();
  const wsTokens = new WsTokens(now, options.wsTokenTtlMs);
  const ws = new WsServer(engine, wsTokens, () => faults.refuseWs > 0, {
    log: hostLog,
    idleMs: options.wsIdleMs,
    requestsPerMinute: options.wsRequestsPerMinute,
    tickMs: options.wsTickMs,
    snapshotMs: options.wsSnapshotMs,
  });
  const exchange: ExchangeContext = {
    engine,
    seed,
    now,
    anchorSec: dayStart(Math.floor(now() / 1000)),
    oauth,
    casing: options.casing ?? 'deployed',
    wsTokens,
    changed,
  };

  const reset = () => {
    engine.state = createSeedState(seed, now());
    nonces.clear();
    oauth.clear();
    limiter.clear();
    changed();
  };
  const setFaults = (input: FaultsInput): Faults => {
    const next = mergeFaults(faults, input);
    if (typeof next === 'string') throw new Error(next);
    faults = next;
    return faults;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      send(res, 413, 'text/plain', 'Payload too large');
      return;
    }
    if (options.control && path.startsWith('/__control/')) {
      const reply = controlHandler(method, path, url.searchParams, raw, {
        engine,
        now,
        reset,
        faults: () => faults,
        setFaults: (input) => mergeFaults(faults, input),
        applyFaults: (f) => {
          faults = f;
        },
        log,
        dropWs: () => ws.dropAll(),
        changed,
      });
      send(res, reply.status, 'application/json', JSON.stringify(reply.json));
      return;
    }

    const isForm = (req.headers['content-type'] ?? '').includes(
      'application/x-www-form-urlencoded',
    );
    const entry = log.add({
      time: now(),
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: isForm ? parseForm(raw) : tryJson(raw),
      apiKey:
        typeof req.headers['x-txc-apikey'] === 'string' ? req.headers['x-txc-apikey'] : undefined,
    });
    const answer = (reply: Reply, fault?: string) => {
      entry.status = reply.status;
      if (fault) entry.fault = fault;
      if ('json' in reply) {
        let text = JSON.stringify(reply.json);
        if (faults.malformedJson > 0) {
          faults.malformedJson -= 1;
          text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
          entry.fault = 'malformedJson';
        }
        send(res, reply.status, 'application/json', text);
      } else {
        send(res, reply.status, reply.contentType, reply.text, reply.headers);
      }
    };
    const resetConnection = (fault: string) => {
      entry.fault = fault;
      req.socket.destroy();
    };

    if (!limiter.allow(req.socket.remoteAddress ?? '127.0.0.1', path)) {
      answer({ status: 429, text: RATE_LIMIT_BODY, contentType: 'text/html' }, 'rateLimit');
      return;
    }
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    if (faults.next503 > 0) {
      faults.next503 -= 1;
      answer({ status: 503, text: MAINTENANCE_BODY, contentType: 'text/html' }, 'next503');
      return;
    }
    if (faults.htmlError > 0) {
      faults.htmlError -= 1;
      answer({ status: 500, text: HTML_ERROR_BODY, contentType: 'text/html' }, 'htmlError');
      return;
    }

    const found = findRoute(method, path);
    if (!found) {
      answer(notFound(exchange.casing));
      return;
    }
    const { route, rest } = found;
    let reply: Reply;
    try {
      let body: Record<string, unknown> = {};
      let apiKey: string | undefined;
      if (route.auth === 'signed') {
        const signed = verifySigned(req.headers, raw, path, keys);
        if (signed instanceof ApiError) throw signed;
        const nonceError = nonces.check(signed.apiKey, signed.body.nonce, signed.body.nonceWindow);
        if (nonceError) throw nonceError;
        changed();
        body = signed.body;
        apiKey = signed.apiKey;
      } else if (route.auth === 'bearer') {
        const denied = oauth.bearer(req.headers.authorization, route.scope ?? '');
        if (denied) throw denied;
        const parsed = tryJson(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          body = parsed as Record<string, unknown>;
        }
      }
      const context: RouteContext = {
        check: new Checker(route.method === 'GET' ? Object.fromEntries(url.searchParams) : body),
        query: url.searchParams,
        form: route.auth === 'form' ? parseForm(raw) : {},
        rest,
        apiKey,
      };
      if (options.lendingAccess === false && path.startsWith('/api/v4/main-account/smart-flex/')) {
        throw new ApiError(403, { code: 0, message: NO_PERMISSION });
      }
      const refused = regionRefusal(options.region, path, body, () => {
        exchange.engine.sync();
        return exchange.engine.state.active;
      });
      if (refused) throw refused;
      if (route.placesOrder && faults.resetBeforeOrder > 0) {
        faults.resetBeforeOrder -= 1;
        resetConnection('resetBeforeOrder');
        return;
      }
      reply = route.handler(context, exchange);
    } catch (error) {
      if (error instanceof ApiError) {
        reply = { status: error.status, json: errorBody(error.body, exchange.casing) };
      } else {
        hostLog.error('[demo-exchange]', error);
        reply = { status: 500, json: { code: 0, message: 'Internal error', errors: {} } };
      }
    }
    if (route.placesOrder && faults.resetAfterOrder > 0) {
      faults.resetAfterOrder -= 1;
      entry.status = reply.status;
      resetConnection('resetAfterOrder');
      return;
    }
    answer(reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      hostLog.error('[demo-exchange]', error);
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    ws.upgrade(req, socket, head),
  );
  // Keep-alive sockets would hold stop() open; close idle ones with the server (and every
  // WebSocket: an upgraded socket is no longer the server's to close).
  const stop = async () => {
    ws.stop();
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
    await persister?.flush();
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        seed,
        apiKey,
        apiSecret,
        oauthClientId,
        oauthClientSecret,
        control: options.control ?? false,
        engine,
        reset,
        setFaults,
        faults: () => ({ ...faults }),
        requestLog: (sinceId?: number) => log.list(sinceId),
        streamStats: () => ({ connections: ws.connections, framesSent: ws.framesSent }),
        flush: async () => {
          await persister?.flush();
        },
        stop,
      });
    });
  });
}
