import { createHmac } from 'node:crypto';
import {
  startDemoExchange,
  type DemoExchange,
  type DemoExchangeOptions,
} from '../../../src/main/demo-exchange/server';

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
