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
import { PriceAlertBook } from '../../src/main/services/priceAlerts';
import { BOOK_INTERVAL_MS } from '../../src/main/stream/throttle';
import type { PriceAlert } from '../../src/shared/model';

/**
 * Trade's candle chart (issue 35) in headless Chromium: the app's CandleChart (lightweight-charts)
 * over 10,000 candles (bench/chart/main.tsx, built with Vite). Per run: the first paint after the
 * data (render call to the frame after it), and the main-thread work of a live update per tick
 * (the last candle moves; a new candle each 60th), each tick committed and followed by a frame.
 * And main's price-alert evaluation per price message for 200 alerts (in Node).
 */

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'bench', 'chart');
const OUT = join(ROOT, 'bench-results', 'chart-harness');
const CANDLES = 10_000;
const TICKS = 300;
/** Ticks further apart than main's pushes (each reaches the chart and is drawn). */
const SLOW_TICKS = 40;
const SLOW_APART_MS = BOOK_INTERVAL_MS + 20;
const RUNS = 5;
const TARGETS = { firstPaintMs: 150, tickWorkMs: 2, alertEvalMs: 0.1 } as const;
/** Price alerts evaluated per stream price message: 200 alerts on the 20 markets a message names. */
const ALERTS = 200;
const ALERT_MARKETS = 20;
const ALERT_MESSAGES = 20_000;

/**
 * Main's price-alert evaluation (services/priceAlerts.ts) per `stream.prices` message: 200 alerts,
 * half above and half below, half once and half every time, on 20 markets; every message names
 * all 20 markets with prices that swing across every alert's price (the every-time alerts fire
 * and re-arm each time: the most work). Answers ms per message.
 */
function alertEvalMs(): number {
  const markets = Array.from({ length: ALERT_MARKETS }, (_, i) => `M${i}_USDT`);
  const alerts: PriceAlert[] = Array.from({ length: ALERTS }, (_, i) => ({
    id: i + 1,
    createdAt: 0,
    market: markets[i % ALERT_MARKETS]!,
    direction: i % 2 === 0 ? 'above' : 'below',
    price: `${1000 + (i % 7)}.${String(i).padStart(2, '0')}`,
    repeat: i % 4 < 2 ? 'once' : 'every',
    note: '',
    state: 'armed',
    firedAt: null,
    firedPrice: null,
  }));
  const book = new PriceAlertBook(alerts);
  const messages = ['900.12', '1100.55'].map((price) =>
    Object.fromEntries(markets.map((m) => [m, price])),
  );
  for (let i = 0; i < 1000; i++) book.evaluate(messages[i % 2]!, i); // warm-up
  const start = performance.now();
  for (let i = 0; i < ALERT_MESSAGES; i++) book.evaluate(messages[i % 2]!, i);
  return (performance.now() - start) / ALERT_MESSAGES;
}

interface RunResult {
  firstPaintMs: number;
  tickWorkMs: number;
  /** The work per tick when ticks come slower than the pushes (each one drawn). */
  drawnTickWorkMs: number;
  alertEvalMs: number;
}

