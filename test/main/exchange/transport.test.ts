import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTarget, Transport, TransportError } from '../../../src/main/exchange/transport';

let server: Server;
let base: string;
const ports: number[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  ports.push(req.socket.remotePort ?? 0);
  const url = new URL(req.url ?? '/', 'http://x');
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    switch (url.pathname) {
      case '/echo':
        res.writeHead(201, {
          'content-type': 'application/json',
          'x-seen-length': req.headers['content-length'] ?? '',
        });
        res.end(JSON.stringify({ method: req.method, body }));
        return;
      case '/slow':
        setTimeout(() => res.end('late'), 2_000);
        return;
      case '/reset':
        req.socket.destroy();
        return;
      case '/midway':
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial');
        setTimeout(() => req.socket.destroy(), 20);
        return;
      case '/big':
        res.end('x'.repeat(5000));
        return;
      case '/declared':
        res.writeHead(200, { 'content-length': String(1 << 30) });
        res.write('x');
        return;
      case '/stream': {
        // 600 bytes now, the rest after a while: concurrent answers are held at the same time.
        res.writeHead(200);
        res.write('y'.repeat(600));
        setTimeout(() => res.end('y'.repeat(100)), 100);
        return;
      }
      default:
        res.writeHead(404);
        res.end('<html>nope</html>');
    }
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('Transport', () => {
  it('sends the body with its length and returns status, headers and text of any status', async () => {
    const t = new Transport();
    const res = await t.request({ method: 'POST', url: new URL('/echo', base), body: '{"a":"ü"}' });
    expect(res.status).toBe(201);
    expect(res.headers['x-seen-length']).toBe(String(Buffer.byteLength('{"a":"ü"}')));
    expect(JSON.parse(res.text)).toEqual({ method: 'POST', body: '{"a":"ü"}' });
    const missing = await t.request({ method: 'GET', url: new URL('/nothing', base) });
    expect(missing).toMatchObject({ status: 404, text: '<html>nope</html>' });
    t.close();
  });

  it('reuses one keep-alive connection for sequential requests', async () => {
    const t = new Transport();
    ports.length = 0;
    for (let i = 0; i < 5; i++) await t.request({ method: 'GET', url: new URL('/echo', base) });
    expect(new Set(ports).size).toBe(1);
    t.close();
  });

  it('gives up after the total timeout with a timeout error', async () => {
    const t = new Transport({ timeoutMs: 200 });
    const error = await t
      .request({ method: 'GET', url: new URL('/slow', base) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ reason: 'timeout', limitMs: 200 });
    t.close();
  });

  it('reports a reset connection, before or during the answer, as a network error with its code', async () => {
    const t = new Transport();
    await expect(
      t.request({ method: 'POST', url: new URL('/reset', base), body: '{}' }),
    ).rejects.toMatchObject({
      reason: 'network',
      code: 'ECONNRESET',
    });
    await expect(t.request({ method: 'GET', url: new URL('/midway', base) })).rejects.toMatchObject(
      {
        reason: 'network',
      },
    );
    t.close();
  });

  it('reports a refused connection', async () => {
    const t = new Transport();
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    await expect(
      t.request({ method: 'GET', url: new URL(`http://127.0.0.1:${port}/`) }),
    ).rejects.toMatchObject({
      reason: 'network',
      code: 'ECONNREFUSED',
    });
  });

  it('cancels through an abort signal, before and during the request', async () => {
    const t = new Transport();
    await expect(
      t.request({ method: 'GET', url: new URL('/slow', base), signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ reason: 'aborted' });
    const controller = new AbortController();
    const pending = t.request({
      method: 'GET',
      url: new URL('/slow', base),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ reason: 'aborted' });
    t.close();
  });

  it('refuses an answer over the size limit and a non-http protocol', async () => {
    const t = new Transport({ maxResponseBytes: 1000 });
    await expect(t.request({ method: 'GET', url: new URL('/big', base) })).rejects.toMatchObject({
      reason: 'too-large',
      limitBytes: 1000,
      message: 'The answer is larger than 1000 bytes.',
    });
    // A declared length over the limit is refused before the body is read.
    await expect(
      t.request({ method: 'GET', url: new URL('/declared', base) }),
    ).rejects.toMatchObject({ reason: 'too-large' });
    await expect(
      t.request({ method: 'GET', url: new URL('file:///etc/passwd') }),
    ).rejects.toMatchObject({
      reason: 'network',
    });
    t.close();
  });

  it('bounds the bytes of all answers being read at once, and frees them when each ends', async () => {
    const t = new Transport({ maxResponseBytes: 1000, maxBufferedBytes: 1500 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => t.request({ method: 'GET', url: new URL('/stream', base) })),
    );
    // Two answers of 600 fit in 1500 together; the third passes it and is cut off.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect(rejected).toMatchObject({
      reason: {
        reason: 'too-large',
        message: 'The answers being read are larger than 1500 bytes together.',
      },
    });
    // Nothing is held any more: three more in a row all fit.
    for (let i = 0; i < 3; i++) {
      await expect(
        t.request({ method: 'GET', url: new URL('/stream', base) }),
      ).resolves.toMatchObject({
        status: 200,
      });
    }
    t.close();
  });
});

