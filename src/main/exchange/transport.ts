import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { guardedLookup } from './baseUrl';

/**
 * HTTP for the exchange client: keep-alive connections, a connect timeout, a total timeout and
 * abort signals, on node:http/https directly (no per-request overhead beyond the socket).
 */

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export type TransportFailure = 'connect-timeout' | 'timeout' | 'network' | 'aborted' | 'too-large';

/**
 * The largest answer read by default: far above any real answer of the exchange (a page of 100
 * records, a week of 5-minute hashrate, every market are all well under 1 MiB).
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/**
 * Bytes of all answers being read at once, by default: a hostile exchange streaming huge answers
 * to many concurrent requests is cut off here instead of holding 8 MiB per request in memory.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export class TransportError extends Error {
  constructor(
    readonly reason: TransportFailure,
    message: string,
    /** The system error code (ECONNRESET, ECONNREFUSED, ...) when there is one. */
    readonly code?: string,
    /** For timeouts: the limit that ran out. */
    readonly limitMs?: number,
    /** For 'too-large': the size limit in bytes. */
    readonly limitBytes?: number,
    /**
     * False when the request never left this computer: the failure came before a connection to the
     * exchange was made (connection refused, host name not resolved, connect timeout), so the
     * exchange cannot have received, let alone executed, it. True (the safe default) when it may
     * have: the connection was open (a reused keep-alive socket, or a fresh one that connected).
     */
    readonly sent: boolean = true,
    /**
     * The connection was a kept-alive one that the exchange had closed: it was reset before a byte
     * of the answer came. A request that only reads can be sent again on a new connection.
     */
    readonly staleConnection = false,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface TransportOptions {
  connectTimeoutMs?: number;
  /** From the request's start to the last byte of the answer. */
  timeoutMs?: number;
  maxSockets?: number;
  /** Largest answer accepted (bytes); a larger one is cut off as 'too-large'. */
  maxResponseBytes?: number;
  /** Bytes of all answers being read at once; the answer that passes it is cut off as 'too-large'. */
  maxBufferedBytes?: number;
  /**
   * Resolves host names (dns.lookup by default; tests give their own). Whatever it is, a name that
   * resolves to a link-local or metadata address is refused (guardedLookup).
   */
  lookup?: LookupFunction;
}

