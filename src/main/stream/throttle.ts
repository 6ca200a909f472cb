/** The book, the trades and the chart's candles are pushed to the page at most this often. */
export const BOOK_INTERVAL_MS = 100;

/**
 * Runs `flush` at most once every `intervalMs`: a request when the last run is older runs at once;
 * requests within the interval are folded into one run at its end. What to flush is the caller's
 * (the latest book, the prices gathered since the last run).
 */
export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
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
    // Node's timer does not keep the process alive (the chart bench runs this in a page).
    (this.timer as { unref?: () => void }).unref?.();
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

/**
 * Counts events (frames from the exchange) by whole seconds over the last `seconds` seconds:
 * `hit(now)` counts one and says whether more than `perSecond` × `seconds` came in that time, a
 * rate sustained over the window rather than a burst of one second. Constant work per hit.
 */
export class SustainedRate {
  private readonly counts: number[];
  private total = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    readonly perSecond: number,
    readonly seconds: number,
  ) {
    this.counts = Array<number>(seconds).fill(0);
  }

  hit(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second > this.last) {
      // The seconds that left the window since the last hit (at most all of them) start at zero.
      for (let s = Math.max(this.last + 1, second - this.seconds + 1); s <= second; s += 1) {
        const slot = this.slot(s);
        this.total -= this.counts[slot]!;
        this.counts[slot] = 0;
      }
      this.last = second;
    }
    // A clock that stepped back counts in the latest second.
    this.counts[this.slot(this.last)]! += 1;
    this.total += 1;
    return this.total > this.perSecond * this.seconds;
  }

  private slot(second: number): number {
    return ((second % this.seconds) + this.seconds) % this.seconds;
  }
}