/** A resolver that answers every name with `addresses` (as dns.lookup does, one or all). */
function resolvingTo(...addresses: string[]): LookupFunction & { asked: string[] } {
  const asked: string[] = [];
  const lookup = ((hostname, options, callback) => {
    asked.push(hostname);
    const all: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  }) as LookupFunction & { asked: string[] };
  lookup.asked = asked;
  return lookup;
}

describe('Transport: where a host name resolves', () => {
  const port = () => new URL(base).port;

  it.each([
    ['169.254.169.254'],
    ['169.254.0.1'],
    ['fe80::1'],
    ['::ffff:169.254.169.254'],
    ['100.100.100.200'],
    ['fd00:ec2::254'],
  ])('refuses a name that resolves to %s, before anything is sent', async (address) => {
    const t = new Transport({ lookup: resolvingTo(address) });
    const failure = await t
      .request({ method: 'GET', url: new URL(`http://exchange.test:${port()}/echo`) })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ reason: 'network', sent: false });
    expect((failure as Error).message).toMatch(
      /exchange\.test resolves to .*a link-local or cloud metadata address/,
    );
    t.close();
  });

  it('refuses a name when any of its addresses is one, even beside a good one', async () => {
    const t = new Transport({ lookup: resolvingTo('127.0.0.1', '169.254.169.254') });
    await expect(
      t.request({ method: 'GET', url: new URL(`http://exchange.test:${port()}/echo`) }),
    ).rejects.toMatchObject({ reason: 'network', sent: false });
    t.close();
  });

  it('connects through the same resolver when the address is an ordinary one', async () => {
    const lookup = resolvingTo('127.0.0.1');
    const t = new Transport({ lookup });
    const answer = await t.request({
      method: 'POST',
      url: new URL(`http://exchange.test:${port()}/echo`),
      body: '{}',
    });
    expect(answer.status).toBe(201);
    expect(lookup.asked).toEqual(['exchange.test']);
    t.close();
  });
});

describe('requestTarget', () => {
  it.each([
    'http://127.0.0.1:8080/api/v4/trade-account/balance',
    'https://whitebit.com/api/v4/public/markets?x=1&y=%20z',
    'http://[::1]:3000/a/b?c',
    'https://[2001:db8::1]/p',
    'http://u%40x:p%3Ass@host.example:81/q#frag',
    'http://only-user@host/',
    'https://host.example:443/',
    'http://host/',
  ])('reads what node:http reads of %s', (text) => {
    const url = new URL(text);
    const node = urlToHttpOptions(url);
    const ours = requestTarget(url);
    for (const key of ['protocol', 'hostname', 'port', 'path', 'auth'] as const) {
      expect(ours[key], key).toEqual(node[key]);
    }
  });
});
