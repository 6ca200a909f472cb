import type { StreamCandle } from '../../shared/model';
import { Throttle } from './throttle';

/** Candle pushes held between two runs at most (the newest kept): the exchange's are untrusted. */
export const CANDLES_HELD = 64;

/**
 * The chart's candles from the stream, pushed at most once every `intervalMs` (as the book and
 * the trades are): the exchange may update the last candle with every trade, and the chart needs
 * each candle's latest values, not every one of them. Within an interval, a candle updated again
 * is pushed once with its latest values; the candles are pushed oldest first, so a candle that
 * ended and the next one both arrive (nothing of a finished candle is lost).
 */
export class CandlePushes {
  private readonly held = new Map<string, StreamCandle>();
  private readonly throttle: Throttle;

  constructor(
    private readonly push: (candle: StreamCandle) => void,
    intervalMs: number,
    now?: () => number,
  ) {
    this.throttle = new Throttle(() => this.flush(), intervalMs, now);
  }

  add(update: StreamCandle): void {
    // A candle updated again is held with its newest values (pushed in time order).
    this.held.set(`${update.market} ${update.interval} ${update.candle.time}`, update);
    if (this.held.size > CANDLES_HELD) {
      const oldest = this.oldest();
      if (oldest !== undefined) this.held.delete(oldest);
    }
    this.throttle.request();
  }

  /** Forgets what is held (the chart watches other candles, or the connection closed). */
  cancel(): void {
    this.held.clear();
    this.throttle.cancel();
  }

  private oldest(): string | undefined {
    let key: string | undefined;
    let time = Number.POSITIVE_INFINITY;
    for (const [k, update] of this.held) {
      if (update.candle.time < time) [key, time] = [k, update.candle.time];
    }
    return key;
  }

  private flush(): void {
    const due = [...this.held.values()].sort((a, b) => a.candle.time - b.candle.time);
    this.held.clear();
    for (const update of due) this.push(update);
  }
}
