import type { LookupFunction } from 'node:net';
import WebSocket from 'ws';
import { guardedLookup } from '../exchange/baseUrl';
import { ExchangeError } from '../exchange/errors';
import { parsePong, parseStreamMessage, type StreamMessage } from '../exchange/schemas';
import { log, scrubForeign } from '../lib/log';
import { RequestWindow, SustainedRate } from './throttle';

/**
 * One WebSocket to the exchange (JSON-RPC over `ws`): numbered requests and their answers, updates
 * handed to `onUpdate`, a ping every 50 s (the server closes a connection idle for 60 s), at most
 * 190 requests a minute (the exchange allows 200), every frame bounded (`maxPayload`) and parsed.
 * A request, ping included, that gets no answer in time means the connection stopped answering:
 * it is closed and reported like any drop, through `onClose`, once. So is a connection whose
 * frames come faster than FLOOD_LIMIT allows, sustained (`flooded`): before a frame is parsed.
 */

export interface ConnectionTimings {
  /** Between pings (default 50 s). */
  pingIntervalMs: number;
  /** How long an answer (and the opening handshake) may take (default 10 s). */
  answerTimeoutMs: number;
}

export interface ConnectionOptions extends Partial<ConnectionTimings> {
  /**
   * Resolves the host name (dns.lookup by default; tests give their own). A name that resolves
   * to a link-local or metadata address is refused whatever it is (guardedLookup), as REST's are.
   */
  lookup?: LookupFunction;
  /**
   * The token this connection authorizes with. A frame that carries it (an exchange echoing it in
   * an error, a balance key, a client order id) is dropped whole, and every log line built from
   * the exchange's words has it scrubbed: it never leaves the session.
   */
  secret?: string;
  /** Frames a second, sustained over `seconds`, past which the connection is closed. */
  floodLimit?: FloodLimit;
  /** The clock of the flood count (Date.now; tests hold their own). */
  now?: () => number;
}

export interface FloodLimit {
  perSecond: number;
  seconds: number;
}

/**
 * More than 2,000 frames a second for 2 s is a flood, not a market: the exchange's busiest
 * stream (a depth every 100 ms, trades, 20 last prices, an account's orders and balances) is a
 * small fraction of it. Bursts within the 4,000 of the window pass; a flood is cut after at most
 * that many frames were read (bench flood: each costs main parsing and garbage).
 */
export const FLOOD_LIMIT: FloodLimit = { perSecond: 2_000, seconds: 2 };

export const DEFAULT_TIMINGS: ConnectionTimings = {
  pingIntervalMs: 50_000,
  answerTimeoutMs: 10_000,
};

/** Largest frame accepted (the biggest is a 100-level snapshot or a list of subscriptions). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Requests a minute we allow ourselves (the exchange: 200 per connection). */
export const REQUESTS_PER_MINUTE = 190;
/** Requests waiting for a slot at once; more is a bug or a flood, refused. */
const MAX_QUEUED = 50;
/** Dropped-message log lines a minute, per connection (a hostile stream must not fill the log). */
const DROP_LINES_PER_MINUTE = 20;

