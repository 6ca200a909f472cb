import type { ExchangeStatus } from '../../shared/model';
import { ExchangeApi } from '../exchange/api';
import { ExchangeClient } from '../exchange/client';
import { ExchangeError } from '../exchange/errors';
import { TransportError } from '../exchange/transport';

export const STATUS_INTERVAL_MS = 15_000;
export const PING_TIMEOUT_MS = 5_000;

/** A short reason for the status pill ("connection refused", "no answer within 5 s", ...). */
export function shortReason(error: unknown): string {
  if (error instanceof TransportError && error.reason === 'aborted') {
    return `no answer within ${PING_TIMEOUT_MS / 1000} s`;
  }
  if (!(error instanceof ExchangeError))
    return error instanceof Error ? error.message : String(error);
  const cause = error.cause as { code?: string } | undefined;
  switch (error.kind) {
    case 'network':
      switch (cause?.code) {
        case 'ECONNREFUSED':
          return 'connection refused';
        case 'ECONNRESET':
          return 'connection reset';
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
          return 'host not found (check the network)';
        case 'ETIMEDOUT':
          return 'connection timed out';
        default:
          return 'network error';
      }
    case 'timeout':
      return 'no answer in time';
    case 'maintenance':
      return 'under maintenance (HTTP 503)';
    case 'rate-limit':
      return 'rate limited (HTTP 429)';
    default:
      return error.status && (error.status < 200 || error.status >= 300)
        ? `HTTP ${error.status}`
        : 'unexpected answer';
  }
}

/**
 * Keeps the active exchange's liveness: `GET /api/v4/public/ping` now and every `intervalMs`, and
 * reports every result (latency changes too) to `onChange`.
 */
export class StatusMonitor {
  private status: ExchangeStatus;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<ExchangeStatus> | undefined;
  private readonly api: ExchangeApi;

  constructor(
    private readonly baseUrl: string,
    private readonly onChange: (status: ExchangeStatus) => void,
    private readonly intervalMs = STATUS_INTERVAL_MS,
    api?: ExchangeApi,
  ) {
    this.status = { state: 'checking', baseUrl };
    this.api = api ?? new ExchangeApi(new ExchangeClient({ baseUrl }));
  }

  current(): ExchangeStatus {
    return this.status;
  }

  /** Checks now and then every interval; starting a started monitor only checks now. */
  start(): void {
    void this.check();
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * A request to the exchange failed on the network (the client reports it; the pill must not say
   * Online beside a "connection refused" banner). A request that could not even connect (refused,
   * host not found) marks the exchange offline at once; a running monitor then checks at once, so
   * a one-off failure (a reset on a kept-alive socket) is set right by the ping's answer. While a
   * check is under way, or when the exchange is already offline, there is nothing to add.
   */
  reportFailure(error: unknown): void {
    if (this.inFlight || this.status.state === 'offline') return;
    if (error instanceof ExchangeError && error.notSent) {
      this.status = {
        state: 'offline',
        baseUrl: this.baseUrl,
        reason: shortReason(error),
        checkedAt: Date.now(),
      };
      this.onChange(this.status);
    }
    if (this.timer) void this.check();
  }

  /**
   * A request to the exchange was answered (the client reports it). While the status says the
   * exchange is down, that answer is the first sign it is back: check at once rather than at the
   * next interval, so the pill turns to Polling or Live with it. Otherwise there is nothing to do.
   */
  reportAnswer(): void {
    if (this.inFlight || this.status.state !== 'offline') return;
    void this.check();
  }

  /** One check; concurrent callers share the request in flight. */
  check(): Promise<ExchangeStatus> {
    this.inFlight ??= this.ping()
      .then((result) => {
        const checkedAt = Date.now();
        this.status =
          'latencyMs' in result
            ? { state: 'online', baseUrl: this.baseUrl, latencyMs: result.latencyMs, checkedAt }
            : { state: 'offline', baseUrl: this.baseUrl, reason: result.reason, checkedAt };
        this.onChange(this.status);
        return this.status;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private async ping(): Promise<{ latencyMs: number } | { reason: string }> {
    const started = performance.now();
    try {
      await this.api.ping({ signal: AbortSignal.timeout(PING_TIMEOUT_MS) });
      return { latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return { reason: shortReason(error) };
    }
  }
}
