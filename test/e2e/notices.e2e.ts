import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@exchange-desk/demo-exchange/testing';
import type { TransfersArrived } from '../../src/shared/model';
import { startDemoSession, type DemoSession } from './demoSession';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { OrdersPage } from './pages/orders';
import { TradePage } from './pages/trade';

/**
 * Issue 32 point 15, end to end: main's watch tells of a deposit or a withdrawal that arrived (the
 * demo's control endpoint credits one), the page shows a notice with its time under the header,
 * never over a table's header, and the sidebar's Notices list keeps it. The test drives the watch
 * (`core.transferWatch.check()`) instead of waiting for its timer; what main sent is read from
 * main's own event hub.
 */
let session: DemoSession;
let page: Page;
let control: Client;
const arrived: TransfersArrived[] = [];

beforeAll(async () => {
  session = await startDemoSession('notices');
  ({ page, client: control } = session);
  session.app.core.events.subscribe((event, payload) => {
    if (event === 'transfers.arrived') arrived.push(payload as TransfersArrived);
  });
});

afterAll(() => session?.stop());

const check = () => session.app.core.transferWatch.check();

describe('notices of deposits and withdrawals', () => {
  it('the seeded history is not news: no storm at first start', async () => {
    // The first look learns what is there; the second finds nothing new.
    await check();
    await check();
    expect(arrived).toEqual([]);
  });

  it('a deposit that arrives raises a notice with its time, above the Orders table', async () => {
    const orders = new OrdersPage(page);
    await orders.open();
    const answer = await control.control('POST', '/deposit', { ticker: 'BTC', amount: '0.5' });
    expect(answer.status).toBe(200);
    await check();
    expect(arrived.map((a) => a.arrivals.map((x) => [x.method, x.ticker, x.amount]))).toEqual([
      [[1, 'BTC', '0.5']],
    ]);
    const notice = page.getByTestId('transfer-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Deposit arrived: 0\.50+ BTC/);
    expect(await notice.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    // In the page's flow: the notice ends above the table's header.
    const noticeBox = (await notice.boundingBox())!;
    const header = orders.activeTable.getByRole('columnheader').first();
    const headerBox = (await header.boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headerBox.y);
    await page.screenshot({ path: 'test-results/screenshots/notices-orders.png' });
  });

  it('a withdrawal that completes, on Trade; the Notices list keeps both, newest first', async () => {
    const trade = new TradePage(page);
    await trade.open();
    const answer = await control.control('POST', '/withdraw', { ticker: 'USDT', amount: '25' });
    expect(answer.status).toBe(200);
    await check();
    const notice = page.getByTestId('transfer-notice').filter({ hasText: 'Withdrawal completed' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Withdrawal completed: 25\.0+ USDT/);
    await page.screenshot({ path: 'test-results/screenshots/notices-trade.png' });

    await page.getByTestId('notices-button').click();
    const list = page.getByRole('dialog', { name: 'Notices' });
    await list.waitFor();
    const items = await list.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Withdrawal completed');
    expect(items[1]).toContain('Deposit arrived');
    await list.getByRole('button', { name: 'Close' }).click();
    await list.waitFor({ state: 'detached' });
  });

  it('at 800x600, light and dark, the Notices button and a notice stay in the window; axe 0', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    const answer = await control.control('POST', '/deposit', { ticker: 'ETH', amount: '1.25' });
    expect(answer.status).toBe(200);
    await check();
    const notice = page.getByTestId('transfer-notice').filter({ hasText: 'ETH' });
    await notice.waitFor();
    for (const mode of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
      for (const box of [
        await page.getByTestId('notices-button').boundingBox(),
        await notice.getByRole('button', { name: /^Dismiss/ }).boundingBox(),
      ]) {
        expect(box!.x + box!.width).toBeLessThanOrEqual(800);
      }
      await page.screenshot({ path: `test-results/screenshots/notices-800-${mode}.png` });
      // Axe with the notices shown (their time's colour on their background too).
      const blocking = (await runAxe(page, `notices 800x600 ${mode}`)).filter(mustFix);
      expect(blocking, describeViolations(blocking)).toEqual([]);
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
