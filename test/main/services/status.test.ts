import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDemoExchange } from '@exchange-desk/demo-exchange';
import { StatusMonitor } from '../../../src/main/services/status';
import type { ExchangeStatus } from '../../../src/shared/model';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A stand-in exchange that answers ping with the given status and body. */
async function fakeExchange(status: number, body: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('StatusMonitor', () => {
  it('is online with a latency while the demo exchange answers, offline with the reason once it stops', async () => {
    const demo = await startDemoExchange();
    const seen: ExchangeStatus[] = [];
    const monitor = new StatusMonitor(demo.url, (s) => seen.push(s));
    expect(monitor.current()).toEqual({ state: 'checking', baseUrl: demo.url });

    const up = await monitor.check();
    expect(up).toMatchObject({ state: 'online', baseUrl: demo.url });
    expect(up.state === 'online' && up.latencyMs).toBeGreaterThanOrEqual(0);

    await demo.stop();
    // The first request may go out on the kept-alive socket the server just closed.
    expect(await monitor.check()).toMatchObject({
      state: 'offline',
      reason: expect.stringMatching(/^connection (refused|reset)$/),
    });
    const down = await monitor.check();
    expect(down).toMatchObject({ state: 'offline', reason: 'connection refused' });
    expect(seen.map((s) => s.state)).toEqual(['online', 'offline', 'offline']);
    expect(monitor.current()).toBe(down);
  });

  it('explains maintenance and an answer that is not the ping reply', async () => {
    const maintenance = new StatusMonitor(await fakeExchange(503, '<html>down</html>'), () => {});
    expect(await maintenance.check()).toMatchObject({
      state: 'offline',
      reason: 'under maintenance (HTTP 503)',
    });
    const html = new StatusMonitor(await fakeExchange(200, '<html>hi</html>'), () => {});
    expect(await html.check()).toMatchObject({
      state: 'offline',
      reason: 'unexpected answer',
    });
    const other = new StatusMonitor(await fakeExchange(200, '{"pong":true}'), () => {});
    expect(await other.check()).toMatchObject({
      state: 'offline',
      reason: 'unexpected answer',
    });
  });

  it('shares one request between concurrent checks and re-checks on its interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const demo = await startDemoExchange();
      const onChange = vi.fn();
      const monitor = new StatusMonitor(demo.url, onChange, 15_000);
      const [a, b] = await Promise.all([monitor.check(), monitor.check()]);
      expect(a).toBe(b);
      expect(onChange).toHaveBeenCalledTimes(1);

      monitor.start(); // checks now, then every 15 s
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      vi.advanceTimersByTime(15_000);
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(3));
      monitor.stop();
      vi.advanceTimersByTime(60_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(onChange).toHaveBeenCalledTimes(3);
      await demo.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
