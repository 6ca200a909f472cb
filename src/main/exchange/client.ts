import { checkBaseUrl } from './baseUrl';
import {
  ExchangeError,
  networkError,
  parseErrorResponse,
  timeoutError,
  unexpectedError,
} from './errors';
import { NonceSource } from './nonce';
import { groupOf, Pacer } from './pacing';
import { signRequest, type Credentials } from './signer';
import { Transport, TransportError, type HttpRequest } from './transport';

/**
 * The main process's client for API v4: one per profile. It signs (§1), numbers (§2), paces (§7),
 * sends and parses; it never keeps a secret: credentials are read from the vault for each signed
 * call through `credentials`.
 */

/** Reads the profile's API key pair from the vault when a call is signed. */
export type CredentialSource = () => Promise<Credentials | undefined>;

export interface ExchangeClientOptions {
  baseUrl: string;
  credentials?: CredentialSource;
  transport?: Transport;
  pacer?: Pacer;
  nonces?: NonceSource;
  /**
   * How many times a non-JSON 429 (gateway rate limit) is retried with backoff (default 3), within
   * RATE_LIMIT_BUDGET_MS of waiting in all.
   */
  maxRateLimitRetries?: number;
  /**
   * Told of every request that failed on the network (no answer: refused, reset, host not found),
   * so the exchange status need not wait for its next check to say the exchange is down.
   */
  onNetworkError?: (error: ExchangeError) => void;
  /**
   * Told of every answer the client could read (a 2xx it parsed), so a status that says the
   * exchange is down need not wait for its next check once it answers again.
   */
  onAnswer?: () => void;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type Parser<T> = (json: unknown) => T;

/** One process-wide nonce sequence per key, shared by every client that uses the key. */
const sharedNonces = new NonceSource();

/** §4: spec paths that the deployed server serves elsewhere, learned per base URL on HTTP 404. */
export const DEPLOYED_PATHS: Record<string, string> = {
  '/api/v4/orders/conditional': '/api/v4/conditional-orders',
  '/api/v4/orders/oco': '/api/v4/oco-orders',
};
const learnedPaths = new Map<string, Set<string>>();

/** The window-mode refusal of a nonce too far from server time (§2). */
const STALE_NONCE = /nonce is more than \d+ seconds/i;

/** Paths whose URL is kept (some carry a market name: bounded all the same). */
const MAX_CACHED_PATHS = 256;

const BACKOFF_START_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

/**
 * A gateway rate limit (non-JSON 429) is waited out only briefly: at most this many retries, and
 * at most RATE_LIMIT_BUDGET_MS of waiting per call; a Retry-After is honoured when it fits in the
 * budget, else the call fails at once. Beyond that the user reads that the exchange is
 * rate-limiting and to try again in a minute: better than a screen that spins for a minute.
 */
export const DEFAULT_RATE_LIMIT_RETRIES = 3;
export const RATE_LIMIT_BUDGET_MS = 10_000;

/** Retry-After (delta seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(
  header: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value.length > 64) return undefined;
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Cancelled.', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Cancelled.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Signed POSTs that only read. They (and every GET) are sent again once when they went out on a
 * kept-alive connection the exchange had just closed; anything else (an order, a transfer) is
 * never repeated by the client: its failure is the answer, and the caller reconciles.
 */
const READS = new Set([
  '/api/v4/trade-account/balance',
  '/api/v4/trade-account/order',
  '/api/v4/trade-account/order/history',
  '/api/v4/trade-account/executed-history',
  '/api/v4/main-account/balance',
  '/api/v4/main-account/history',
  '/api/v4/main-account/smart-flex/plans',
  '/api/v4/main-account/smart-flex/investments',
  '/api/v4/main-account/smart-flex/investments/payment-history',
  '/api/v4/orders',
  '/api/v4/orders/conditional',
  '/api/v4/conditional-orders',
  '/api/v4/orders/oco',
  '/api/v4/oco-orders',
  '/api/v4/order/kill-switch/status',
  '/api/v4/sub-account/list',
  '/api/v4/mining/hashrate',
  '/api/v4/mining/accounts',
  '/api/v4/mining/workers/names',
  '/api/v4/mining/workers/hashrate',
  '/api/v4/mining/miners/info',
  '/api/v4/mining/payout-destination',
]);

/** The exchange's time has whole seconds: clocks within this of each other agree. */
const CLOCKS_AGREE_MS = 2_000;

/**
 * The message of a stale-nonce refusal: this computer's clock is off by `offsetMs` (say by how
 * much), or (0) the clocks agree and the request arrived late, or (undefined) nobody can say.
 */
function clockError(original: ExchangeError, offsetMs: number | undefined): ExchangeError {
  if (offsetMs === 0) {
    return original.withMessage(
      'The exchange refused the request: it reached the exchange more than 5 s after it was signed, ' +
        'though the clocks agree. This computer or its network is very slow right now; try again.',
    );
  }
  if (offsetMs === undefined) {
    return original.withMessage(
      "The exchange refused the request's time stamp: this computer's clock is probably off. " +
        'Turn on automatic date and time in the system settings, then try again.',
    );
  }
  const offsetS = Math.round(offsetMs / 1000);
  const direction = offsetS > 0 ? 'ahead of' : 'behind';
  return original.withMessage(
    `This computer's clock is ${Math.abs(offsetS)} s ${direction} the exchange's, so the exchange refused the request. ` +
      'Turn on automatic date and time in the system settings, then try again.',
  );
}

export class ExchangeClient {
  readonly baseUrl: string;
  readonly pacer: Pacer;
  private readonly transport: Transport;
  private readonly nonces: NonceSource;
  private readonly credentials: CredentialSource;
  private readonly maxRateLimitRetries: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly onNetworkError: ((error: ExchangeError) => void) | undefined;
  private readonly onAnswer: (() => void) | undefined;
  /** URLs without a query, parsed once per path (nothing changes a URL once it is made). */
  private readonly paths = new Map<string, URL>();