/** The stream's URL for a REST base URL: https -> wss, http -> ws, path /ws. */
export function streamUrl(baseUrl: string): string {
  const url = new URL('/ws', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Why a connection could not be opened or a request failed. */
export class StreamError extends Error {
  constructor(
    message: string,
    /** `refused`: the exchange said no (upgrade refused, error answer); else the network. */
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

export interface ConnectionHandlers {
  onUpdate(method: string, params: unknown): void;
  /** Once, whatever closed it (the server, the network, a silent exchange, close()). */
  onClose(reason: string): void;
}

export class StreamConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly window = new RequestWindow(REQUESTS_PER_MINUTE);
  private queued = 0;
  private pinger: NodeJS.Timeout | undefined;
  private closed = false;
  private drops = { minute: 0, count: 0 };
  private readonly flood: SustainedRate;
  private readonly now: () => number;
  /** Closed because the exchange flooded it. */
  flooded = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly handlers: ConnectionHandlers,
    private readonly timings: ConnectionTimings,
    private readonly secret: string | undefined,
    options: ConnectionOptions,
  ) {
    const limit = options.floodLimit ?? FLOOD_LIMIT;
    this.flood = new SustainedRate(limit.perSecond, limit.seconds);
    this.now = options.now ?? Date.now;
    socket.on('message', (data, isBinary) => this.received(data, isBinary));
    socket.on('close', (code) => this.ended(`closed by the exchange (${code})`));
    socket.on('error', (error) => this.ended(`network error: ${error.message}`));
    this.pinger = setInterval(() => void this.ping(), timings.pingIntervalMs);
    this.pinger.unref?.();
  }

  /** Opens the socket; a refused upgrade (an HTTP answer) is `refused`, anything else is not. */
  static open(
    url: string,
    handlers: ConnectionHandlers,
    options: ConnectionOptions = {},
  ): Promise<StreamConnection> {
    const timings: ConnectionTimings = {
      pingIntervalMs: options.pingIntervalMs ?? DEFAULT_TIMINGS.pingIntervalMs,
      answerTimeoutMs: options.answerTimeoutMs ?? DEFAULT_TIMINGS.answerTimeoutMs,
    };
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, {
        maxPayload: MAX_FRAME_BYTES,
        handshakeTimeout: timings.answerTimeoutMs,
        perMessageDeflate: false,
        followRedirects: false,
        lookup: guardedLookup(options.lookup),
      });
      const fail = (error: StreamError) => {
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.terminate();
        reject(error);
      };
      socket.once('unexpected-response', (_request, response) => {
        response.resume();
        fail(
          new StreamError(
            `the exchange refused the connection (HTTP ${response.statusCode})`,
            true,
          ),
        );
      });
      socket.once('error', (error) => fail(new StreamError(error.message, false)));
      socket.once('open', () => {
        socket.removeAllListeners();
        resolve(
          new StreamConnection(socket, handlers, timings, options.secret || undefined, options),
        );
      });
    });
  }

  /** Sends a request and waits for its answer; an error answer rejects with a refused StreamError. */
  async request(method: string, params: unknown[]): Promise<unknown> {
    await this.slot();
    if (this.closed) throw new StreamError('the connection is closed', false);
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new StreamError(`no answer to ${method}`, false));
        this.close(`the exchange stopped answering (${method})`);
      }, this.timings.answerTimeoutMs);
      timer.unref?.();
      this.pending.set(id, { method, resolve, reject, timer });
    });
    this.window.record(Date.now());
    this.socket.send(JSON.stringify({ id, method, params }));
    return answer;
  }

  /** Closes the socket (no reconnection here: the session decides). */
  close(reason = 'closed'): void {
    if (this.closed) return;
    this.socket.terminate();
    this.ended(reason);
  }

  private async slot(): Promise<void> {
    if (this.queued >= MAX_QUEUED) throw new StreamError('too many requests waiting', false);
    this.queued += 1;
    try {
      for (let wait = this.window.wait(Date.now()); wait > 0 && !this.closed;) {
        await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
        wait = this.window.wait(Date.now());
      }
    } finally {
      this.queued -= 1;
    }
  }

  private async ping(): Promise<void> {
    try {
      parsePong(await this.request('ping', []));
    } catch (error) {
      // No answer closes the connection already; a wrong one is logged and the next ping decides.
      if (error instanceof ExchangeError) this.dropped('ping', error.message);
    }
  }

  private received(data: WebSocket.RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (this.flood.hit(this.now())) {
      const { perSecond, seconds } = this.flood;
      this.flooded = true;
      return this.close(`flooding: more than ${perSecond} messages a second for ${seconds} s`);
    }
    if (isBinary) return this.dropped('frame', 'a binary frame');
    const frame = data.toString();
    if (this.secret && frame.includes(this.secret)) return this.carriedSecret(answerId(frame));
    let message: StreamMessage;
    try {
      message = parseStreamMessage(frame);
    } catch (error) {
      return this.dropped('frame', error instanceof Error ? error.message : 'unreadable');
    }
    // Escapes (\u0074, \/) can write the token so that the frame's text does not hold it.
    if (this.secret && frame.includes('\\') && holdsText(message, this.secret)) {
      return this.carriedSecret(message.kind === 'answer' ? message.id : undefined);
    }
    if (message.kind === 'update') {
      try {
        this.handlers.onUpdate(message.method, message.params);
      } catch (error) {
        this.dropped(message.method, error instanceof Error ? error.message : 'unreadable');
      }
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return this.dropped('answer', `an answer to no request (${message.id})`);
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.error) {
      const words = scrubForeign(message.error.message, this.secrets());
      pending.reject(new StreamError(`${pending.method}: ${words}`, true));
    } else pending.resolve(message.result);
  }

  /** A frame that carried the token is dropped; the request it answers (if any) fails now. */
  private carriedSecret(id: number | undefined): void {
    this.dropped('frame', 'a frame that carried the stream token');
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(
      new StreamError(`${pending.method}: the answer carried the stream token (dropped)`, true),
    );
  }

  private secrets(): string[] {
    return this.secret ? [this.secret] : [];
  }

  /**
   * One log line (never the message itself, which may carry anything), at most 20 a minute. What
   * and why may quote the exchange: the token is scrubbed, long token-like runs are masked.
   */
  dropped(what: string, why: string): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.drops.minute) this.drops = { minute, count: 0 };
    this.drops.count += 1;
    if (this.drops.count <= DROP_LINES_PER_MINUTE) {
      const line = `dropped a message (${what.slice(0, 60)}): ${why.slice(0, 300)}`;
      log.warn(`[stream] ${scrubForeign(line, this.secrets())}`);
    } else if (this.drops.count === DROP_LINES_PER_MINUTE + 1) {
      log.warn('[stream] dropping more messages this minute; not logging them');
    }
  }

  private ended(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pinger);
    this.socket.removeAllListeners();
    this.socket.on('error', () => undefined);
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new StreamError(`the connection closed: ${reason}`, false));
      this.pending.delete(id);
    }
    this.handlers.onClose(reason);
  }
}

/** The id of an answer frame, read without the schema (the frame is dropped either way). */
function answerId(frame: string): number | undefined {
  try {
    const value: unknown = JSON.parse(frame);
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : null;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Does any string of the message (a key or a value, at any depth) hold `text`? No recursion. */
function holdsText(message: StreamMessage, text: string): boolean {
  const stack: unknown[] =
    message.kind === 'answer'
      ? [message.result, message.error?.message]
      : [message.method, message.params];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes(text)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        if (key.includes(text)) return true;
        stack.push(field);
      }
    }
  }
  return false;
}
