import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Envelope } from '../src/shared/errors';
import { benchChromiumPath, CHROMIUM_ARGS } from './support';

/**
 * Headless Chromium for the suites that open the real page (mining.ts, history.ts; tables.ts uses
 * the same flags), and the User Timing spans those pages mark: `<name>:request` (the store sends
 * the request), `<name>:data` (the answer is in), `<name>:painted` (a requestAnimationFrame after
 * the chart committed it; src/renderer/lib/userTiming.ts).
 */

/**
 * A headless browser with a fresh profile; close() also removes the profile. `executablePath`: what
 * to launch (default the bench's Chromium; e.g. a wrapper that pins it, support.ts).
 */
export async function launchBenchBrowser(executablePath = benchChromiumPath()): Promise<{
  browser: BrowserContext;
  close(): Promise<void>;
}> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [...CHROMIUM_ARGS],
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface MarkedLoad<T> {
  /** The RPC's answer. */
  value: T;
  requestToData: number;
  dataToPainted: number;
  requestToPainted: number;
  /** The chart's data-point-count. */
  drawn: number;
}

/**
 * Runs `trigger`, waits for the answer of `/rpc/<channel>` and the `<marks>:painted` after its
 * `<marks>:data`, and answers the spans between the marks and the points the chart (`chartTestId`)
 * says it draws.
 */
export async function measureMarkedLoad<T>(
  page: Page,
  options: { channel: string; marks: string; chartTestId: string },
  trigger: () => Promise<void>,
): Promise<MarkedLoad<T>> {
  const { channel, marks: name, chartTestId } = options;
  await page.evaluate('performance.clearMarks()');
  const response = page.waitForResponse((r) => r.url().endsWith(`/rpc/${channel}`), {
    timeout: 120_000,
  });
  await trigger();
  const envelope = (await (await response).json()) as Envelope<T>;
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error.message}`);
  // Expressions as text: tsx would wrap functions with a helper the page does not have. The page
  // resolves once a painted mark follows the data mark (a PerformanceObserver: no polling, and no
  // eval, which the app's CSP refuses).
  const seen = await page.evaluate(
    `new Promise((done) => {
      setTimeout(() => done(false), 60000);
      const check = () => {
        const data = performance.getEntriesByName('${name}:data')[0];
        return data !== undefined &&
          performance.getEntriesByName('${name}:painted').some((m) => m.startTime >= data.startTime);
      };
      if (check()) return done(true);
      const observer = new PerformanceObserver(() => {
        if (!check()) return;
        observer.disconnect();
        done(true);
      });
      observer.observe({ type: 'mark' });
    })`,
  );
  if (seen !== true) throw new Error(`no ${name}:painted mark within 60 s of the data`);
  const marks = (await page.evaluate(
    `(() => {
      const at = (name) => performance.getEntriesByName(name).map((m) => m.startTime);
      return { request: at('${name}:request'), data: at('${name}:data'), painted: at('${name}:painted') };
    })()`,
  )) as { request: number[]; data: number[]; painted: number[] };
  const request = marks.request.at(-1)!;
  const data = marks.data.at(-1)!;
  const painted = marks.painted.find((t) => t >= data)!;
  const drawn = Number(
    await page.getByTestId(chartTestId).getAttribute('data-point-count', { timeout: 10_000 }),
  );
  return {
    value: envelope.value,
    requestToData: data - request,
    dataToPainted: painted - data,
    requestToPainted: painted - request,
    drawn,
  };
}
