import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubHandlers } from '../../support/handlers';
import { AppEvents } from '../../../src/main/core/events';
import { startWebHost, type WebHost } from '../../../src/main/page/webHost';
import type { ExchangeStatus } from '../../../src/shared/model';

const status: ExchangeStatus = {
  state: 'online',
  baseUrl: 'http://demo',
  latencyMs: 3,
  checkedAt: 1,
};

/** Raw HTTP so Host and paths are sent exactly as written. */
function raw(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    host?: string;
  },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('web host', () => {
  let host: WebHost;
  let dir: string;
  let handlers: ReturnType<typeof stubHandlers>;
  let pagesOpened = 0;
  const events = new AppEvents();
  const checkNow = vi.fn(async () => status);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'desk-webhost-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>desk</title>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(dir, '..', 'secret-neighbour.txt'), 'not for you');
    handlers = stubHandlers({
      'app.info': async () => ({ version: 't', platform: 'linux', dataDir: null }),
      'exchange.status': async () => status,
      'exchange.checkNow': checkNow,
    });
    host = await startWebHost({
      handlers,
      events,
      rendererDir: dir,
      limits: { bodyTimeoutMs: 1500 },
      onPage: () => (pagesOpened += 1),
    });
  });

  afterAll(() => host.stop());

  const rpc = (channel: string, body: unknown, token: string | null = host.token) =>
    raw(host.port, {
      method: 'POST',
      path: `/rpc/${channel}`,
      headers: {
        host: `127.0.0.1:${host.port}`,
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });

  it('listens on 127.0.0.1 only', async () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}`);
    // Linux routes all of 127.0.0.0/8 to loopback: a socket bound to 127.0.0.1 refuses 127.0.0.2.
    await expect(raw(host.port, { host: '127.0.0.2', path: '/' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('prints a page URL that starts with http://127.0.0.1: and carries the token', () => {
    expect(host.pageUrl.startsWith(`http://127.0.0.1:${host.port}/`)).toBe(true);
    expect(new URLSearchParams(new URL(host.pageUrl).hash.slice(1)).get('token')).toBe(host.token);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses RPC without the token, or with a wrong one, with 401 and does not call the handler', async () => {
    for (const token of [null, '', 'wrong', `${host.token}x`, host.token.toUpperCase()]) {
      const res = await rpc('exchange.checkNow', {}, token);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect(checkNow).not.toHaveBeenCalled();
  });

  it('answers RPC with the token through the same handlers', async () => {
    const res = await rpc('exchange.status', {});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: status });
  });

  it('answers an unknown channel and an invalid input with the error shape', async () => {
    expect(JSON.parse((await rpc('orders.launchRocket', {})).body)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    const invalid = JSON.parse((await rpc('app.info', { input: { surprise: true } })).body);
    expect(invalid.ok).toBe(false);
    expect(invalid.error.code).toBe('INVALID_INPUT');
    expect(invalid.error.fields).toBeTypeOf('object');
    const notJson = await raw(host.port, {
      method: 'POST',
      path: '/rpc/app.info',
      headers: { host: `127.0.0.1:${host.port}`, authorization: `Bearer ${host.token}` },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe('INVALID_INPUT');
  });

  it('refuses a request whose Host is not its own (DNS rebinding)', async () => {
    const res = await raw(host.port, {
      method: 'POST',
      path: '/rpc/exchange.status',
      headers: { host: 'evil.example:80', authorization: `Bearer ${host.token}` },
    });
    expect(res.status).toBe(421);
  });

  it('says when the page itself is asked for (main starts its data), not for a script or a call', async () => {
    const before = pagesOpened;
    const local = { host: `127.0.0.1:${host.port}` };
    await raw(host.port, { path: '/', headers: local });
    await raw(host.port, { path: '/index.html', headers: local });
    await raw(host.port, { path: '/assets/app.js', headers: local });
    await rpc('app.info', {});
    await raw(host.port, { path: '/', headers: { host: 'evil.example:80' } });
    expect(pagesOpened - before).toBe(2);
  });

  it('serves the built page with the CSP, and nothing outside its folder', async () => {
    const page = await raw(host.port, { path: '/', headers: { host: `127.0.0.1:${host.port}` } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>desk</title>');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    const asset = await raw(host.port, {
      path: '/assets/app.js',
      headers: { host: `127.0.0.1:${host.port}` },
    });
    expect(asset.headers['content-type']).toContain('text/javascript');
    for (const path of [
      '/../secret-neighbour.txt',
      '/%2e%2e/secret-neighbour.txt',
      '/..%2fsecret-neighbour.txt',
    ]) {
      const res = await raw(host.port, { path, headers: { host: `127.0.0.1:${host.port}` } });
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('not for you');
    }
  });

  it('streams events only with the token', async () => {
    const denied = await raw(host.port, {
      path: '/events',
      headers: { host: `127.0.0.1:${host.port}` },
    });
    expect(denied.status).toBe(401);

    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: `/events?token=${encodeURIComponent(host.token)}`,
          headers: { host: `127.0.0.1:${host.port}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes(': connected')) events.emit('exchange.status', status);
            if (text.includes('event: desk')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    const data = received.split('\n').find((line) => line.startsWith('data: '));
    expect(JSON.parse(data!.slice(6))).toEqual({ name: 'exchange.status', payload: status });
  });

  it('a malformed %-escape is a 400, not a 500', async () => {
    const headers = { host: `127.0.0.1:${host.port}`, authorization: `Bearer ${host.token}` };
    const rpcBad = await raw(host.port, { method: 'POST', path: '/rpc/app.%E0%A4%A', headers });
    expect(rpcBad.status).toBe(400);
    const fileBad = await raw(host.port, { path: '/assets/%E0%A4%A', headers });
    expect(fileBad.status).toBe(400);
  });

  it('a body over 1 MiB is a 413 with the error shape', async () => {
    const res = await rpc('app.info', { input: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('a body that trickles in is cut off after the time limit', async () => {
    // Cut off, not waited for: a host that waited would fail the test at its own timeout.
    const status = await new Promise<number>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'POST',
          path: '/rpc/app.info',
          headers: {
            host: `127.0.0.1:${host.port}`,
            authorization: `Bearer ${host.token}`,
            'content-type': 'application/json',
            'content-length': '1000',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve(-1));
      req.write('{"input":');
      // ... and never the rest.
    });
    expect([408, -1]).toContain(status);
  });

  it('keeps at most a few event streams open; more are refused with 429', async () => {
    // A host of its own: the shared one's streams from earlier tests may still be closing.
    const own = await startWebHost({ handlers, events: new AppEvents(), rendererDir: dir });
    const open: ReturnType<typeof request>[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < own.limits.maxEventStreams + 2; i += 1) {
      statuses.push(
        await new Promise<number>((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: own.port,
              path: `/events?token=${encodeURIComponent(own.token)}`,
              headers: { host: `127.0.0.1:${own.port}` },
            },
            (res) => resolve(res.statusCode ?? 0),
          );
          req.on('error', reject);
          req.end();
          open.push(req);
        }),
      );
    }
    for (const req of open) req.destroy();
    await own.stop();
    expect(statuses.filter((s) => s === 200)).toHaveLength(own.limits.maxEventStreams);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('web host event streams that fall behind', () => {
  /** The app's event hub, counting the event streams subscribed to it. */
  class CountedEvents extends AppEvents {
    readonly open = new Set<unknown>();
    override subscribe(listener: Parameters<AppEvents['subscribe']>[0]): () => void {
      const off = super.subscribe(listener);
      const token = {};
      this.open.add(token);
      return () => {
        this.open.delete(token);
        off();
      };
    }
  }

  let host: WebHost;
  const events = new CountedEvents();

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'desk-webhost-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>desk</title>');
    host = await startWebHost({
      handlers: stubHandlers({}),
      events,
      rendererDir: dir,
      limits: { maxEventBufferBytes: 256 * 1024 },
    });
  });
  afterAll(() => host.stop());

  /** Opens an event stream; `lastEventId` as a browser's EventSource sends it on reconnecting. */
  function openStream(lastEventId?: string) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: `/events?token=${encodeURIComponent(host.token)}`,
          headers: {
            host: `127.0.0.1:${host.port}`,
            ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
          },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** The `data:` of each event read until `count` came. */
  function readEvents(res: IncomingMessage, count: number): Promise<unknown[]> {
    return new Promise((resolve) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const data = text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => JSON.parse(line.slice(6)) as unknown);
        if (data.length >= count) {
          res.destroy();
          resolve(data.slice(0, count));
        }
      });
    });
  }

  it('ends the stream of a client that stops reading, once its buffer passes the limit', async () => {
    const res = await openStream();
    res.pause(); // reads nothing more: the kernel's buffers fill, then the web host's
    expect(events.open.size).toBe(1);
    const big = { state: 'offline', baseUrl: 'x'.repeat(64 * 1024), reason: 'r', checkedAt: 1 };
    let sent = 0;
    // However big the kernel's socket buffers, 1 GiB is far past them: the stream ends first.
    while (events.open.size > 0 && sent < 16_384) {
      events.emit('exchange.status', big as ExchangeStatus);
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(events.open.size).toBe(0);
    expect(sent).toBeLessThan(16_384);
    res.destroy();
  });

  it('tells a client that reconnects to resync first; a first connection gets no resync', async () => {
    const first = await openStream();
    const firstEvents = readEvents(first, 1);
    events.emit('exchange.status', status);
    expect(await firstEvents).toEqual([{ name: 'exchange.status', payload: status }]);

    const again = await openStream('12');
    const againEvents = readEvents(again, 2);
    events.emit('exchange.status', status);
    expect(await againEvents).toEqual([
      { name: 'stream.resync', payload: { at: expect.any(Number) } },
      { name: 'exchange.status', payload: status },
    ]);
  });
});
