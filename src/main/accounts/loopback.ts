import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The OAuth redirect receiver (RFC 8252): a one-shot listener on 127.0.0.1 that takes the
 * authorization code from `/callback?code=…&state=…`, checks `state`, and closes.
 */
export interface Loopback {
  redirectUri: string;
  /** Resolves with the code; rejects on a state mismatch, an error answer or the timeout. */
  code: Promise<string>;
  close(): void;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startLoopback(state: string, timeoutMs = 10 * 60_000): Promise<Loopback> {
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined); // observed by the caller; never an unhandled rejection here

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const given = url.searchParams.get('state') ?? '';
    const value = url.searchParams.get('code');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    if (!same(given, state)) {
      res.end(
        page(
          'Not connected',
          'This answer does not belong to the connection Exchange Desk started. Start again from the app.',
        ),
      );
      finish(
        new Error(
          'The authorization answer did not carry our state: ignored. Start the connection again.',
        ),
      );
      return;
    }
    if (!value) {
      const reason = url.searchParams.get('error') ?? 'no code';
      res.end(page('Not connected', `The exchange did not authorize the app (${reason}).`));
      finish(new Error(`The exchange did not authorize the app (${reason}).`));
      return;
    }
    res.end(
      page(
        'Connected',
        'Exchange Desk is connected. You can close this tab and return to the app.',
      ),
    );
    finish(undefined, value);
  });

  const timer = setTimeout(
    () => finish(new Error('No answer from the authorization page within 10 minutes.')),
    timeoutMs,
  );
  timer.unref();

  function finish(error?: Error, value?: string) {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
    if (error) settle?.reject(error);
    else settle?.resolve(value!);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    code,
    close: () => finish(new Error('Cancelled.')),
  };
}
