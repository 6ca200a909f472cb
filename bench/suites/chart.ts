import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  chromiumExecutable,
  fmt,
  median,
  RunLimit,
  type BenchSuite,
  type Verdict,
} from '../support';
import { buildHarness, pageWork, serve } from './tables';

/**
 * Trade's candle chart (issue 35) in headless Chromium: the app's CandleChart (lightweight-charts)
 * over 10,000 candles (bench/chart/main.tsx, built with Vite). Per run: the first paint after the
 * data (render call to the frame after it), and the main-thread work of a live update per tick
 * (the last candle moves; a new candle each 60th), each tick committed and followed by a frame.
 */

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'bench', 'chart');
const OUT = join(ROOT, 'bench-results', 'chart-harness');
const CANDLES = 10_000;
const TICKS = 300;
const RUNS = 5;
const TARGETS = { firstPaintMs: 150, tickWorkMs: 2 } as const;

interface RunResult {
  firstPaintMs: number;
  tickWorkMs: number;
}

async function measure(browser: Browser, url: string): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?candles=${CANDLES}`);
    await page.waitForFunction('window.__chartBench !== undefined');
    const firstPaintMs = (await page.evaluate('window.__chartBench.paint()')) as number;
    if (errors.length) throw new Error(`Harness page error: ${errors.join('; ')}`);
    const cdp = await context.newCDPSession(page);
    const work = await pageWork(cdp);
    const before = await work();
    await page.evaluate(`window.__chartBench.ticks(${TICKS})`);
    const tickWorkMs = (((await work()) - before) * 1000) / TICKS;
    await cdp.detach();
    return { firstPaintMs, tickWorkMs };
  } finally {
    await context.close();
  }
}

export const suite: BenchSuite = {
  name: 'chart',
  title: `Trade's candle chart: ${fmt(CANDLES)} candles and live ticks in headless Chromium`,
  async run(context) {
    context.log('chart: building the harness with Vite');
    await buildHarness(SRC, OUT);
    const { url, server } = await serve(OUT);
    const executable = chromiumExecutable(context.pinning);
    const browser = await chromium.launch({
      executablePath: executable.path,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    const runs: RunResult[] = [];
    const limit = new RunLimit(context, RUNS);
    try {
      await measure(browser, url); // warm-up, not counted
      while (limit.next()) {
        const result = await measure(browser, url);
        runs.push(result);
        context.log(
          `chart: run ${runs.length}/${RUNS}: first paint ${fmt(result.firstPaintMs, 1)} ms, ` +
            `${fmt(result.tickWorkMs, 3)} ms of work a tick`,
        );
      }
    } finally {
      await browser.close();
      executable.cleanup();
      await new Promise<void>((done) => server.close(() => done()));
    }
    const span = (key: keyof RunResult, digits: number) => {
      const values = runs.map((r) => r[key]);
      return `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})`;
    };
    const summary = {
      firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
      tickWorkMs: median(runs.map((r) => r.tickWorkMs)),
    };
    const verdict = (name: string, value: number, target: number, digits: number): Verdict => ({
      name: `${name}: ${fmt(value, digits)} ms vs target < ${target} ms; measured / target`,
      ratio: value / target,
      target: 1,
      pass: value < target,
    });
    return {
      noisy: limit.noisy('runs'),
      tables: [
        {
          title: `Median of ${limit.done} runs (min-max), ${fmt(CANDLES)} 1 h candles, ${TICKS} ticks a run`,
          columns: ['metric', 'value', 'target'],
          rows: [
            [
              'First paint after the data, ms',
              span('firstPaintMs', 1),
              `< ${TARGETS.firstPaintMs}`,
            ],
            [
              'Main-thread work per live tick, ms',
              span('tickWorkMs', 3),
              `< ${TARGETS.tickWorkMs}`,
            ],
          ],
        },
      ],
      verdicts: [
        verdict('first paint of 10,000 candles', summary.firstPaintMs, TARGETS.firstPaintMs, 1),
        verdict('work per live tick', summary.tickWorkMs, TARGETS.tickWorkMs, 3),
      ],
      notes: [
        "Page: bench/chart/main.tsx built with Vite (production) into bench-results/chart-harness/ and served on 127.0.0.1; the app's styles.css and CandleChart (lightweight-charts 5.2.1) in a 900 px wide box, market places 2/6, deterministic decimal-string candles.",
        'First paint: performance.now() before a flushSync render of the chart with the candles (the chart is created and given the data in its effects) -> a task after the next animation frame (the frame lightweight-charts draws in).',
        `Per tick: the last candle's close moves (every 60th tick a new candle), the chart is rendered again (flushSync; the component updates the series, not redraws it) and a frame follows; CDP Performance.getMetrics ScriptDuration + RecalcStyleDuration + LayoutDuration over ${TICKS} ticks, divided by ${TICKS} (the harness's own loop included).`,
        `Browser: headless, ${CHROMIUM_ARGS.join(' ')}, one fresh context per run, one warm-up run first. ${context.pinning.applied ? `Pinned (CPUs ${context.pinning.benchCpu},${context.pinning.serverCpu}).` : 'Not pinned.'}`,
      ],
      data: {
        config: { candles: CANDLES, ticks: TICKS, runs: limit.done, targets: TARGETS },
        summary,
        runs,
      },
    };
  },
};
