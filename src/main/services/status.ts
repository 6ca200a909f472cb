import type { ExchangeStatus } from '../../shared/model';
import { ping } from '../exchange/ping';

export const STATUS_INTERVAL_MS = 15_000;

/**
 * Keeps the active exchange's liveness: pings now and every `intervalMs`, and reports every result
 * (latency changes too) to `onChange`.
 */
export class StatusMonitor {
  private status: ExchangeStatus;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<ExchangeStatus> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly onChange: (status: ExchangeStatus) => void,
    private readonly intervalMs = STATUS_INTERVAL_MS,
  ) {
    this.status = { state: 'checking', baseUrl };
  }

  current(): ExchangeStatus {
    return this.status;
  }

  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One check; concurrent callers share the request in flight. */
  check(): Promise<ExchangeStatus> {
    this.inFlight ??= ping(this.baseUrl)
      .then((result) => {
        const checkedAt = Date.now();
        this.status = result.ok
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
}
