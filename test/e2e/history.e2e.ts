import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { TransfersScreen } from './pages/transfers';

/**
 * History at the smallest window (issue 32, item 16): a compact filter bar leaves rows on the first
 * screen; statuses are words and fees carry their unit.
 */
let session: DemoSession;
let page: Page;
const SHOTS = 'test-results/screenshots';

beforeAll(async () => {
  session = await startDemoSession('history');
  page = session.page;
});

afterAll(() => session?.stop());

describe('History at 800x600', () => {
  it('shows rows on the first screen, statuses in words and fees with their unit', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    const history = new TransfersScreen(page);
    await history.open();
    const first = history.table.getByTestId('transfer').first();
    await first.waitFor();
    // The first row is within the window without scrolling the page.
    expect(await page.evaluate('document.scrollingElement.scrollTop')).toBe(0);
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(600);

    const rows = await history.rows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).not.toMatch(/^Status \d+$|^\d+$/);
      expect(row.fee).toMatch(new RegExp(` ${row.ticker}$`));
    }
    expect(await history.form.textContent()).not.toMatch(/codes? \d/);

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      await page.screenshot({ path: `${SHOTS}/history-${theme}-800x600.png` });
      const blocking = (await runAxe(page, `history ${theme} 800x600`)).filter(mustFix);
      expect(blocking, describeViolations(blocking)).toEqual([]);
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  });
});
