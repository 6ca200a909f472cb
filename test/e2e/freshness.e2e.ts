import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { ShellPage } from './pages/shell';
import { TradePage } from './pages/trade';

/**
 * Freshness and the exchange going away (issue 32, items 10 and 11). Main's own status check runs
 * once an hour here: the test makes the outage (the demo answers 503) and asks for the check itself,
 * so nothing but what the test does can change the pill.
 */
let session: DemoSession;
let page: Page;
let shell: ShellPage;

const HOUR_MS = 60 * 60_000;
const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;

beforeAll(async () => {
  session = await startDemoSession('freshness', { statusIntervalMs: HOUR_MS });
  page = session.page;
  shell = new ShellPage(page);
  await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
});

afterAll(() => session?.stop());

const checkNow = () => session.app.core.handlers['exchange.checkNow'](undefined);

/** The demo answers every REST request with its 503 maintenance page until `recover`. */
async function outage(): Promise<void> {
  session.app.core.demoExchange.setFaults({ next503: 1_000_000 });
  await checkNow();
  await shell.pillLabel.filter({ hasText: 'Offline' }).waitFor();
  expect(await shell.pill.textContent()).toContain('under maintenance (HTTP 503)');
}

const recover = () => session.app.core.demoExchange.setFaults({ next503: 0 });

describe('the exchange comes back', () => {
  it('the first answer after an outage sets the pill to Polling or Live, not the next check', async () => {
    await shell.open('Overview');
    await outage();
    recover();
    // Opening a screen asks the exchange; its answer is the first sign the exchange is back. The
    // next scheduled check is an hour away, so only that answer can turn the pill.
    await shell.open('Earn');
    await shell.pillLabel.filter({ hasText: /^(Live|Polling) · \d+ ms$/ }).waitFor();
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor();
  });
});

describe('the exchange goes away', () => {
  it('Trade shows the book, the trades and the prices frozen, with since when, until it is back', async () => {
    await new TradePage(page).open();
    await page.getByTestId('book-ask').first().waitFor();
    const notice = page.getByTestId('frozen-notice');
    expect(await notice.count()).toBe(0);

    await outage();
    await notice.waitFor();
    // The time main says the stream went offline, written as the page writes times.
    const offline = session.app.core.stream.current();
    expect(offline.mode).toBe('offline');
    const since = await page.evaluate(
      (ms) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
      offline.since,
    );
    expect(await notice.textContent()).toBe(
      `Offline since ${since}: the book, the last trades and the prices below are as they were then, not live.`,
    );
    for (const title of ['Order book', 'Last trades']) {
      expect(await page.getByRole('heading', { name: new RegExp(`^${title}`) }).textContent()).toBe(
        `${title} Frozen · offline since ${since}`,
      );
    }
    expect(await page.locator('.trade-book.is-frozen, .trade-trades.is-frozen').count()).toBe(2);
    expect(await page.locator('[data-testid="trade-facts"].is-frozen').count()).toBe(1);

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({
          path: `${SHOTS}/trade-offline-${theme}-${size.width}x${size.height}.png`,
        });
        const blocking = (await runAxe(page, `trade offline ${theme}`)).filter(mustFix);
        expect(blocking, describeViolations(blocking)).toEqual([]);
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await page.setViewportSize(SIZES[0]);

    recover();
    await checkNow();
    await notice.waitFor({ state: 'detached' });
    expect(await page.locator('.is-frozen').count()).toBe(0);
  });
});
