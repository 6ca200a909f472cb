import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPLOYED_PATHS, ExchangeClient } from '../../../src/main/exchange/client';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { NonceSource } from '../../../src/main/exchange/nonce';
import { EXCHANGE_LIMITS, Pacer, PACED_LIMITS } from '../../../src/main/exchange/pacing';
import { Transport } from '../../../src/main/exchange/transport';

interface Seen {
  method: string;
  path: string;
  /** Path and query as sent. */
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body: string;
  contentType?: string;
  /** Never answer. */
  hang?: boolean;
}

const servers: Server[] = [];
const clients: ExchangeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

/** A local stub exchange: `reply` decides each answer; every request is recorded. */
async function stub(reply: (seen: Seen, index: number) => Reply) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
        target: req.url ?? '',
        headers: req.headers,
        body,
      };
      seen.push(entry);
      const r = reply(entry, seen.length - 1);
      if (r.hang) return;
      res.writeHead(r.status, { 'content-type': r.contentType ?? 'application/json' });
      res.end(r.body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen };
}

const KEY = { apiKey: 'unit-key', apiSecret: 'unit-secret' };
const ok = (body: unknown = { ok: true }): Reply => ({ status: 200, body: JSON.stringify(body) });
const identity = (json: unknown) => json;
const HTML_429 = '<html><head><title>429 Too Many Requests</title></head><body>nginx</body></html>';
const NONCE_429: Reply = {
  status: 429,
  body: JSON.stringify({ code: 0, errors: {}, message: 'Too many requests.' }),
};

