import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  chromiumExecutable,
  benchChromiumPath,
  fmt,
  fmtBytes,
  median,
  percentile,
  sortedCopy,
  RunLimit,
  type BenchSuite,
  type Table,
  type Verdict,
} from '../support';

/**
 * The Portfolio views' tables with 10,000 rows in headless Chromium (issue "Portfolio views"): the
 * app's real DataTable with the Active orders and the History columns exactly as the views define
 * them (bench/tables/main.tsx, built with Vite), served from 127.0.0.1. Per table and run: time to
 * first render, frame intervals while scrolling to the bottom over ~2 s, DOM nodes after scrolling,
 * JS heap after a forced GC. Median of RUNS runs, each in a fresh browser context.
 */

const ROOT = resolve(__dirname, '../..');
const HARNESS_SRC = join(ROOT, 'bench', 'tables');
const HARNESS_OUT = join(ROOT, 'bench-results', 'tables-harness');
const ROWS = 10_000;
const RUNS = 5;
const SCROLL_MS = 2_000;
const VIEWPORT = { width: 1280, height: 800 };
const TARGETS = { firstRenderMs: 200, frameP95Ms: 16, domNodes: 3_000 } as const;
const TABLES = [
  { id: 'orders', title: 'Active orders', rows: ROWS },
  { id: 'history', title: 'History (deposits and withdrawals)', rows: ROWS },
  // Issue 33: the Mining screen's Workers table for 500 workers.
  { id: 'workers', title: 'Workers (mining, 500 rows)', rows: 500 },
] as const;
/** Measured beside the tables: the same scroll box with static rows (this machine's frame floor). */
const FLOOR = { id: 'floor', title: 'Floor: static box', rows: ROWS } as const;
const MEASURED = [...TABLES, FLOOR] as const;
type TableId = (typeof MEASURED)[number]['id'];

interface RunResult {
  firstRenderMs: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frames: number;
  /** Share of frame intervals over 20 ms (a 60 Hz frame missed), percent. */
  droppedPercent: number;
  domNodes: number;
  heapUsedBytes: number;
  /** Main-thread time in script + style + layout during the scroll, per frame (CDP metrics). */
  workPerFrameMs: number;
}

/** Builds a harness page (bench/tables by default) with Vite (production mode); chart.ts too. */
export async function buildHarness(src = HARNESS_SRC, out = HARNESS_OUT): Promise<void> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: src,
    configFile: false,
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, reportCompressedSize: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A static file server for a built harness on 127.0.0.1 (a free port). */
export function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
    });
    res.end(body);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({ url: `http://127.0.0.1:${port}/`, server });
    });
  });
}

/**
 * The page's main-thread work so far, in seconds (CDP Performance.getMetrics: ScriptDuration +
 * RecalcStyleDuration + LayoutDuration); chart.ts too.
 */
export async function pageWork(cdp: CDPSession): Promise<() => Promise<number>> {
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return of('ScriptDuration') + of('RecalcStyleDuration') + of('LayoutDuration');
  };
}

