import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetWorthSeries, PortfolioOverview } from '../../src/shared/model';
import { okAnswer, startDemoSession, type DemoSession } from './demoSession';
import { OverviewPage } from './pages/overview';
import { TradePage } from './pages/trade';

/**
 * Issue 34 item 2 on the demo exchange: an order short in the trade balance is funded from the
 * Trade form's offer ("Move X from main", confirmed) and then placed as it was; a move on the
 * Overview leaves the net worth as it was, with no gap in its series.
 */
let session: DemoSession;
let page: Page;

const TRANSFER = '/api/v4/main-account/transfer';

/** The demo's own balances of an asset: main, and trade available. */
function demo(ticker: string) {
  const state = session.app.core.demoExchange.engine.state;
  return { main: state.main[ticker] ?? '0', trade: state.trade[ticker]?.available ?? '0' };
}

/** Runs `action` and answers what main answered `channel` with (it must be ok). */
const answerOf = <T>(channel: string, action: () => Promise<unknown>) =>
  okAnswer<T>(page, channel, action);

beforeAll(async () => {
  session = await startDemoSession('transfer');
  page = session.page;
});

afterAll(() => session?.stop());

describe('main ↔ trade in the app', () => {
  it('Trade: an order short in trade balance, the offer, confirm, the same order placed', async () => {
    const trade = new TradePage(page);
    await trade.open();
    const before = demo('USDT');
    // A spend of 100 USDT more than the trade balance holds: main (12,000 USDT) has it.
    const spend = new Decimal(before.trade).plus(100).toFixed(2);
    await trade.fill({ kind: 'Spend', amount: spend });
    await trade.review();
    await expect.poll(() => trade.errorOf(trade.amount)).toMatch(/^Not enough USDT/);
    const offer = page.getByTestId('trade-move-offer');
    await expect(offer.textContent()).resolves.toBe('Move 100.00 USDT from main');
    const since = session.lastLogId();
    await offer.click();
    const confirm = page.getByRole('dialog', { name: 'Move between balances?' });
    await expect(confirm.getByTestId('transfer-summary').textContent()).resolves.toBe(
      'Move 100.00 USDT from the main balance to the trade balance.',
    );
    await confirm.getByRole('button', { name: 'Move' }).click();
    // The form checks again with the new balance: the order goes to its review.
    await trade.dialog.getByRole('button', { name: 'Confirm order' }).waitFor();
    expect(session.sentTo(TRANSFER, since)).toBe(1);
    expect(new Decimal(before.main).minus(demo('USDT').main).toFixed()).toBe('100');
    await trade.confirm();
    await trade.outcome.waitFor();
    const orders = session.app.core.demoExchange
      .requestLog(since)
      .filter((entry) => entry.path === '/api/v4/order/market');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toMatchObject({ market: 'BTC_USDT', side: 'buy', amount: spend });
  });

  it('Trade at 800x600: the offer shows above the Review order bar, not under it', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    try {
      const trade = new TradePage(page);
      await trade.open();
      const spend = new Decimal(demo('USDT').trade).plus(50).toFixed(2);
      await trade.fill({ kind: 'Spend', amount: spend });
      await trade.review();
      const offer = page.getByTestId('trade-move-offer');
      await offer.waitFor();
      // What a click at the offer's centre would reach: the offer, not the sticky bar over it.
      await expect
        .poll(async () => {
          const box = (await offer.boundingBox())!;
          return page.evaluate(`(() => {
            const hit = document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2});
            return !!hit && !!hit.closest('[data-testid="trade-move-offer"]');
          })()`);
        })
        .toBe(true);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('Overview: a move keeps the net worth, and its series has no gap and no gain', async () => {
    const overview = new OverviewPage(page);
    await overview.open();
    await page.getByRole('heading', { name: 'Net worth' }).waitFor();
    const refresh = () =>
      answerOf<PortfolioOverview>('portfolio.overview', () =>
        page.getByRole('button', { name: 'Refresh', exact: true }).click(),
      );
    const first = await refresh();
    const shownBefore = await overview.totalText();

    await overview.rows
      .filter({ hasText: 'USDT' })
      .getByRole('button', { name: /^Transfer USDT/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transfer between balances' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('500');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await page
      .getByRole('dialog', { name: 'Move between balances?' })
      .getByRole('button', { name: 'Move' })
      .click();
    await expect(page.getByTestId('transfer-outcome').textContent()).resolves.toBe(
      // At USDT's precision on the demo (6 places: the number rule).
      'Moved 500.000000 USDT from main to trade.',
    );
    // Each snapshot in its own second (the history's times are whole seconds).
    await new Promise((done) => setTimeout(done, 1001 - (Date.now() % 1000)));
    const after = await refresh();
    expect(after.total).toBe(first.total);
    expect(await overview.totalText()).toBe(shownBefore);

    const range = page.getByRole('group', { name: 'Range' });
    await answerOf('portfolio.netWorth', () => range.getByRole('button', { name: '1m' }).click());
    const series = await answerOf<NetWorthSeries>('portfolio.netWorth', () =>
      range.getByRole('button', { name: '1w' }).click(),
    );
    expect(series.gaps).toEqual([]);
    const live = series.points.filter((p) => p.source === 'live');
    const around = live.filter((p) => p.time >= first.fetchedAt).map((p) => p.value);
    expect(around.length).toBeGreaterThan(0);
    expect(new Set(around)).toEqual(new Set([first.total]));
    expect(await page.getByTestId('net-worth-gap').count()).toBe(0);
  });
});
