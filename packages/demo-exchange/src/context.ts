import type { Casing } from './fields';
import type { Engine } from './engine';
import type { OAuthServer } from './oauth';
import type { Checker } from './validate';
import type { WsTokens } from './ws/tokens';

/** What a route handler gets about the request. */
export interface RouteContext {
  /**
   * The request's fields, to read and check (the one Checker of the request): a signed POST's
   * verified body, a bearer POST's JSON body, a GET's query string; nothing for a form POST.
   */
  check: Checker;
  query: URLSearchParams;
  /** Form fields (OAuth endpoints). */
  form: Record<string, string>;
  /** Path remainder for prefix routes (orderbook market). */
  rest: string;
  /** The API key of a signed request. */
  apiKey?: string;
}

/** The running exchange, as route handlers see it. */
export interface ExchangeContext {
  readonly engine: Engine;
  readonly seed: number;
  /** Server clock in ms (clock skew included). */
  now(): number;
  /** Start of the UTC day at start-up, seconds: anchor of the seeded history. */
  readonly anchorSec: number;
  readonly oauth: OAuthServer;
  readonly casing: Casing;
  /** WebSocket tokens (profile/websocket_token issues them, the /ws authorize method takes them). */
  readonly wsTokens: WsTokens;
  changed(): void;
}

export type Reply =
  | { status: number; json: unknown }
  | { status: number; text: string; contentType: string; headers?: Record<string, string> };

export interface Route {
  method: 'GET' | 'POST';
  /** none: public GET; signed: X-TXC-*; bearer: OAuth access token; form: urlencoded, no auth. */
  auth: 'none' | 'signed' | 'bearer' | 'form';
  /** Bearer scope required. */
  scope?: string;
  /** Places an order (the connection-reset faults apply). */
  placesOrder?: boolean;
  /** Matches every path starting with the route's path + '/'. */
  prefix?: boolean;
  handler(context: RouteContext, exchange: ExchangeContext): Reply;
}

/**
 * A signed POST (X-TXC-* headers; the server checks the signature and the nonce before the handler
 * runs): the handler reads the verified body through `check`. `placesOrder`: the connection-reset
 * faults apply to it.
 */
export const signedPost = (
  handler: Route['handler'],
  { placesOrder = false }: { placesOrder?: boolean } = {},
): Route => ({ method: 'POST', auth: 'signed', placesOrder, handler });

export const json = (json: unknown, status = 200): Reply => ({ status, json });

/**
 * A success the deployed server answers with HTTP 201 (main_api_v4.yaml: main-account/history and
 * the flex invest, withdraw and close); the specification's success is 200.
 */
export const created = (body: unknown, casing: Casing): Reply =>
  json(body, casing === 'deployed' ? 201 : 200);
