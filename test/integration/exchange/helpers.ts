import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeClient, type ExchangeClientOptions } from '../../../src/main/exchange/client';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { EXCHANGE_LIMITS, Pacer, type EndpointGroup } from '../../../src/main/exchange/pacing';
import {
  Transport,
  type HttpRequest,
  type HttpResponse,
} from '../../../src/main/exchange/transport';
import {
  startDemoExchange,
  type DemoExchange,
  type DemoExchangeOptions,
} from '@exchange-desk/demo-exchange';

/** Shared setup for the client-against-demo-exchange integration tests (127.0.0.1 only). */

export interface Setup {
  ex: DemoExchange;
  client: ExchangeClient;
  api: ExchangeApi;
  transport: CountingTransport;
}

/** A Transport that records the HTTP status of every answer it receives. */
export class CountingTransport extends Transport {
  readonly statuses: number[] = [];

  override async request(req: HttpRequest): Promise<HttpResponse> {
    const response = await super.request(req);
    this.statuses.push(response.status);
    return response;
  }

  count(status: number): number {
    return this.statuses.filter((s) => s === status).length;
  }
}

/** Limits high enough that the pacer never holds anything back in a test. */
export function unlimitedPacer(): Pacer {
  const limits = Object.fromEntries(
    Object.keys(EXCHANGE_LIMITS).map((g) => [g, { limit: 1_000_000, windowMs: 10_000 }]),
  ) as Record<EndpointGroup, { limit: number; windowMs: number }>;
  return new Pacer(limits);
}

export async function setup(
  options: DemoExchangeOptions = {},
  clientOptions: Partial<ExchangeClientOptions> = {},
): Promise<Setup> {
  const ex = await startDemoExchange({ freezePrices: true, ...options });
  const transport = new CountingTransport();
  const client = new ExchangeClient({
    baseUrl: ex.url,
    credentials: async () => ({ apiKey: ex.apiKey, apiSecret: ex.apiSecret }),
    transport,
    ...clientOptions,
  });
  return { ex, client, api: new ExchangeApi(client), transport };
}

export async function teardown(s: Setup | undefined): Promise<void> {
  if (!s) return;
  s.client.close();
  await s.ex.stop();
}

/** The ExchangeError a promise rejects with (fails the test if it resolves or throws otherwise). */
export async function errorOf(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * A tiny proxy in front of the demo exchange that answers 404 for the given paths (a server that
 * only serves the deployed §4 paths) and forwards everything else. Records every path it sees.
 */
export async function startProxy(
  target: string,
  notFound: string[],
): Promise<{ url: string; paths: string[]; stop: () => Promise<void> }> {
  const paths: string[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    paths.push(path);
    if (notFound.includes(path)) {
      const body = JSON.stringify({ success: false, message: 'Not found', params: [] });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(body);
      req.resume();
      return;
    }
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** OAuth authorize page → approve → the code from the loopback redirect (state checked). */
export async function authorizeCode(
  authorizeUrl: string,
): Promise<{ code: string; state: string | null }> {
  const redirect = 'http://127.0.0.1:9/callback';
  const url = new URL(authorizeUrl);
  const state = url.searchParams.get('state') ?? '';
  url.searchParams.set('redirect_uri', redirect);
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`authorize page: HTTP ${page.status}`);
  await page.text();
  const approved = await fetch(new URL('/auth/login', url.origin), {
    method: 'POST',
    body: new URLSearchParams({
      clientId: url.searchParams.get('clientId') ?? '',
      state,
      redirect_uri: redirect,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const location = new URL(approved.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state'),
  };
}
