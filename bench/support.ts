import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { chromiumPath } from '../test/support/browser';

export { CHROMIUM_ARGS } from '../test/support/browser';

/**
 * What `npm run bench` (bench/run.ts) shares with its suites (bench/suites/*.ts): the suite shape,
 * CPU pinning, statistics and table formatting.
 */

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

/** A target such as "client within 1.5x of the floor"; printed as PASS/FAIL, never fails the run. */
export interface Verdict {
  name: string;
  /** How many times worse than the reference (1 = equal, above 1 = worse). */
  ratio: number;
  target: number;
  pass: boolean;
}

export interface SuiteResult {
  tables: Table[];
  verdicts: Verdict[];
  /**
   * Why these figures are less trustworthy than usual (fewer runs than planned because the suite's
   * time ran out, too few quiet rounds): printed with the title, and beside every verdict.
   */
  noisy?: string[];
  /** How it was measured: printed under the tables. */
  notes: string[];
  /** The numbers, written to bench-results/latest.json. */
  data: Record<string, unknown>;
}

export interface Pinning {
  /** Whether this process was pinned to benchCpu (and helpers may be pinned to serverCpu). */
  applied: boolean;
  benchCpu: number;
  serverCpu: number;
  detail: string;
}

export interface BenchContext {
  pinning: Pinning;
  /** Progress on stderr, so stdout stays the report. */
  log(message: string): void;
  /** The suite's time (SUITE_BUDGET_MS from its start) is spent: report what has been measured. */
  timeUp(): boolean;
}

/**
 * How long one suite may measure before it reports what it has (its first run always completes):
 * 150 s, or BENCH_SUITE_SECONDS. On a busy machine a suite prints fewer runs, marked noisy, rather
 * than running on for minutes.
 */
export const SUITE_BUDGET_MS = (Number(process.env['BENCH_SUITE_SECONDS']) || 150) * 1000;

/**
 * The repeated runs of one measurement: at most `max`, at least `min`, and no new one once the
 * suite's time is up. `for (let i = 0; runs.next(); i++)`; `noisy(...)` says if it was cut short.
 */
export class RunLimit {
  done = 0;
  private cut = false;

  constructor(
    private readonly context: BenchContext,
    readonly max: number,
    readonly min = 1,
  ) {}

  next(): boolean {
    if (this.done >= this.max) return false;
    if (this.done >= this.min && this.context.timeUp()) {
      this.cut = true;
      return false;
    }
    this.done += 1;
    return true;
  }

  /** A reason for SuiteResult.noisy when the time ran out before `max` runs, else nothing. */
  noisy(what: string): string[] {
    return this.cut
      ? [
          `${what}: ${this.done} of ${this.max} runs, the suite's ${SUITE_BUDGET_MS / 1000} s ran out`,
        ]
      : [];
  }
}

export interface BenchSuite {
  /** Short name, used to select suites: `npm run bench -- client`. */
  name: string;
  title: string;
  run(context: BenchContext): Promise<SuiteResult>;
}

// Browser -------------------------------------------------------------------------------------

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the page suites measure in: $CHROMIUM_PATH when set, else Chromium's headless shell
 * when installed (Debian's chromium-headless-shell, the same Chromium; what Playwright itself runs
 * for headless pages), else the system Chromium (test/support/browser.ts). Full Chromium in
 * headless mode also runs Chrome's own interface pages beside the page: a WebUI renderer for the
 * omnibox popup used half a core while the app loaded, and a bare React page painted in 344 ms
 * there against 132 ms in the shell. An Electron window runs no such pages.
 */
