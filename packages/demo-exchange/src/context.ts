import type { IncomingHttpHeaders } from 'node:http';
import type { Casing } from './fields';
import type { Engine } from './engine';
import type { OAuthServer } from './oauth';
import type { WsTokens } from './ws/tokens';

/** What a route handler gets about the request. */
export interface RouteContext {
  path: string;
  /** Signed JSON body (private), parsed JSON body (bearer) or {} (public). */
  body: Record<string, unknown>;
  query: URLSearchParams;
  /** Form fields (OAuth endpoints). */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
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

export const json = (json: unknown, status = 200): Reply => ({ status, json });

/**
 * A success the deployed server answers with HTTP 201 (main_api_v4.yaml: main-account/history and
 * the flex invest, withdraw and close); the specification's success is 200.
 */
export const created = (body: unknown, casing: Casing): Reply =>
  json(body, casing === 'deployed' ? 201 : 200);
