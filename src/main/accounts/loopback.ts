import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeskFailure } from '../../shared/errors';

/**
 * The OAuth redirect receiver (RFC 8252): a listener on 127.0.0.1, on a fixed port so the redirect
 * URI can be registered with the partner app, that takes the authorization code from
 * `/callback?code=…&state=…`, checks `state`, and closes. An answer with another `state` (a stale
 * tab, another program) gets an error page and the listener keeps waiting for ours.
 */
export interface Loopback {
  redirectUri: string;
  /** Resolves with the code; rejects on an error answer, the timeout, or `close()` ("Cancelled."). */
  code: Promise<string>;
  /** Stops listening (the pending code rejects with "Cancelled."); resolves once the port is free. */
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** The port to listen on (0: any free port, for tests). */
  port: number;
  timeoutMs?: number;
}

/** The port the redirect listens on unless the user chose another. */
export const DEFAULT_OAUTH_PORT = 53682;

export const redirectUriFor = (port: number) => `http://127.0.0.1:${port}/callback`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A small page; everything interpolated is escaped. */
const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui;margin:3em"><h1>${escapeHtml(title)}</h1>` +
  `<p>${escapeHtml(text)}</p></body></html>`;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The port could not be listened on: explained under the port field. */
export function portFailure(port: number, error: NodeJS.ErrnoException): DeskFailure {
  const what =
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use by another program on this computer`
      : error.code === 'EACCES'
        ? `This computer does not let Exchange Desk listen on port ${port}`
        : `Exchange Desk could not listen on port ${port} (${error.message})`;
  const text =
    `${what}, so the authorization answer cannot be received. Close the program that uses it and ` +
    'press Connect again, or choose another port here and register the new redirect URI in your ' +
    'partner app.';
  return new DeskFailure('OAUTH_PORT_UNAVAILABLE', text, { oauthPort: [text] });
}

export async function startLoopback(state: string, options: LoopbackOptions): Promise<Loopback> {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined); // observed by the caller; never an unhandled rejection here

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    const given = url.searchParams.get('state') ?? '';
    const value = url.searchParams.get('code');
    if (!same(given, state)) {
      // Not the answer to our request (a stale tab, a forged link): refuse it, keep waiting.
      res
        .writeHead(400, headers)
        .end(
          page(
            'Not connected',
            'This answer does not belong to the connection Exchange Desk is waiting for. ' +
              'Use the authorization page the app opened, or start again from the app.',
          ),
        );
      return;
    }
    if (!value) {
      const reason = url.searchParams.get('error') ?? 'no code';
      res
        .writeHead(400, headers)
        .end(page('Not connected', `The exchange did not authorize the app (${reason}).`));
      void finish(new Error(`The exchange did not authorize the app (${reason}).`));
      return;
    }
    res
      .writeHead(200, headers)
      .end(
        page(
          'Connected',
          'Exchange Desk is connected. You can close this tab and return to the app.',
        ),
      );
    void finish(undefined, value);
  });

  const timer = setTimeout(
    () => void finish(new Error('No answer from the authorization page within 10 minutes.')),
    timeoutMs,
  );
  timer.unref();

  let closed: Promise<void> | undefined;
  /** Settles the code once and closes the server; the promise (never rejected) is its close. */
  function finish(error?: Error, value?: string): Promise<void> {
    if (!closed) {
      clearTimeout(timer);
      closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // The answer page goes out before the connection is dropped.
      setImmediate(() => server.closeAllConnections());
      if (error) settle?.reject(error);
      else settle?.resolve(value!);
    }
    return closed;
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    clearTimeout(timer);
    throw portFailure(options.port, error as NodeJS.ErrnoException);
  }
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: redirectUriFor(port),
    code,
    close: () => finish(new Error('Cancelled.')),
  };
}