async function measure(browser: Browser, url: string): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?candles=${CANDLES}`);
    // Polled on a timer, not on frames: the page counts the frames its chart asks for.
    await page
      .waitForFunction('window.__chartBench !== undefined', undefined, { polling: 100 })
      .catch((error: unknown) => {
        throw new Error(`The harness did not start (${errors.join('; ') || String(error)})`);
      });
    const firstPaintMs = (await page.evaluate('window.__chartBench.paint()')) as number;
    if (errors.length) throw new Error(`Harness page error: ${errors.join('; ')}`);
    const cdp = await context.newCDPSession(page);
    const work = await pageWork(cdp);
    const before = await work();
    await page.evaluate(`window.__chartBench.ticks(${TICKS})`);
    const tickWorkMs = (((await work()) - before) * 1000) / TICKS;
    const slowBefore = await work();
    const pushed = (await page.evaluate(
      `window.__chartBench.ticks(${SLOW_TICKS}, ${SLOW_APART_MS})`,
    )) as number;
    if (pushed !== SLOW_TICKS) throw new Error(`${pushed} of ${SLOW_TICKS} slow ticks pushed`);
    const drawnTickWorkMs = (((await work()) - slowBefore) * 1000) / SLOW_TICKS;
    await cdp.detach();
    return { firstPaintMs, tickWorkMs, drawnTickWorkMs, alertEvalMs: alertEvalMs() };
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
            `${fmt(result.tickWorkMs, 3)} ms of work a tick (${fmt(result.drawnTickWorkMs, 3)} each drawn), ` +
            `${fmt(result.alertEvalMs, 4)} ms per price message for ${ALERTS} alerts`,
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
      drawnTickWorkMs: median(runs.map((r) => r.drawnTickWorkMs)),
      alertEvalMs: median(runs.map((r) => r.alertEvalMs)),
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
            [
              `Work per tick, ticks ${SLOW_APART_MS} ms apart (each one drawn), ms`,
              span('drawnTickWorkMs', 3),
              '(shown)',
            ],
            [
              `Price alert evaluation per price message (${ALERTS} alerts), ms`,
              span('alertEvalMs', 4),
              `< ${TARGETS.alertEvalMs}`,
            ],
          ],
        },
      ],
      verdicts: [
        verdict('first paint of 10,000 candles', summary.firstPaintMs, TARGETS.firstPaintMs, 1),
        verdict('work per live tick', summary.tickWorkMs, TARGETS.tickWorkMs, 3),
        verdict(
          `price alert evaluation, ${ALERTS} alerts`,
          summary.alertEvalMs,
          TARGETS.alertEvalMs,
          4,
        ),
      ],
      notes: [
        "Page: bench/chart/main.tsx built with Vite (production) into bench-results/chart-harness/ and served on 127.0.0.1; the app's styles.css and Trade's ChartPanel (CandleChart, lightweight-charts 5.2.1) over a stand-in bridge (the app's createDesk) in a 900 px wide box, market places 2/6, deterministic decimal-string candles.",
        "First paint: performance.now() when the stand-in bridge answers ChartPanel's trade.candles with the candles -> a task after the first frame in which the chart has drawn them and asks for no further frame (the chart's chunk loaded and a small day chart drawn and left before, so the chart is created anew).",
        `Per tick: an exchange candle update every frame (the last candle's close and volume move, every 60th tick a new candle) -> main's CandlePushes, as the stream session holds it (each candle's latest at most every ${BOOK_INTERVAL_MS} ms; it runs in the page here, its work counted) -> a stream.candles event on the bridge -> applyCandle -> the candles store -> CandleChart (the library's series, the OHLC header); 6 order lines and 20 fill markers on the chart; CDP Performance.getMetrics ScriptDuration + RecalcStyleDuration + LayoutDuration over ${TICKS} ticks and the last push's frame, divided by ${TICKS} (the harness's own loop included). Ticks apart: ${SLOW_TICKS} more ticks, each ${SLOW_APART_MS} ms after the last (slower than the pushes: each reaches the chart and is drawn), the same work divided by ${SLOW_TICKS}: what an update costs when the exchange's come no faster than main pushes them.`,
        `Price alerts: main's PriceAlertBook.evaluate in Node (this process), ${ALERTS} alerts on ${ALERT_MARKETS} markets, ${fmt(ALERT_MESSAGES)} messages naming all ${ALERT_MARKETS} markets with prices alternating across every alert (every-time alerts fire and re-arm each message), after 1,000 warm-up messages; wall time / messages.`,
        `Browser: headless, ${CHROMIUM_ARGS.join(' ')}, one fresh context per run, one warm-up run first. ${context.pinning.applied ? `Pinned (CPUs ${context.pinning.benchCpu},${context.pinning.serverCpu}).` : 'Not pinned.'}`,
      ],
      data: {
        config: {
          candles: CANDLES,
          ticks: TICKS,
          alerts: ALERTS,
          alertMessages: ALERT_MESSAGES,
          runs: limit.done,
          targets: TARGETS,
        },
        summary,
        runs,
      },
    };
  },
};