  constructor(options: ExchangeClientOptions) {
    const checked = checkBaseUrl(options.baseUrl);
    if (!checked.ok) throw new Error(checked.message);
    this.baseUrl = checked.url;
    this.transport = options.transport ?? new Transport();
    this.pacer = options.pacer ?? new Pacer();
    this.nonces = options.nonces ?? sharedNonces;
    this.credentials = options.credentials ?? (async () => undefined);
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? DEFAULT_RATE_LIMIT_RETRIES;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.onNetworkError = options.onNetworkError;
    this.onAnswer = options.onAnswer;
  }

  private url(path: string, query?: Record<string, string | number | boolean | undefined>): URL {
    if (!query) {
      let url = this.paths.get(path);
      if (!url) {
        if (this.paths.size >= MAX_CACHED_PATHS) this.paths.clear();
        url = new URL(this.baseUrl + path);
        this.paths.set(path, url);
      }
      return url;
    }
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** Exponential backoff with full jitter: 1 s doubling to 30 s. */
  backoffMs(attempt: number): number {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /**
   * Sends one request (built afresh for each attempt, so a retry is re-signed with a new nonce;
   * `signed`: with the key pair read from the vault for each attempt),
   * pacing it, parsing a 2xx answer, and retrying only what can never have been executed: a gateway
   * rate limit (non-JSON 429) with backoff or its Retry-After, a few times within a budget, and a
   * nonce refusal (JSON 429 "Too many requests.") once.
   */
  private async send<T>(
    path: string,
    build: (credentials: Credentials | undefined) => HttpRequest,
    parse: Parser<T>,
    options: CallOptions,
    signed = false,
  ): Promise<T> {
    let rateLimitRetries = 0;
    let rateLimitWaitedMs = 0;
    let nonceRetried = false;
    let staleRetried = false;
    const group = groupOf(path);
    for (;;) {
      // Most calls find room at once: no promise to wait on then.
      if (!this.pacer.tryAcquire(group, options.signal)) {
        await this.pacer.acquire(group, options.signal);
      }
      const request = build(signed ? await this.credentials() : undefined);
      if (options.signal) request.signal = options.signal;
      let response;
      try {
        response = await this.transport.request(request);
      } catch (error) {
        if (
          error instanceof TransportError &&
          error.staleConnection &&
          !staleRetried &&
          (request.method === 'GET' || READS.has(path))
        ) {
          staleRetried = true;
          continue;
        }
        const failure = this.fromTransport(error, path);
        if (failure.kind === 'network') this.reportNetworkError(failure);
        throw failure;
      }
      if (response.status >= 200 && response.status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(response.text);
        } catch {
          throw parseErrorResponse(response.status, response.text, path);
        }
        let value: T;
        try {
          value = parse(json);
        } catch (error) {
          if (error instanceof ExchangeError) throw error;
          // A parser must never crash on an answer (a RangeError on hostile nesting, say).
          throw unexpectedError(
            `Unexpected answer from the exchange (${path}): it could not be read.`,
            path,
            { status: response.status, cause: error },
          );
        }
        this.reportAnswer();
        return value;
      }
      const error = parseErrorResponse(response.status, response.text, path);
      if (error.kind === 'rate-limit') {
        const wait = this.rateLimitWaitMs(response.headers['retry-after'], rateLimitRetries);
        if (
          rateLimitRetries < this.maxRateLimitRetries &&
          rateLimitWaitedMs + wait <= RATE_LIMIT_BUDGET_MS
        ) {
          rateLimitRetries++;
          rateLimitWaitedMs += wait;
          await this.sleep(wait, options.signal);
          continue;
        }
        throw error;
      }
      if (error.kind === 'nonce') {
        // §2: a nonce refusal shaped like a rate limit. Retrying the same bytes can never work;
        // re-signing with a fresh nonce (the loop builds the request again) can, once.
        if (response.status === 429 && !nonceRetried) {
          nonceRetried = true;
          continue;
        }
        if (STALE_NONCE.test(error.message)) {
          // A refused request was not executed. When the clocks agree, the request waited on this
          // computer (a queue, a stalled process) past the exchange's window: re-signed, it can pass.
          const offsetMs = await this.clockOffsetMs();
          const clocksAgree = offsetMs !== undefined && Math.abs(offsetMs) < CLOCKS_AGREE_MS;
          if (clocksAgree && !nonceRetried) {
            nonceRetried = true;
            continue;
          }
          throw clockError(error, clocksAgree ? 0 : offsetMs);
        }
      }
      throw error;
    }
  }

  private reportAnswer(): void {
    try {
      this.onAnswer?.();
    } catch {
      // A listener's failure must not replace the request's own answer.
    }
  }

  private reportNetworkError(error: ExchangeError): void {
    try {
      this.onNetworkError?.(error);
    } catch {
      // A listener's failure must not replace the request's own error.
    }
  }

  /** How long to wait before retrying a gateway rate limit: its Retry-After, else the backoff. */
  private rateLimitWaitMs(header: string | string[] | undefined, attempt: number): number {
    return retryAfterMs(header) ?? this.backoffMs(attempt);
  }

  private fromTransport(error: unknown, path: string): ExchangeError {
    if (error instanceof ExchangeError) return error;
    if (error instanceof TransportError && error.reason === 'aborted') throw error;
    if (error instanceof TransportError && error.reason === 'too-large') {
      return unexpectedError(
        `The exchange sent too much: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1, -1)}, so it was not read (${path}).`,
        path,
        { cause: error },
      );
    }
    if (error instanceof TransportError && error.reason === 'timeout')
      return timeoutError(error.limitMs ?? 0, path);
    return networkError(error, path);
  }

  /** This computer's clock minus the exchange's, in ms; undefined when the exchange cannot say. */
  private async clockOffsetMs(): Promise<number | undefined> {
    try {
      const before = Date.now();
      const server = await this.publicGet('/api/v4/public/time', undefined, (json) => {
        const time = (json as { time?: unknown }).time;
        if (typeof time !== 'number') throw new Error('no time');
        return time * 1000;
      });
      return (before + Date.now()) / 2 - server;
    } catch {
      return undefined;
    }
  }

  /** A public GET (no authentication). */
  publicGet<T>(
    path: string,
    query: Record<string, string | number | boolean | undefined> | undefined,
    parse: Parser<T>,
    options: CallOptions = {},
  ): Promise<T> {
    return this.send(
      path,
      () => ({ method: 'GET', url: this.url(path, query), headers: {} }),
      parse,
      options,
    );
  }

  /** A signed private POST (§1), with the §4 fallback to the deployed path on HTTP 404. */
  signedPost<T>(
    path: string,
    fields: Record<string, unknown>,
    parse: Parser<T>,
    options: CallOptions = {},
  ): Promise<T> {
    const deployed = DEPLOYED_PATHS[path];
    if (!deployed) return this.signedPostTo(path, fields, parse, options);
    return this.signedPostOrDeployed(path, deployed, fields, parse, options);
  }

  /** §4: the spec path, or the deployed one once the spec path answered 404 (learned per base URL). */
  private async signedPostOrDeployed<T>(
    path: string,
    deployed: string,
    fields: Record<string, unknown>,
    parse: Parser<T>,
    options: CallOptions,
  ): Promise<T> {
    const learned = learnedPaths.get(this.baseUrl);
    if (learned?.has(path)) return this.signedPostTo(deployed, fields, parse, options);
    try {
      return await this.signedPostTo(path, fields, parse, options);
    } catch (error) {
      if (!(error instanceof ExchangeError) || error.status !== 404) throw error;
      const result = await this.signedPostTo(deployed, fields, parse, options);
      if (!learnedPaths.has(this.baseUrl)) learnedPaths.set(this.baseUrl, new Set());
      learnedPaths.get(this.baseUrl)!.add(path);
      return result;
    }
  }

  private signedPostTo<T>(
    path: string,
    fields: Record<string, unknown>,
    parse: Parser<T>,
    options: CallOptions,
  ) {
    return this.send(
      path,
      (credentials) => {
        if (!credentials) throw ExchangeError.noCredentials(path);
        const signed = signRequest(path, fields, this.nonces.next(credentials.apiKey), credentials);
        return { method: 'POST', url: this.url(path), headers: signed.headers, body: signed.body };
      },
      parse,
      options,
      true,
    );
  }

  /** A form-encoded POST (the OAuth token endpoints). */
  formPost<T>(
    path: string,
    form: Record<string, string>,
    parse: Parser<T>,
    options: CallOptions = {},
  ): Promise<T> {
    return this.send(
      path,
      () => ({
        method: 'POST',
        url: this.url(path),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
      parse,
      options,
    );
  }

  /** A JSON POST with an OAuth bearer token. */
  bearerPost<T>(
    path: string,
    accessToken: string,
    body: Record<string, unknown>,
    parse: Parser<T>,
    options: CallOptions = {},
  ): Promise<T> {
    return this.send(
      path,
      () => ({
        method: 'POST',
        url: this.url(path),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      }),
      parse,
      options,
    );
  }

  close(): void {
    this.pacer.cancelAll();
    this.transport.close();
  }
}