function client(url: string, extra: Partial<ConstructorParameters<typeof ExchangeClient>[0]> = {}) {
  const c = new ExchangeClient({ baseUrl: url, credentials: async () => KEY, ...extra });
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('ExchangeClient', () => {
  it('refuses a base URL that is neither https nor http on 127.0.0.1', () => {
    expect(() => new ExchangeClient({ baseUrl: 'http://example.com' })).toThrow(/https/);
    expect(new ExchangeClient({ baseUrl: 'https://exchange.example/' }).baseUrl).toBe(
      'https://exchange.example',
    );
  });

  it('signs per §1: compact JSON body, Base64 payload, hex HMAC-SHA512 of the payload', async () => {
    const { url, seen } = await stub(() => ok());
    await client(url).signedPost('/api/v4/trade-account/balance', { ticker: 'BTC' }, identity);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['request', 'nonce', 'nonceWindow', 'ticker']);
    expect(body).toMatchObject({ request: '/api/v4/trade-account/balance', nonceWindow: true });
    expect(request!.body).toBe(JSON.stringify(body));
    const payload = Buffer.from(request!.body).toString('base64');
    expect(request!.headers['x-txc-payload']).toBe(payload);
    expect(request!.headers['x-txc-apikey']).toBe(KEY.apiKey);
    expect(request!.headers['x-txc-signature']).toBe(
      createHmac('sha512', KEY.apiSecret).update(payload).digest('hex'),
    );
    expect(request!.headers['content-type']).toBe('application/json');
  });

  it('a signed call without saved credentials is never sent', async () => {
    const { url, seen } = await stub(() => ok());
    const c = new ExchangeClient({ baseUrl: url });
    clients.push(c);
    const error = await failure(c.signedPost('/api/v4/orders', {}, identity));
    expect(error.kind).toBe('auth');
    expect(seen).toHaveLength(0);
  });

  it('nonces strictly increase per key, also for concurrent calls in one millisecond', async () => {
    const { url, seen } = await stub(() => ok());
    const c = client(url, { nonces: new NonceSource(() => 1_700_000_000_000) });
    await Promise.all(
      Array.from({ length: 50 }, () => c.signedPost('/api/v4/orders', {}, identity)),
    );
    const nonces = seen.map((r) => (JSON.parse(r.body) as { nonce: number }).nonce);
    expect([...nonces].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => 1_700_000_000_000 + i),
    );
  });

  it('a JSON 429 "Too many requests." is re-signed with a fresh nonce and retried once', async () => {
    const { url, seen } = await stub((_, i) => (i === 0 ? NONCE_429 : ok({ done: 1 })));
    const result = await client(url).signedPost('/api/v4/orders', { limit: 1 }, identity);
    expect(result).toEqual({ done: 1 });
    expect(seen).toHaveLength(2);
    const [a, b] = seen.map((r) => JSON.parse(r.body) as { nonce: number });
    expect(b!.nonce).toBeGreaterThan(a!.nonce);
    expect(seen[1]!.headers['x-txc-signature']).not.toBe(seen[0]!.headers['x-txc-signature']);
    expect(seen[1]!.headers['x-txc-payload']).not.toBe(seen[0]!.headers['x-txc-payload']);
  });

  it('retries a nonce 429 only once, then reports a nonce error', async () => {
    const { url, seen } = await stub(() => NONCE_429);
    const sleeps: number[] = [];
    const c = client(url, { sleep: async (ms) => void sleeps.push(ms) });
    const error = await failure(c.signedPost('/api/v4/orders', {}, identity));
    expect([error.kind, error.status]).toEqual(['nonce', 429]);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([]); // not treated as a gateway rate limit
  });

  it('a stale nonce → the error says the clock is off and by how many seconds', async () => {
    const skewS = 120;
    const { url, seen } = await stub((r) =>
      r.path === '/api/v4/public/time'
        ? ok({ time: Math.floor(Date.now() / 1000) + skewS })
        : {
            status: 422,
            body: JSON.stringify({
              code: 0,
              message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
            }),
          },
    );
    const error = await failure(client(url).signedPost('/api/v4/orders', {}, identity));
    expect(error.kind).toBe('nonce');
    expect(error.message).toMatch(/clock is (119|120|121) s behind the exchange's/);
    expect(error.cause).toBeInstanceOf(ExchangeError);
    // Not retried: the same clock would give the same answer.
    expect(seen.filter((r) => r.path === '/api/v4/orders')).toHaveLength(1);
  });

  describe('a kept-alive connection the exchange closed before answering', () => {
    /**
     * A server that drops the connection, unanswered, the second time a request arrives on a
     * connection it has answered on before (an idle keep-alive connection closed by the exchange as
     * the next request went out on it); `seen` counts the requests that arrived.
     */
    async function closingStub() {
      const seen: string[] = [];
      const answered = new WeakSet<object>();
      let dropped = 0;
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          seen.push(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
          if (answered.has(req.socket) && dropped === 0) {
            dropped += 1;
            req.socket.destroy();
            return;
          }
          answered.add(req.socket);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true }));
        });
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
    }

    it('sends a read again once, on a new connection, and answers', async () => {
      const { url, seen } = await closingStub();
      const c = client(url);
      await c.signedPost('/api/v4/trade-account/balance', {}, identity);
      expect(await c.signedPost('/api/v4/trade-account/balance', {}, identity)).toEqual({
        ok: true,
      });
      expect(await c.publicGet('/api/v4/public/time', undefined, identity)).toEqual({ ok: true });
      expect(seen).toHaveLength(4);
    });

    it('never sends an order again: the failure is the answer', async () => {
      const { url, seen } = await closingStub();
      const c = client(url);
      await c.signedPost('/api/v4/trade-account/balance', {}, identity);
      const error = await failure(
        c.signedPost('/api/v4/order/new', { market: 'BTC_USDT' }, identity),
      );
      expect(error.kind).toBe('network');
      expect(seen).toEqual(['/api/v4/trade-account/balance', '/api/v4/order/new']);
    });
  });

  it('a stale nonce while the clocks agree → re-signed once (the request waited here, not a clock)', async () => {
    // The exchange refused the first request's time stamp, but its clock agrees with this one: the
    // request sat in a queue on this computer. A refused request was not executed: sent again with
    // a fresh nonce, it goes through.
    const { url, seen } = await stub((r, i) =>
      r.path === '/api/v4/public/time'
        ? ok({ time: Math.floor(Date.now() / 1000) })
        : i === 0
          ? {
              status: 422,
              body: JSON.stringify({
                code: 0,
                message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
              }),
            }
          : ok({ done: true }),
    );
    expect(await client(url).signedPost('/api/v4/orders', {}, identity)).toEqual({ done: true });
    const orders = seen.filter((r) => r.path === '/api/v4/orders');
    expect(orders).toHaveLength(2);
    const nonces = orders.map((r) => (JSON.parse(r.body) as { nonce: number }).nonce);
    expect(nonces[1]).toBeGreaterThan(nonces[0]!);
  });

  it('a stale nonce again after the re-signed one → says it arrived late, sent twice at most', async () => {
    const { url, seen } = await stub((r) =>
      r.path === '/api/v4/public/time'
        ? ok({ time: Math.floor(Date.now() / 1000) })
        : {
            status: 422,
            body: JSON.stringify({
              code: 0,
              message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
            }),
          },
    );
    const error = await failure(client(url).signedPost('/api/v4/orders', {}, identity));
    expect(error.kind).toBe('nonce');
    expect(error.message).toMatch(/reached the exchange more than 5 s after it was signed/);
    expect(seen.filter((r) => r.path === '/api/v4/orders')).toHaveLength(2);
  });

  it('a stale nonce when the server time cannot be read → still says the clock is off', async () => {
    const { url } = await stub((r) =>
      r.path === '/api/v4/public/time'
        ? { status: 500, body: 'down', contentType: 'text/plain' }
        : {
            status: 422,
            body: JSON.stringify({
              code: 0,
              message: 'Your nonce is more than 5 seconds greater than the current nonce.',
            }),
          },
    );
    const error = await failure(client(url).signedPost('/api/v4/orders', {}, identity));
    expect(error.kind).toBe('nonce');
    expect(error.message).toMatch(/clock is probably off/);
  });

  describe('non-JSON 429: exponential backoff with jitter, 1 s doubling to 30 s', () => {
    it('waits 1, 2, 4 s at most (random → 1) and gives up within the 10 s budget, whatever the retries', async () => {
      const { url, seen } = await stub(() => ({
        status: 429,
        body: HTML_429,
        contentType: 'text/html',
      }));
      const sleeps: number[] = [];
      const c = client(url, {
        maxRateLimitRetries: 7,
        random: () => 1,
        sleep: async (ms) => void sleeps.push(ms),
      });
      const error = await failure(c.publicGet('/api/v4/public/ping', undefined, identity));
      expect([error.kind, error.status]).toEqual(['rate-limit', 429]);
      // 8 s more would pass the 10 s budget: the 7 allowed retries stop at 3.
      expect(sleeps).toEqual([1000, 2000, 4000]);
      expect(seen).toHaveLength(4);
      expect(error.message).toMatch(/rate-limiting .* Try again in a minute\./);
    });

    it('jitter: random → 0 gives half of each ceiling; values stay within [ceiling/2, ceiling]', () => {
      const low = client('http://127.0.0.1:9', { random: () => 0 });
      expect([0, 1, 2, 3, 4, 5, 9].map((a) => low.backoffMs(a))).toEqual([
        500, 1000, 2000, 4000, 8000, 15000, 15000,
      ]);
      let r = 0;
      const mid = client('http://127.0.0.1:9', { random: () => (r = (r + 0.37) % 1) });
      for (let attempt = 0; attempt < 10; attempt++) {
        const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
        const ms = mid.backoffMs(attempt);
        expect(ms).toBeGreaterThanOrEqual(ceiling / 2);
        expect(ms).toBeLessThanOrEqual(ceiling);
      }
    });

    it('succeeds once the limit lifts, after as many waits as refusals', async () => {
      const { url, seen } = await stub((_, i) =>
        i < 2 ? { status: 429, body: HTML_429, contentType: 'text/html' } : ok(['pong']),
      );
      const sleeps: number[] = [];
      const c = client(url, { random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) });
      expect(await c.publicGet('/api/v4/public/ping', undefined, identity)).toEqual(['pong']);
      expect(sleeps).toEqual([750, 1500]);
      expect(seen).toHaveLength(3);
    });

    it('a signed call retried after a rate limit is re-signed (new nonce)', async () => {
      const { url, seen } = await stub((_, i) =>
        i === 0 ? { status: 429, body: HTML_429, contentType: 'text/html' } : ok(),
      );
      await client(url, { sleep: async () => undefined }).signedPost(
        '/api/v4/orders',
        {},
        identity,
      );
      const [a, b] = seen.map((r) => (JSON.parse(r.body) as { nonce: number }).nonce);
      expect(b).toBeGreaterThan(a!);
    });
  });

  describe('§4 path fallback', () => {
    const spec = '/api/v4/orders/conditional';
    const deployed = DEPLOYED_PATHS[spec]!;
    const deployedOnly = () =>
      stub((r) =>
        r.path === spec
          ? { status: 404, body: JSON.stringify({ success: false, message: 'Not found' }) }
          : ok({ path: r.path, request: (JSON.parse(r.body) as { request: string }).request }),
      );

    it('on 404 retries the deployed path once, then goes there directly for that base URL', async () => {
      const { url, seen } = await deployedOnly();
      const c = client(url);
      // The retry is signed for the deployed path (`request` matches the path called).
      expect(await c.signedPost(spec, { limit: 1 }, identity)).toEqual({
        path: deployed,
        request: deployed,
      });
      expect(seen.map((r) => r.path)).toEqual([spec, deployed]);
      await c.signedPost(spec, {}, identity);
      expect(seen.map((r) => r.path)).toEqual([spec, deployed, deployed]);
      // Remembered per base URL: another client of the same exchange skips the spec path too.
      await client(url).signedPost(spec, {}, identity);
      expect(seen.map((r) => r.path).slice(3)).toEqual([deployed]);
      // A different base URL learns on its own.
      const other = await deployedOnly();
      await client(other.url).signedPost(spec, {}, identity);
      expect(other.seen.map((r) => r.path)).toEqual([spec, deployed]);
    });

    it('no fallback for other errors, nor for paths without a deployed alias', async () => {
      const { url, seen } = await stub(() => ({
        status: 404,
        body: JSON.stringify({ success: false, message: 'Not found' }),
      }));
      const error = await failure(client(url).signedPost('/api/v4/orders', {}, identity));
      expect(error.status).toBe(404);
      expect(seen.map((r) => r.path)).toEqual(['/api/v4/orders']);
      const refusing = await stub(() => ({
        status: 422,
        body: JSON.stringify({
          code: 30,
          message: 'Validation failed',
          errors: { limit: ['bad'] },
        }),
      }));
      const refused = await failure(client(refusing.url).signedPost(spec, {}, identity));
      expect(refused.kind).toBe('validation');
      expect(refusing.seen.map((r) => r.path)).toEqual([spec]);
    });
  });

  it('queued work is visible in pacer.pending() and cancellable with an AbortSignal', async () => {
    const { url, seen } = await stub(() => ok(['pong']));
    const pacer = new Pacer({ ...EXCHANGE_LIMITS, public: { limit: 1, windowMs: 60_000 } });
    const c = client(url, { pacer });
    const first = c.publicGet('/api/v4/public/ping', undefined, identity);
    const abort = new AbortController();
    const second = c.publicGet('/api/v4/public/ping', undefined, identity, {
      signal: abort.signal,
    });
    const third = c.publicGet('/api/v4/public/ping', undefined, identity);
    const thirdOutcome = third.then(
      () => 'sent',
      (e: Error) => e.name,
    );
    expect(await first).toEqual(['pong']);
    expect(pacer.pending()).toEqual([{ group: 'public', waiting: 2 }]);
    abort.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(pacer.pending()).toEqual([{ group: 'public', waiting: 1 }]);
    c.close(); // profile switch: everything still waiting is cancelled
    expect(await thirdOutcome).toBe('AbortError');
    expect(pacer.pending()).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('an abort while the request is in flight rejects it (not as a network error)', async () => {
    const { url } = await stub(() => ({ status: 200, body: '', hang: true }));
    const abort = new AbortController();
    const call = client(url).publicGet('/api/v4/public/ping', undefined, identity, {
      signal: abort.signal,
    });
    setTimeout(() => abort.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'TransportError', reason: 'aborted' });
  });

  it('a transport timeout becomes a timeout error naming the limit', async () => {
    const { url } = await stub(() => ({ status: 200, body: '', hang: true }));
    const c = client(url, { transport: new Transport({ timeoutMs: 80 }) });
    const error = await failure(c.publicGet('/api/v4/public/ping', undefined, identity));
    expect([error.kind, error.status]).toEqual(['timeout', undefined]);
    expect(error.message).toMatch(/within 80 ms/);
    expect(error.endpoint).toBe('/api/v4/public/ping');
  });

  it('any 2xx is success; 503 and malformed JSON are typed errors', async () => {
    const { url } = await stub((r) =>
      r.path === '/created'
        ? { status: 201, body: '{"a":1}' }
        : r.path === '/down'
          ? { status: 503, body: '<html>maintenance</html>', contentType: 'text/html' }
          : { status: 200, body: '{"a":' },
    );
    const c = client(url);
    expect(await c.publicGet('/created', undefined, identity)).toEqual({ a: 1 });
    const down = await failure(c.publicGet('/down', undefined, identity));
    expect([down.kind, down.status]).toEqual(['maintenance', 503]);
    const garbled = await failure(c.publicGet('/garbled', undefined, identity));
    expect([garbled.kind, garbled.status]).toEqual(['unexpected', 200]);
  });

  it('sends each call to its own path and query, also past the number of URLs it keeps parsed', async () => {
    const { url, seen } = await stub(() => ok());
    const c = client(url);
    const paths = Array.from({ length: 300 }, (_, i) => `/api/v4/public/p${i}`);
    for (const path of paths) await c.publicGet(path, undefined, identity);
    await c.publicGet(paths[0]!, undefined, identity);
    await c.publicGet(paths[299]!, undefined, identity);
    await c.publicGet('/api/v4/public/q', { market: 'BTC_USDT' }, identity);
    await c.publicGet('/api/v4/public/q', { market: 'ETH_USDT', limit: 5 }, identity);
    await c.publicGet('/api/v4/public/q', undefined, identity);
    await c.signedPost('/api/v4/trade-account/balance', {}, identity);
    await c.signedPost('/api/v4/trade-account/balance', { ticker: 'BTC' }, identity);
    expect(seen.map((s) => s.target)).toEqual([
      ...paths,
      paths[0],
      paths[299],
      '/api/v4/public/q?market=BTC_USDT',
      '/api/v4/public/q?market=ETH_USDT&limit=5',
      '/api/v4/public/q',
      '/api/v4/trade-account/balance',
      '/api/v4/trade-account/balance',
    ]);
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ ticker: 'BTC' });
  });

  it('form and bearer posts carry their content type and token', async () => {
    const { url, seen } = await stub(() => ok());
    const c = client(url);
    await c.formPost('/oauth2/token', { client_id: 'a b', code: 'x' }, identity);
    await c.bearerPost('/api/v4/accounts/orders', 'tok', { limit: 5 }, identity);
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('client_id=a+b&code=x');
    expect(seen[1]!.headers.authorization).toBe('Bearer tok');
    expect(seen[1]!.body).toBe('{"limit":5}');
  });
});

describe('default pacing', () => {
  it('counts each group over its window plus a 10 % margin (arrival jitter vs fixed windows)', async () => {
    expect(PACED_LIMITS['main-account']).toEqual({ limit: 1000, windowMs: 11_000 });
    vi.useFakeTimers();
    try {
      const pacer = new Pacer(undefined, () => Date.now());
      let started = 0;
      for (let i = 0; i < 901; i++) void pacer.acquire('main-account').then(() => started++);
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toBe(900);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(pacer.pending()).toEqual([{ group: 'main-account', waiting: 1 }]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(started).toBe(901);
    } finally {
      vi.useRealTimers();
    }
  });
});
