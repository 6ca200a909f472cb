import { createHmac } from 'node:crypto';
import { WebSocket } from 'ws';
import { startDemoExchange, type DemoExchange, type DemoExchangeOptions } from '../../src/server';

/**
 * A tiny hand-written signer for the conformance tests (deliberately not the project's client):
 * compact JSON body, Base64 payload, hex HMAC-SHA512 of the payload with the secret (notes §1).
 */
export const API_KEY = 'conformance-key';
export const API_SECRET = 'conformance-secret';
export const CLIENT_ID = 'conformance-client';
export const CLIENT_SECRET = 'conformance-client-secret';

export interface Answer<T = unknown> {
  status: number;
  text: string;
  json: T;
  headers: Headers;
}

let lastNonce = 0;
/** Strictly increasing ms nonces, even within one millisecond. */
export function nextNonce(): number {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  return lastNonce;
}

export function signHeaders(
  json: string,
  key = API_KEY,
  secret = API_SECRET,
): Record<string, string> {
  const payload = Buffer.from(json, 'utf8').toString('base64');
  return {
    'content-type': 'application/json',
    'x-txc-apikey': key,
    'x-txc-payload': payload,
    'x-txc-signature': createHmac('sha512', secret).update(payload).digest('hex'),
  };
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (rate limit page, maintenance page, malformed-JSON fault): json stays undefined.
  }
  return { status: res.status, text, json: json as T, headers: res.headers };
}

export class Client {
  constructor(readonly ex: DemoExchange) {}

  /** Signed POST with `request` = path and a fresh nonce; `extra` overrides anything. */
  async post<T = unknown>(
    path: string,
    fields: Record<string, unknown> = {},
    extra: { key?: string; secret?: string } = {},
  ): Promise<Answer<T>> {
    const body = JSON.stringify({ request: path, nonce: nextNonce(), ...fields });
    return this.raw<T>(path, body, signHeaders(body, extra.key, extra.secret));
  }

  async raw<T = unknown>(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<Answer<T>> {
    const res = await fetch(this.ex.url + path, { method: 'POST', body, headers });
    return answer<T>(res);
  }

  async get<T = unknown>(path: string): Promise<Answer<T>> {
    return answer<T>(await fetch(this.ex.url + path));
  }

  async form<T = unknown>(path: string, fields: Record<string, string>): Promise<Answer<T>> {
    const res = await fetch(this.ex.url + path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    return answer<T>(res);
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.ex.url}/__control${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    return answer<T>(res);
  }
}

export async function start(
  options: DemoExchangeOptions = {},
): Promise<{ ex: DemoExchange; client: Client }> {
  const ex = await startDemoExchange({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    oauthClientId: CLIENT_ID,
    oauthClientSecret: CLIENT_SECRET,
    freezePrices: true,
    control: true,
    ...options,
  });
  return { ex, client: new Client(ex) };
}

/**
 * The answer with every field name camelCased (this test's own conversion; map keys such as
 * `BTC_USDT` stay), so that one assertion reads an answer in either casing. The names themselves,
 * per casing, are checked in conformance.test.ts.
 */
export function camelKeys<T>(value: unknown): T {
  const camel = (key: string) =>
    /[a-z]/.test(key) ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [camel(k), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** What the account holds of `ticker`: its main balance and its trade balance's available part. */
export async function heldOf(
  client: Client,
  ticker: string,
): Promise<{ main: string; trade: string }> {
  const main = await client.post<{ main_balance: string }>('/api/v4/main-account/balance', {
    ticker,
  });
  const trade = await client.post<Record<string, { available: string }>>(
    '/api/v4/trade-account/balance',
  );
  return { main: main.json.main_balance, trade: trade.json[ticker]?.available ?? '0' };
}

/** The `{code, message, errors}` error body. */
export interface ErrorBody {
  code: number;
  message: string;
  errors?: Record<string, string[]>;
}

/** The fields of an order record in the specification's casing. */
export const ORDER_KEYS = [
  'order_id',
  'client_order_id',
  'market',
  'side',
  'type',
  'timestamp',
  'deal_money',
  'deal_stock',
  'amount',
  'left',
  'deal_fee',
  'price',
  'postOnly',
  'ioc',
  'status',
  'stp',
  'rpi',
];

/** A message of the WebSocket API: an answer `{id, result, error}` or an update `{id: null, method, params}`. */
export interface WsMessage {
  id: number | null;
  result?: unknown;
  error?: { code: number; message: string } | null;
  method?: string;
  params?: unknown;
}

/**
 * A WebSocket client of the demo exchange's /ws for tests: requests get their answer by id,
 * updates queue up until a test takes them (`next`).
 */
export class WsClient {
  private queue: WsMessage[] = [];
  private waiters: { match: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void }[] = [];
  private lastId = 0;
  /** How the connection closed: the code (1006 when dropped without a close frame). */
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as WsMessage;
      const waiter = this.waiters.find((w) => w.match(message));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else this.queue.push(message);
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static open(ex: DemoExchange, path = '/ws'): Promise<WsClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${ex.port}${path}`);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  /**
   * The first queued or coming message that matches (an update unless told). `timeoutMs` only says
   * when a test that waits for a message that never comes gives up.
   */
  next(match: (m: WsMessage) => boolean, timeoutMs = 15_000): Promise<WsMessage> {
    const index = this.queue.findIndex(match);
    if (index >= 0) return Promise.resolve(this.queue.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: WsMessage) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('no such message in time'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The next update of `method` (`_update` added). */
  update(method: string, timeoutMs?: number): Promise<WsMessage> {
    return this.next((m) => m.id === null && m.method === `${method}_update`, timeoutMs);
  }

  /** Updates of `method` queued now (taken out of the queue). */
  take(method: string): WsMessage[] {
    const taken = this.queue.filter((m) => m.id === null && m.method === `${method}_update`);
    this.queue = this.queue.filter((m) => !taken.includes(m));
    return taken;
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  async request(method: string, params: unknown[] = []): Promise<WsMessage> {
    const id = ++this.lastId;
    this.socket.send(JSON.stringify({ id, method, params }));
    return this.next((m) => m.id === id);
  }

  close(): void {
    this.socket.terminate();
  }
}
