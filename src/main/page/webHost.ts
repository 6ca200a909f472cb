import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { bindChannels, callChannel, type Handlers } from '../core/binder';
import type { AppEvents } from '../core/events';
import { readAppFile, SECURITY_HEADERS } from './appFiles';
import { ErrorCode, type DeskError, type Envelope } from '../../shared/errors';

/**
 * The web host: serves the built renderer and an RPC endpoint bound to the same handlers as IPC, on
 * 127.0.0.1 only. Every RPC call (and the event stream) must carry the per-run random token.
 *
 *   POST /rpc/<channel>   body {"input": ...}   header Authorization: Bearer <token>
 *   GET  /events?token=<token>                  Server-Sent Events, one `desk` event per app event
 *
 * An event stream whose client stops reading is ended once what waits for it passes
 * `maxEventBufferBytes` (main's memory is not the page's queue). The page's EventSource connects
 * again by itself, sending the last event id it saw; a stream opened that way starts with a
 * `stream.resync`, so the page reloads what it missed in between.
 */
export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** The page to open, token included. */
  readonly pageUrl: string;
  readonly limits: WebHostLimits;
  stop(): Promise<void>;
}

export interface WebHostLimits {
  /** A request body above this is answered 413. */
  maxBodyBytes: number;
  /** A request (headers and body) not complete within this is answered 408 and closed. */
  bodyTimeoutMs: number;
  /** Event streams open at once; one more is answered 429. */
  maxEventStreams: number;
  /** Bytes written to an event stream and not yet taken by its client, past which it is ended. */
  maxEventBufferBytes: number;
}

const DEFAULT_LIMITS: WebHostLimits = {
  maxBodyBytes: 1 << 20,
  bodyTimeoutMs: 10_000,
  maxEventStreams: 16,
  maxEventBufferBytes: 4 << 20,
};

/** How soon a page's EventSource connects again after its stream ended (the SSE `retry`). */
const EVENT_RETRY_MS = 1_000;

const sseEvent = (id: number, name: string, payload: unknown) =>
  `id: ${id}\nevent: desk\ndata: ${JSON.stringify({ name, payload })}\n\n`;

export interface WebHostOptions {
  handlers: Handlers;
  events: AppEvents;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  token?: string;
  limits?: Partial<WebHostLimits>;
  /**
   * Called when the page itself is asked for (a load or reload): main can start the first
   * screen's data while the page's code loads (`core.recorder.fetchAhead`).
   */
  onPage?: () => void;
}

function sameSecret(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every answer is a channel's envelope or, for a request that reaches no channel, the error shape. */
function sendJson(res: ServerResponse, status: number, body: Envelope<unknown> | DeskError): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** decodeURIComponent that answers undefined for a malformed escape instead of throwing. */
function decodePath(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const limits: WebHostLimits = { ...DEFAULT_LIMITS, ...options.limits };
  let eventStreams = 0;
  const bound = bindChannels(options.handlers);
  const root = resolve(options.rendererDir);
  let expectedHost = '';

  const serveStatic = async (pathname: string, res: ServerResponse) => {
    const file = await readAppFile(root, pathname);
    res.writeHead(file.status, file.headers);
    res.end(file.body);
  };

  const serveEvents = (req: IncomingMessage, res: ServerResponse) => {
    if (eventStreams >= limits.maxEventStreams) {
      return sendJson(res, 429, {
        code: 'TOO_MANY_STREAMS',
        message: `At most ${limits.maxEventStreams} event streams at once.`,
      });
    }
    eventStreams += 1;
    // An event stream is long-lived by design: the request timeout does not apply to it.
    req.socket.setTimeout(0);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream',
      connection: 'keep-alive',
    });
    // Every event carries an id (the first line sets one too), so an EventSource that connects
    // again always says so with Last-Event-ID.
    let id = 0;
    res.write(`retry: ${EVENT_RETRY_MS}\nid: ${id}\n: connected\n\n`);
    if (req.headers['last-event-id'] !== undefined) {
      res.write(sseEvent(++id, 'stream.resync', { at: Date.now() }));
    }
    const unsubscribe = options.events.subscribe((name, payload) => {
      res.write(sseEvent(++id, name, payload));
      if (res.writableLength > limits.maxEventBufferBytes) {
        // The client does not read: end its stream rather than queue without bound.
        unsubscribe();
        req.socket.destroy();
      }
    });
    req.on('close', () => {
      eventStreams -= 1;
      unsubscribe();
    });
  };

  // A request that trickles in is cut off: Node answers 408 and closes the socket.
  const requestOptions = {
    requestTimeout: limits.bodyTimeoutMs,
    headersTimeout: Math.min(limits.bodyTimeoutMs, 10_000),
    connectionsCheckingInterval: Math.min(1000, limits.bodyTimeoutMs),
  };
  const server = createServer(requestOptions, (req, res) => {
    void (async () => {
      // A page on another site cannot reach us through DNS rebinding: the Host must be ours.
      if (req.headers.host !== expectedHost) {
        return sendJson(res, 421, { code: 'MISDIRECTED', message: 'Wrong host' });
      }
      const url = new URL(req.url ?? '/', `http://${expectedHost}`);
      if (url.pathname.startsWith('/rpc/')) {
        if (req.method !== 'POST')
          return sendJson(res, 405, { code: 'METHOD', message: 'Use POST' });
        const auth = req.headers.authorization;
        if (!sameSecret(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, token)) {
          return sendJson(res, 401, {
            ok: false,
            error: { code: ErrorCode.Unauthorized, message: 'Missing or wrong web host token.' },
          });
        }
        const channel = decodePath(url.pathname.slice('/rpc/'.length));
        if (channel === undefined) {
          return sendJson(res, 400, {
            ok: false,
            error: { code: ErrorCode.InvalidInput, message: 'The channel name is not readable.' },
          });
        }
        let input: unknown;
        try {
          const text = await readBody(req, limits.maxBodyBytes);
          input = text ? (JSON.parse(text) as { input?: unknown }).input : undefined;
        } catch (error) {
          if (error instanceof BodyTooLarge) {
            res.shouldKeepAlive = false;
            return sendJson(res, 413, {
              ok: false,
              error: {
                code: ErrorCode.InvalidInput,
                message: `The request is larger than ${limits.maxBodyBytes} bytes.`,
              },
            });
          }
          return sendJson(res, 400, {
            ok: false,
            error: { code: ErrorCode.InvalidInput, message: 'The request body is not valid JSON.' },
          });
        }
        return sendJson(res, 200, await callChannel(bound, channel, input));
      }
      if (url.pathname === '/events') {
        if (!sameSecret(url.searchParams.get('token'), token)) {
          return sendJson(res, 401, {
            code: ErrorCode.Unauthorized,
            message: 'Missing or wrong web host token.',
          });
        }
        return serveEvents(req, res);
      }
      if (req.method !== 'GET') return sendJson(res, 405, { code: 'METHOD', message: 'Use GET' });
      if (url.pathname === '/' || url.pathname === '/index.html') options.onPage?.();
      return serveStatic(url.pathname, res);
    })().catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, { code: ErrorCode.Internal, message: 'Web host error' });
      else res.end();
    });
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      expectedHost = `127.0.0.1:${port}`;
      const url = `http://${expectedHost}`;
      resolvePromise({
        url,
        port,
        token,
        pageUrl: `${url}/#token=${token}`,
        limits,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
