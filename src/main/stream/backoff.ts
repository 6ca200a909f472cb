/**
 * Waits between reconnection attempts: 1 s doubling up to 30 s, with jitter (each wait is drawn
 * between half its step and the full step), so many clients dropped at once do not return at once.
 */
export const BACKOFF_START_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

export class Backoff {
  private attempt = 0;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly startMs = BACKOFF_START_MS,
    private readonly capMs = BACKOFF_CAP_MS,
  ) {}

  /** The wait before the next attempt; each call doubles the step until the cap. */
  next(): number {
    const step = Math.min(this.capMs, this.startMs * 2 ** this.attempt);
    if (step < this.capMs) this.attempt += 1;
    return Math.round(step / 2 + this.random() * (step / 2));
  }

  /** The connection worked: the next drop starts again from the first step. */
  reset(): void {
    this.attempt = 0;
  }
}
