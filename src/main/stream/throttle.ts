/**
 * Runs `flush` at most once every `intervalMs`: a request when the last run is older runs at once;
 * requests within the interval are folded into one run at its end. What to flush is the caller's
 * (the latest book, the prices gathered since the last run).
 */
export class Throttle {
  private timer: NodeJS.Timeout | undefined;
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly flush: () => void,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  request(): void {
    if (this.timer) return;
    const wait = this.lastRun + this.intervalMs - this.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref?.();
  }

  /** Forgets a pending run (the stream closed, the market changed). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.timer = undefined;
    this.lastRun = this.now();
    this.flush();
  }
}

/**
 * Requests sent in the last `windowMs` on one connection, to stay below the exchange's limit (200 a
 * minute per connection): `wait()` says how long until one more may go.
 */
export class RequestWindow {
  private readonly sent: number[] = [];

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  wait(now: number): number {
    while (this.sent.length && this.sent[0]! <= now - this.windowMs) this.sent.shift();
    return this.sent.length < this.limit ? 0 : this.sent[0]! + this.windowMs - now;
  }

  record(now: number): void {
    this.sent.push(now);
  }
}
