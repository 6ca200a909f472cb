/** A one-shot timer: what a job schedules itself with (tests inject their own). */
export type SetTimer = (run: () => void, ms: number) => { stop(): void };

/** setTimeout that does not keep the process alive. */
export const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { stop: () => clearTimeout(timer) };
};

/**
 * A background job of main: runs `firstDelayMs` after `start`, then `intervalMs` after each run
 * ends (never two at once); `stop` cancels what is scheduled, and a run under way schedules
 * nothing more. A run's failure is `onError`'s; the next run still comes.
 */
export class RepeatingJob {
  private timer: { stop(): void } | undefined;
  /** Bumped by start and stop: a timer of an earlier start schedules nothing more. */
  private generation = 0;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly options: {
      firstDelayMs: number;
      intervalMs: number;
      onError: (error: unknown) => void;
      setTimer?: SetTimer | undefined;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.schedule(this.options.firstDelayMs, ++this.generation);
  }

  stop(): void {
    this.generation++;
    this.timer?.stop();
    this.timer = undefined;
  }

  private schedule(ms: number, generation: number): void {
    this.timer = (this.options.setTimer ?? unrefTimer)(() => {
      void this.run()
        .catch(this.options.onError)
        .finally(() => {
          if (generation === this.generation) this.schedule(this.options.intervalMs, generation);
        });
    }, ms);
  }
}