async function measure(browser: Browser, url: string, table: TableId): Promise<RunResult> {
  const ROWS = MEASURED.find((t) => t.id === table)!.rows;
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?table=${table}&rows=${ROWS}`);
    await page.waitForFunction('window.__bench && window.__bench.firstRenderMs !== undefined', {
      timeout: 30_000,
    });
    if (errors.length) throw new Error(`Harness page error: ${errors.join('; ')}`);
    const firstRenderMs = (await page.evaluate('window.__bench.firstRenderMs')) as number;
    const rows = (await page.evaluate('window.__bench.rows')) as number;
    if (rows !== ROWS) throw new Error(`The harness made ${rows} rows, not ${ROWS}`);
    // Let the first render's trailing work (fonts, virtualiser measuring) settle.
    await page.waitForTimeout(300);
    const cdp = await context.newCDPSession(page);
    const work = await pageWork(cdp);
    const workBefore = await work();
    const intervals = (await page.evaluate(`window.__bench.scroll(${SCROLL_MS})`)) as number[];
    const workSeconds = (await work()) - workBefore;
    const atBottom = (await page.evaluate(
      `(() => { const b = document.querySelector('.table-body');
        return b.scrollTop + b.clientHeight >= b.scrollHeight - 1
          && document.querySelector('[role="row"][aria-rowindex="${ROWS + 1}"]') !== null; })()`,
    )) as boolean;
    if (!atBottom) throw new Error(`${table}: the scroll did not reach the last row`);
    const domNodes = (await page.evaluate(`document.getElementsByTagName('*').length`)) as number;
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    const sorted = sortedCopy(intervals);
    return {
      firstRenderMs,
      frameP50Ms: percentile(sorted, 0.5),
      frameP95Ms: percentile(sorted, 0.95),
      frames: intervals.length,
      droppedPercent: (100 * intervals.filter((ms) => ms > 20).length) / intervals.length,
      domNodes,
      heapUsedBytes: heap.usedSize,
      workPerFrameMs: (workSeconds * 1000) / Math.max(1, intervals.length),
    };
  } finally {
    await context.close();
  }
}

const chromiumVersion = (path: string): string => {
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : 'unknown';
};

export const suite: BenchSuite = {
  name: 'tables',
  title: `Portfolio tables: ${fmt(ROWS)} active orders and ${fmt(ROWS)} history rows, 500 mining workers, in headless Chromium`,
  async run(context) {
    context.log('tables: building the harness with Vite');
    await buildHarness();
    const { url, server } = await serve(HARNESS_OUT);
    const executable = chromiumExecutable(context.pinning);
    const browser = await chromium.launch({
      executablePath: executable.path,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    const runs: Record<TableId, RunResult[]> = { orders: [], history: [], workers: [], floor: [] };
    const loadBefore = loadavg();
    const limit = new RunLimit(context, RUNS);
    try {
      // One warm-up load per table (disk cache, first compile of the bundle), not counted.
      for (const { id } of MEASURED) await measure(browser, url, id);
      for (let run = 0; limit.next(); run++) {
        // Alternate the order per run.
        const order = run % 2 === 0 ? MEASURED : [...MEASURED].reverse();
        for (const { id } of order) {
          const result = await measure(browser, url, id);
          runs[id].push(result);
          context.log(
            `tables: ${id} run ${run + 1}/${RUNS}: first render ${fmt(result.firstRenderMs, 1)} ms, ` +
              `frames p50 ${fmt(result.frameP50Ms, 1)} / p95 ${fmt(result.frameP95Ms, 1)} ms, ` +
              `work ${fmt(result.workPerFrameMs, 2)} ms/frame, ${result.domNodes} nodes, heap ${fmtBytes(result.heapUsedBytes)}`,
          );
        }
      }
    } finally {
      await browser.close();
      executable.cleanup();
      await new Promise<void>((done) => server.close(() => done()));
    }
    const loadAfter = loadavg();

    const summary = Object.fromEntries(
      MEASURED.map(({ id }) => {
        const list = runs[id];
        const pick = (key: keyof RunResult) => median(list.map((r) => r[key]));
        return [
          id,
          {
            firstRenderMs: pick('firstRenderMs'),
            frameP50Ms: pick('frameP50Ms'),
            frameP95Ms: pick('frameP95Ms'),
            frames: pick('frames'),
            droppedPercent: pick('droppedPercent'),
            domNodes: pick('domNodes'),
            heapUsedBytes: pick('heapUsedBytes'),
            workPerFrameMs: pick('workPerFrameMs'),
          },
        ];
      }),
    ) as Record<TableId, RunResult>;

    const range = (id: TableId, key: keyof RunResult, digits: number) => {
      const values = runs[id].map((r) => r[key]);
      return `${fmt(summary[id][key], digits)} (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})`;
    };
    const table: Table = {
      title: `Median of ${limit.done} runs (min-max), ${fmt(ROWS)} rows each (Workers: 500), viewport ${VIEWPORT.width}x${VIEWPORT.height}`,
      columns: ['metric', ...MEASURED.map((t) => t.title), 'target'],
      rows: [
        [
          'Time to first render, ms',
          ...MEASURED.map((t) => range(t.id, 'firstRenderMs', 1)),
          `< ${TARGETS.firstRenderMs}`,
        ],
        [
          'Frame time while scrolling p50, ms',
          ...MEASURED.map((t) => range(t.id, 'frameP50Ms', 1)),
          '',
        ],
        [
          'Frame time while scrolling p95, ms',
          ...MEASURED.map((t) => range(t.id, 'frameP95Ms', 1)),
          `< ${TARGETS.frameP95Ms}`,
        ],
        [
          'Main-thread work per frame while scrolling, ms',
          ...MEASURED.map((t) => range(t.id, 'workPerFrameMs', 2)),
          '',
        ],
        [
          'Frames over 20 ms (a 60 Hz frame missed), %',
          ...MEASURED.map((t) => range(t.id, 'droppedPercent', 0)),
          '',
        ],
        ['Frames in the scroll', ...MEASURED.map((t) => range(t.id, 'frames', 0)), ''],
        [
          'DOM nodes after scrolling',
          ...MEASURED.map((t) => range(t.id, 'domNodes', 0)),
          `< ${fmt(TARGETS.domNodes)}`,
        ],
        [
          'JS heap used after GC',
          ...MEASURED.map((t) => fmtBytes(summary[t.id].heapUsedBytes)),
          '',
        ],
      ],
    };

    const verdicts: Verdict[] = TABLES.flatMap(({ id, title }) => {
      const s = summary[id];
      const verdict = (name: string, value: number, target: number, unit: string): Verdict => ({
        name: `${title}, ${name}: ${fmt(value, unit === 'ms' ? 1 : 0)} ${unit} vs target < ${fmt(target)} ${unit}; measured / target`,
        ratio: value / target,
        target: 1,
        pass: value < target,
      });
      return [
        verdict('time to first render', s.firstRenderMs, TARGETS.firstRenderMs, 'ms'),
        // rAF intervals cannot go below one display frame (16.7 ms at 60 Hz, the floor column), so
        // the 16 ms target is read as "no frame missed": at most the static page's p95.
        verdict(
          'p95 frame while scrolling (no frame missed = the floor)',
          s.frameP95Ms,
          Math.max(TARGETS.frameP95Ms, summary[FLOOR.id].frameP95Ms) + 0.05,
          'ms',
        ),
        verdict('DOM nodes', s.domNodes, TARGETS.domNodes, 'nodes'),
      ];
    });

    const version = chromiumVersion(benchChromiumPath());
    const notes = [
      `Page: bench/tables/main.tsx built with Vite (production, @vitejs/plugin-react) into bench-results/tables-harness/ and served by a node:http static server on 127.0.0.1; the app's styles.css. It renders the app's DataTable with the columns of ActiveOrdersTab (orderColumns, marketPlaces, initial sort by time, descending) and of TransfersView (transferColumns, per-ticker places), the same props as the views (height tableHeight(rows, 14), 36 px rows), over ${fmt(ROWS)} deterministic rows (decimal strings; seeded generator).`,
      `Browser: ${version}, headless, ${CHROMIUM_ARGS.join(' ')}; one fresh browser context per run, one unmeasured warm-up load per table first; the tables alternate order per run. ${context.pinning.applied ? `Chromium runs on CPUs ${context.pinning.benchCpu},${context.pinning.serverCpu} (taskset wrapper; the bench process itself is pinned to CPU ${context.pinning.benchCpu}).` : 'Not pinned.'}`,
      "Time to first render: performance.now() just before createRoot().render() -> a useLayoutEffect after the first commit schedules requestAnimationFrame, then a task after that frame (so the frame was produced); row generation is before the start and not counted, the views' per-render work (places over all rows, the initial sort) is.",
      `Frame time: the table body is scrolled from top to bottom over ~${SCROLL_MS / 1000} s, one scrollTop step per requestAnimationFrame; the intervals between rAF callbacks are the frame times (p50/p95 nearest rank). Headless Chromium with --disable-gpu composites in software and paces frames by its own scheduler (~16.7 ms at best): these frame times are an upper bound of what a GPU-composited desktop window shows. rAF intervals cannot go below one 60 Hz frame (16.7 ms; the floor column): a p95 "< 16 ms" is not reachable in this measure even by a static page, so read the p95 against the floor (16.7 ms = no frame missed).`,
      `Floor: the same scroll box (size, total height, scroll steps) holding 40 static rows of text and no React work while scrolling: what this browser and machine give at best; the tables' frame times are to be read against it. Load average (1/5/15 min) before the suite ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' / ')} on ${cpus().length} cores (other sessions share this machine).`,
      "Main-thread work per frame: CDP Performance.getMetrics ScriptDuration + RecalcStyleDuration + LayoutDuration over the scroll (the scroll loop itself included), divided by the frames; the part of a frame the page's own code and layout take, independent of the compositor's pacing.",
      'DOM nodes: document.getElementsByTagName("*").length at the bottom of the scroll (the whole page: harness wrapper + table). JS heap: CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage().usedSize.',
    ];

    return {
      noisy: limit.noisy('runs per table'),
      tables: [table],
      verdicts,
      notes,
      data: {
        config: {
          rows: ROWS,
          runs: limit.done,
          scrollMs: SCROLL_MS,
          viewport: VIEWPORT,
          targets: TARGETS,
          chromium: version,
          args: [...CHROMIUM_ARGS],
        },
        loadAverage: { before: loadBefore, after: loadAfter },
        summary,
        runs,
      },
    };
  },
};