/** 16777216 -> "16 MiB". */
export function sizeText(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * What node:http reads of a URL (as its urlToHttpOptions does, without copying the whole URL):
 * protocol, host name (an IPv6 address without its brackets), port, path with query, credentials.
 */
export function requestTarget(url: URL): RequestOptions {
  const { hostname, port, username, password } = url;
  const target: RequestOptions = {
    protocol: url.protocol,
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    path: url.pathname + url.search,
  };
  if (port !== '') target.port = Number(port);
  if (username || password) {
    target.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  }
  return target;
}

export class Transport {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  private readonly connectTimeoutMs: number;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxBufferedBytes: number;
  private readonly lookup: LookupFunction;
  /** Bytes held by the answers being read right now. */
  private buffered = 0;
  /** What node:http reads of each URL, read once per URL object (a client reuses its URLs). */
  private readonly targets = new WeakMap<URL, RequestOptions>();

  constructor(options: TransportOptions = {}) {
    const agentOptions = {
      keepAlive: true,
      maxSockets: options.maxSockets ?? 64,
      scheduling: 'lifo' as const,
    };
    this.http = new HttpAgent(agentOptions);
    this.https = new HttpsAgent(agentOptions);
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.lookup = guardedLookup(options.lookup);
  }

  request(req: HttpRequest): Promise<HttpResponse> {
    const secure = req.url.protocol === 'https:';
    if (!secure && req.url.protocol !== 'http:') {
      return Promise.reject(
        new TransportError(
          'network',
          `Unsupported protocol ${req.url.protocol}`,
          undefined,
          undefined,
          undefined,
          false,
        ),
      );
    }
    if (req.signal?.aborted) return Promise.reject(new TransportError('aborted', 'Cancelled.'));

    return new Promise<HttpResponse>((resolve, reject) => {
      let settled = false;
      /**
       * Whether a connection to the exchange was open: until it is, nothing of the request can
       * have reached the exchange (a connecting socket only buffers what is written to it).
       */
      let connected = false;
      /** Whether the answer's head has arrived. */
      let answered = false;
      /** This answer's bytes so far (counted in `this.buffered` until it settles). */
      let size = 0;
      const release = () => {
        this.buffered -= size;
        size = 0;
      };
      const headers: Record<string, string | number> = {
        accept: 'application/json',
        ...req.headers,
      };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);

      let target = this.targets.get(req.url);
      if (!target) {
        target = requestTarget(req.url);
        this.targets.set(req.url, target);
      }
      const request = (secure ? httpsRequest : httpRequest)({
        ...target,
        method: req.method,
        headers,
        agent: secure ? this.https : this.http,
        lookup: this.lookup,
      });

      const fail = (error: TransportError) => {
        if (settled) return;
        settled = true;
        release();
        clearTimeout(total);
        clearTimeout(connect);
        req.signal?.removeEventListener('abort', onAbort);
        request.destroy();
        reject(error);
      };
      const onAbort = () => fail(new TransportError('aborted', 'Cancelled.'));
      req.signal?.addEventListener('abort', onAbort, { once: true });

      const total = setTimeout(
        () =>
          fail(
            new TransportError(
              'timeout',
              `No complete answer within ${this.timeoutMs / 1000} s.`,
              undefined,
              this.timeoutMs,
            ),
          ),
        this.timeoutMs,
      );
      let connect: NodeJS.Timeout | undefined;
      request.on('socket', (socket) => {
        // A reused keep-alive socket is already connected. (One that failed before connecting,
        // e.g. its host name refused by the resolver at once, is destroyed: never connected.)
        if (!socket.connecting) {
          connected = !socket.destroyed;
          return;
        }
        connect = setTimeout(
          () =>
            fail(
              new TransportError(
                'connect-timeout',
                `Could not connect within ${this.connectTimeoutMs / 1000} s.`,
                'ETIMEDOUT',
                this.connectTimeoutMs,
                undefined,
                false,
              ),
            ),
          this.connectTimeoutMs,
        );
        socket.once('connect', () => {
          connected = true;
          clearTimeout(connect);
        });
      });

      request.on('error', (error: NodeJS.ErrnoException) => {
        // Node's own advice for a kept-alive socket: a reset on a reused one, with no answer yet,
        // is the server having closed it while the request went out.
        const stale =
          request.reusedSocket &&
          !answered &&
          (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        fail(
          new TransportError(
            'network',
            error.message,
            error.code,
            undefined,
            undefined,
            connected,
            stale,
          ),
        );
      });

      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        const tooLarge = (together = false) =>
          fail(
            together
              ? new TransportError(
                  'too-large',
                  `The answers being read are larger than ${sizeText(this.maxBufferedBytes)} together.`,
                  undefined,
                  undefined,
                  this.maxBufferedBytes,
                )
              : new TransportError(
                  'too-large',
                  `The answer is larger than ${sizeText(this.maxResponseBytes)}.`,
                  undefined,
                  undefined,
                  this.maxResponseBytes,
                ),
          );
        // A declared length over the limit is refused before a byte of the body is read.
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
          tooLarge();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (size + chunk.length > this.maxResponseBytes) {
            chunks.length = 0;
            tooLarge();
            return;
          }
          if (this.buffered + chunk.length > this.maxBufferedBytes) {
            chunks.length = 0;
            tooLarge(true);
            return;
          }
          size += chunk.length;
          this.buffered += chunk.length;
          chunks.push(chunk);
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          fail(new TransportError('network', error.message, error.code)),
        );
        response.on('aborted', () =>
          fail(new TransportError('network', 'Connection closed mid-answer.', 'ECONNRESET')),
        );
        response.on('end', () => {
          if (settled) return;
          settled = true;
          release();
          clearTimeout(total);
          clearTimeout(connect);
          req.signal?.removeEventListener('abort', onAbort);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });

      request.end(req.body);
    });
  }

  /** Closes the idle keep-alive sockets. */
  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
