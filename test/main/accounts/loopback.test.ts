import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_OAUTH_PORT,
  redirectUriFor,
  startLoopback,
  type Loopback,
} from '../../../src/main/accounts/loopback';
import { DeskFailure } from '../../../src/shared/errors';
import { freePort } from '../../support/ports';

const open: Loopback[] = [];
const busy: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
  await Promise.all(
    busy.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

async function start(state: string, port: number, timeoutMs?: number) {
  const loopback = await startLoopback(state, {
    port,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  open.push(loopback);
  return loopback;
}

describe('the OAuth loopback', () => {
  it('listens on the fixed port it is given, 53682 by default', async () => {
    expect(DEFAULT_OAUTH_PORT).toBe(53682);
    expect(redirectUriFor(DEFAULT_OAUTH_PORT)).toBe('http://127.0.0.1:53682/callback');
    const port = await freePort();
    const loopback = await start('s', port);
    expect(loopback.redirectUri).toBe(`http://127.0.0.1:${port}/callback`);
    expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
  });

  it('answers a wrong state with 400 and keeps waiting for the right one', async () => {
    const loopback = await start('our-state', await freePort());
    let settled = false;
    void loopback.code.then(
      () => (settled = true),
      () => (settled = true),
    );
    const forged = await fetch(`${loopback.redirectUri}?code=stolen&state=forged`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Not connected');
    const missing = await fetch(`${loopback.redirectUri}?code=stolen`);
    expect(missing.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    const ours = await fetch(`${loopback.redirectUri}?code=the-code&state=our-state`);
    expect(ours.status).toBe(200);
    expect(await ours.text()).toContain('Connected');
    await expect(loopback.code).resolves.toBe('the-code');
  });

  it('escapes what it writes into the page (the error an answer carries)', async () => {
    const loopback = await start('st', await freePort());
    const error = '<script>alert("x")</script>&<img src=x onerror=alert(1)>';
    const answer = await fetch(
      `${loopback.redirectUri}?state=st&error=${encodeURIComponent(error)}`,
    );
    const html = await answer.text();
    expect(answer.status).toBe(400);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&lt;img');
    await expect(loopback.code).rejects.toThrow(`(${error})`);
  });

  it('explains a port in use under the oauthPort field, naming the port', async () => {
    const port = await freePort();
    const other = createServer();
    busy.push(other);
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    const failure = await startLoopback('s', { port }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeskFailure);
    const { code, fields, message } = failure as DeskFailure;
    expect(code).toBe('OAUTH_PORT_UNAVAILABLE');
    expect(message).toContain(`Port ${port} is already in use`);
    expect(message).toMatch(/choose another port/);
    expect(fields?.['oauthPort']).toEqual([message]);
  });

  it('lets go of the port on close, so the next connect can take it', async () => {
    const port = await freePort();
    const first = await start('a', port);
    await first.close();
    await expect(first.code).rejects.toThrow('Cancelled.');
    const second = await start('b', port);
    expect(second.redirectUri).toBe(first.redirectUri);
    const answer = await fetch(`${second.redirectUri}?code=c&state=b`);
    expect(answer.status).toBe(200);
    await expect(second.code).resolves.toBe('c');
  });

  it('gives up after the timeout', async () => {
    const loopback = await start('s', await freePort(), 30);
    await expect(loopback.code).rejects.toThrow(/within 10 minutes/);
  });
});
