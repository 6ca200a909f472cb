import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelKeys, nextNonce, signHeaders } from './helpers';

/** The package's own folder: the CLI runs from there, as `npm start` in it would. */
const PACKAGE = join(__dirname, '../..');
const TSX_CLI = createRequire(join(PACKAGE, 'package.json')).resolve('tsx/cli');

const cli = (args: string[]) =>
  spawn(process.execPath, [TSX_CLI, 'src/cli.ts', ...args], {
    cwd: PACKAGE,
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
 * `npm run demo-exchange -- --port 0` runs `tsx packages/demo-exchange/src/cli.ts`; this spawns the same
 * command (tsx under the current Node). How fast it starts is the bench's to measure
 * (`npm run bench -- startup`); here: it listens by the time it prints its URL.
 */
describe('demo-exchange CLI', () => {
  it('prints the URL and credentials once it listens: the first ping answers', async () => {
    const child = cli(['--port', '0', '--seed', '7', '--control']);
    try {
      let out = '';
      const printed = await new Promise<{ url: string }>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
          if (url && out.includes('OAuth client secret:')) resolve({ url });
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      // One attempt, no retry: the URL is printed only once the server accepts connections.
      const res = await fetch(`${printed.url}/api/v4/public/ping`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(['pong']);
      expect(out).toMatch(/API key: \S+/);
      expect(out).toMatch(/API secret: \S+/);
      expect(out).toMatch(/OAuth client id: \S+/);
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
