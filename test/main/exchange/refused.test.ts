import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExchangeApi, type PlaceOrderInput } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { networkError } from '../../../src/main/exchange/errors';
import { answerWasLost, placeOrder } from '../../../src/main/exchange/orders';
import { Transport, TransportError } from '../../../src/main/exchange/transport';
import { StatusMonitor } from '../../../src/main/services/status';
import type { ExchangeStatus } from '../../../src/shared/model';

/**
 * Issue 14, item 5: an exchange that is down. A refused connection (nothing left this computer)
 * is a definite "not placed", and any request that fails on the network marks the exchange offline
 * at once.
 */

const INPUT: PlaceOrderInput = {
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.01',
  price: '60000',
  clientOrderId: 'cid-refused',
};

const credentials = async () => ({ apiKey: 'key', apiSecret: 'secret' });
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A 127.0.0.1 address nothing listens on. */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

function clientFor(baseUrl: string, onNetworkError?: (error: unknown) => void) {
  const client = new ExchangeClient({
    baseUrl,
    credentials,
    ...(onNetworkError ? { onNetworkError } : {}),
  });
  closers.push(() => client.close());
  return new ExchangeApi(client);
}

describe('a refused connection when placing an order', () => {
  it('is rejected as not sent, with no reconciliation lookups', async () => {
    const api = clientFor(await closedPort());
    const active = vi.spyOn(api, 'activeOrders');
    const history = vi.spyOn(api, 'orderHistory');
    const result = await placeOrder(api, INPUT, { reconcileDelayMs: 0 });
    expect(result).toMatchObject({ outcome: 'rejected', reconciled: false });
    expect(result.outcome === 'rejected' && result.error.message).toBe(
      'Could not reach the exchange (connection refused): the order was not sent. Check the connection and try again.',
    );
    expect(result.outcome === 'rejected' && result.error.notSent).toBe(true);
    expect(active).not.toHaveBeenCalled();
    expect(history).not.toHaveBeenCalled();
  });

  it('a host name that does not resolve is not sent either', async () => {
    const refused = networkError(
      new TransportError(
        'network',
        'getaddrinfo ENOTFOUND nowhere.invalid',
        'ENOTFOUND',
        undefined,
        undefined,
        false,
      ),
    );
    expect(refused.notSent).toBe(true);
    expect(answerWasLost(refused)).toBe(false);
  });

  it('a reset after the request went out is still reconciled', async () => {
    // The server reads the request, then drops the connection without answering.
    let received = 0;
    const server: Server = createServer((req) => {
      received++;
      req.socket.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    const api = clientFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const active = vi.spyOn(api, 'activeOrders');
    const result = await placeOrder(api, INPUT, { reconcileDelayMs: 0 });
    expect(received).toBeGreaterThanOrEqual(1);
    // The lookups fail the same way: the outcome is not known, never "not placed".
    expect(result.outcome).toBe('unknown');
    expect(active).toHaveBeenCalled();
  });

  it('the transport tells a failure before the connection from one after it', async () => {
    const t = new Transport();
    closers.push(() => t.close());
    const error = await t
      .request({ method: 'GET', url: new URL(`${await closedPort()}/`) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'network', code: 'ECONNREFUSED', sent: false });
  });
});

describe('the status after a refused request', () => {
  it('is offline at once, without waiting for the interval', async () => {
    const baseUrl = await closedPort();
    const seen: ExchangeStatus[] = [];
    // A long interval and no start(): only the failure can make the monitor change.
    const monitor = new StatusMonitor(baseUrl, (s) => seen.push(s), 60 * 60_000);
    const api = clientFor(baseUrl, (error) => monitor.reportFailure(error));
    expect(monitor.current().state).toBe('checking');
    await expect(api.markets()).rejects.toMatchObject({ kind: 'network' });
    expect(monitor.current()).toMatchObject({ state: 'offline', reason: 'connection refused' });
    expect(seen.at(-1)).toMatchObject({ state: 'offline', reason: 'connection refused' });
  });

  it('an answer of the exchange (even an error) does not mark it offline', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end('{"code":32,"message":"Validation failed","errors":{}}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const onNetworkError = vi.fn();
    const api = clientFor(baseUrl, onNetworkError);
    await expect(api.markets()).rejects.toMatchObject({ kind: 'validation' });
    expect(onNetworkError).not.toHaveBeenCalled();
  });
});

describe('the status after an outage (issue 32, item 11)', () => {
  it('the first answer of the exchange sets it online at once, not at the next check', async () => {
    // An exchange that is under maintenance (503) until `up`, then answers ping and time.
    let up = false;
    const server = createServer((req, res) => {
      if (!up) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>maintenance</html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.startsWith('/api/v4/public/time') ? '{"time":1700000000}' : '["pong"]');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const seen: ExchangeStatus[] = [];
    // A long interval: only the answer can make the monitor check again.
    const monitor = new StatusMonitor(baseUrl, (s) => seen.push(s), 60 * 60_000);
    closers.push(() => monitor.stop());
    monitor.start();
    await vi.waitFor(() => expect(monitor.current().state).toBe('offline'));

    const client = new ExchangeClient({
      baseUrl,
      credentials,
      onNetworkError: (error) => monitor.reportFailure(error),
      onAnswer: () => monitor.reportAnswer(),
    });
    closers.push(() => client.close());
    up = true;
    await new ExchangeApi(client).time();
    await vi.waitFor(() => expect(monitor.current().state).toBe('online'));
    expect(seen.map((s) => s.state)).toEqual(['offline', 'online']);
  });

  it('an answer while online costs no extra check', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('["pong"]');
    });
    let pings = 0;
    server.on('request', () => pings++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const monitor = new StatusMonitor(baseUrl, () => {}, 60 * 60_000);
    expect(await monitor.check()).toMatchObject({ state: 'online' });
    monitor.reportAnswer();
    monitor.reportAnswer();
    expect(pings).toBe(1);
    expect(monitor.current().state).toBe('online');
  });
});