export function benchChromiumPath(): string {
  if (!process.env['CHROMIUM_PATH'] && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath();
}

/**
 * When the bench pinned itself (and so every child) to one core, Chromium runs through a wrapper
 * that gives it both bench cores back: browser, renderer and compositor on one core would measure
 * the pinning, not the page. `cpus` pins it elsewhere (the history suite puts it on the core this
 * process does not use, so that main's event loop measures main).
 */
export function chromiumExecutable(
  pinning: Pinning,
  cpus: readonly number[] = [pinning.benchCpu, pinning.serverCpu],
): {
  /** What to launch: the browser, or the wrapper that pins it. */
  path: string;
  /** The browser itself. */
  real: string;
  cleanup(): void;
} {
  const real = benchChromiumPath();
  if (!pinning.applied) return { path: real, real, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-chromium-'));
  const path = join(dir, 'chromium');
  writeFileSync(
    path,
    `#!/bin/sh\nexec taskset -c ${cpus.join(',')} ${JSON.stringify(real)} "$@"\n`,
  );
  chmodSync(path, 0o755);
  return { path, real, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Pinning -------------------------------------------------------------------------------------

function tasksetWorks(): boolean {
  const probe = spawnSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8' });
  return probe.status === 0;
}

/**
 * Pins every thread of this process (and so its future children) to one core with taskset, when
 * taskset exists and there are at least two cores; helpers such as the demo exchange then go to the
 * other core through `pinnedCommand`.
 */
export function pinSelf(benchCpu = 0, serverCpu = 1): Pinning {
  const cores = availableParallelism();
  if (cores < 2) {
    return { applied: false, benchCpu, serverCpu, detail: `not applied: only ${cores} core` };
  }
  if (!tasksetWorks()) {
    return { applied: false, benchCpu, serverCpu, detail: 'not applied: taskset not available' };
  }
  const pin = spawnSync('taskset', ['-a', '-p', '-c', String(benchCpu), String(process.pid)], {
    encoding: 'utf8',
  });
  if (pin.status !== 0) {
    return {
      applied: false,
      benchCpu,
      serverCpu,
      detail: `not applied: taskset failed (${pin.stderr.trim()})`,
    };
  }
  return {
    applied: true,
    benchCpu,
    serverCpu,
    detail: `applied with taskset: bench on CPU ${benchCpu}, demo exchange on CPU ${serverCpu} (${cores} cores)`,
  };
}

/** The command and arguments that run `command args` on `cpu` when pinning applies. */
export function pinnedCommand(
  pinning: Pinning,
  cpu: number,
  command: string,
  args: string[],
): { command: string; args: string[] } {
  if (!pinning.applied) return { command, args };
  return { command: 'taskset', args: ['-c', String(cpu), command, ...args] };
}

// Demo exchange keys ----------------------------------------------------------------------------

/**
 * API keys for the demo exchange, derived from a seed so the bench and its demo-exchange child agree
 * without passing hundreds of secrets around.
 */
export function benchKeys(seed: string, count: number): { apiKey: string; apiSecret: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    apiKey: `bench-${i}-${createHmac('sha256', seed).update(`key ${i}`).digest('hex').slice(0, 16)}`,
    apiSecret: createHmac('sha256', seed).update(`secret ${i}`).digest('hex'),
  }));
}

// Garbage collection ----------------------------------------------------------------------------

let gcFunction: (() => void) | undefined;

/** A full garbage collection (between measured runs, so each starts from a similar heap). */
export function collectGarbage(): void {
  if (!gcFunction) {
    setFlagsFromString('--expose-gc');
    gcFunction = runInNewContext('gc') as () => void;
  }
  gcFunction();
}

// Statistics ------------------------------------------------------------------------------------

/** Nearest-rank percentile (q in 0..1) of an ascending sorted array. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

export function median(values: number[]): number {
  return percentile(sortedCopy(values), 0.5);
}

/** Median of per-round values, with the smallest and largest. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

// Formatting ------------------------------------------------------------------------------------

export function fmt(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** "1,234 (1,200-1,250)": a median with its range across rounds. */
export function fmtSpread(s: Spread, digits = 0): string {
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}-${fmt(s.max, digits)})`;
}

export function fmtRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a';
}

export function fmtBytes(bytes: number): string {
  if (Math.abs(bytes) >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
  if (Math.abs(bytes) >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/** A text table: first column left-aligned, the others right-aligned. */
export function renderTable(table: Table): string {
  const widths = table.columns.map((column, i) =>
    Math.max(column.length, ...table.rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [table.title, line(table.columns), rule, ...table.rows.map(line)].join('\n');
}
