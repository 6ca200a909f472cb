import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelKeys, nextNonce, signHeaders } from './helpers';

const ROOT = join(__dirname, '../../..');
const TSX_CLI = createRequire(join(ROOT, 'package.json')).resolve('tsx/cli');

const cli = (args: string[]) =>
  spawn(process.execPath, [TSX_CLI, 'src/main/demo-exchange/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** The active orders, signed with the key and secret the CLI printed. */
async function activeOrders(url: string, out: string): Promise<Record<string, unknown>[]> {
  const key = /API key: (\S+)/.exec(out)?.[1];
  const secret = /API secret: (\S+)/.exec(out)?.[1];
  const body = JSON.stringify({ request: '/api/v4/orders', nonce: nextNonce(), limit: 1 });
  const res = await fetch(`${url}/api/v4/orders`, {
    method: 'POST',
    body,
    headers: signHeaders(body, key, secret),
  });
  return (await res.json()) as Record<string, unknown>[];
}

/**
 * `npm run demo-exchange -- --port 0` runs `tsx src/main/demo-exchange/cli.ts`; this spawns the same
 * command (tsx under the current Node) and measures spawn -> URL printed -> first successful ping.
 */
describe('demo-exchange CLI', () => {
  it('prints the URL and credentials and answers ping within 1 s of start', async () => {
    const t0 = performance.now();
    const child = cli(['--port', '0', '--seed', '7', '--control']);
    try {
      let out = '';
      const printed = await new Promise<{ url: string; at: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
          if (url && out.includes('OAuth client secret:')) {
            clearTimeout(timer);
            resolve({ url, at: performance.now() });
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      let pinged = 0;
      while (performance.now() - printed.at < 1000) {
        try {
          const res = await fetch(`${printed.url}/api/v4/public/ping`);
          if (res.status === 200 && JSON.stringify(await res.json()) === '["pong"]') {
            pinged = performance.now();
            break;
          }
        } catch {
          // not yet
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(pinged, 'ping answered within 1 s of the URL being printed').toBeGreaterThan(0);
      // tsx start-up included; typically ~0.3 s, generous here for loaded CI machines.
      expect(pinged - t0).toBeLessThan(5000);
      expect(out).toMatch(/API key: \S+/);
      expect(out).toMatch(/API secret: \S+/);
      expect(out).toMatch(/OAuth client id: \S+/);
      console.log(
        `[demo-exchange cli] spawn->URL ${(printed.at - t0).toFixed(0)} ms, URL->ping ${(pinged - printed.at).toFixed(1)} ms, spawn->ping ${(pinged - t0).toFixed(0)} ms`,
      );
      // The control endpoint is on with --control.
      expect((await fetch(`${printed.url}/__control/faults`)).status).toBe(200);
      // The deployed server's field names by default.
      expect((await activeOrders(printed.url, out))[0]).toHaveProperty('orderId');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it("--casing spec answers with the specification's field names; camel is refused", async () => {
    const child = cli(['--port', '0', '--casing', 'spec']);
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
          if (found && out.includes('OAuth client secret:')) resolve(found);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const [order] = await activeOrders(url, out);
      expect(order).toHaveProperty('order_id');
      expect(camelKeys<{ orderId: number }>(order).orderId).toEqual(expect.any(Number));
    } finally {
      child.kill('SIGTERM');
    }
    const camel = cli(['--port', '0', '--casing', 'camel']);
    let err = '';
    camel.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => camel.once('exit', resolve));
    expect([code, err.trim()]).toEqual([2, '--casing is deployed or spec']);
  });
});
