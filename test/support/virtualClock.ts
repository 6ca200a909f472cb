/**
 * A clock a test moves by hand: `now` and timers that fire only when the test says so, for code
 * that takes its clock and timers as arguments (the pacer, the demo exchange's rate limits). Unlike
 * vitest's fake timers it leaves the process's own timers alone, so real sockets keep working.
 */
export class VirtualClock {
  private time: number;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private lastId = 0;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  readonly setTimeout = (run: () => void, ms: number): number => {
    const id = ++this.lastId;
    this.timers.set(id, { at: this.time + Math.max(0, ms), run });
    return id;
  };

  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  /** Timers set and not yet fired. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves the clock forward by `ms`, running the timers that fall due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      let next: { at: number } | undefined;
      for (const timer of this.timers.values()) if (!next || timer.at < next.at) next = timer;
      if (!next || next.at > until) break;
      this.runNext();
    }
    this.time = until;
  }

  /** Moves the clock to the earliest timer and runs it; false when no timer is set. */
  runNext(): boolean {
    let next: [number, { at: number; run: () => void }] | undefined;
    for (const entry of this.timers) if (!next || entry[1].at < next[1].at) next = entry;
    if (!next) return false;
    const [id, { at, run }] = next;
    this.timers.delete(id);
    this.time = Math.max(this.time, at);
    run();
    return true;
  }
}
