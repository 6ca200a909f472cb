import Decimal from 'decimal.js';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../src/shared/model';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { OrdersPage } from './pages/orders';
import { TradePage } from './pages/trade';
import { startDemoSession, type DemoSession } from './demoSession';

/**
 * Issue 35 item 1 on the demo exchange: Trade shows the chosen market's candles (lightweight-charts,
 * its own chunk), the OHLC of the last candle in the header, other intervals, the crosshair on the
 * keyboard, older candles when zoomed out to the start, the attribution, and a text alternative.
 * Item 2: your limit order is a line while it is open, a fill a marker; each opens its order.
 */
let session: DemoSession;
let page: Page;

const isCandles = (r: Response) => r.url().endsWith('/rpc/trade.candles');

async function candlesAnswer(response: Promise<Response>): Promise<CandleSeries> {
  const body = (await (await response).json()) as { ok: boolean; value: CandleSeries };
  expect(body.ok).toBe(true);
  return body.value;
}

/** The header's figure of `name` (O, H, L, C) without group separators. */
async function ohlc(name: string): Promise<string> {
  const text = await page
    .getByTestId('chart-ohlc')
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
    .innerText();
  return text.replace(/,/g, '');
}

beforeAll(async () => {
  session = await startDemoSession('chart');
  page = session.page;
  await page.setViewportSize({ width: 1400, height: 900 });
});

afterAll(async () => {
  await session?.stop();
});

describe('Trade shows candles', () => {
  let latest: CandleSeries;

  it('draws the market’s candles with the last one’s OHLC in the header and the attribution', async () => {
    const answered = candlesAnswer(page.waitForResponse(isCandles));
    await new TradePage(page).open();
    latest = await answered;
    expect([latest.market, latest.interval, latest.candles.length]).toEqual([
      'BTC_USDT',
      '1h',
      300,
    ]);
    const chart = page.getByRole('group', { name: 'BTC/USDT price chart, 1h candles' });
    await chart.waitFor();
    await expect.poll(() => chart.getAttribute('data-candles')).toBe('300');
    const last = latest.candles.at(-1)!;
    await expect.poll(() => ohlc('C')).toBe(new Decimal(last.close).toFixed(2));
    expect(await ohlc('O')).toBe(new Decimal(last.open).toFixed(2));
    // The library draws on canvases, and keeps TradingView's logo on the chart (its licence).
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTitle('Charting by TradingView').isVisible()).toBe(true);
    // The text alternative: a summary and the visible candles as a table.
    expect(await page.getByTestId('chart-summary').textContent()).toMatch(
      /^Last price [\d,.]+ USDT;/,
    );
    expect(await page.getByTestId('chart-table').locator('tbody tr').count()).toBeGreaterThan(10);
  });

  it('arrow keys move the crosshair from candle to candle: the header shows its OHLC', async () => {
    const chart = page.getByRole('group', { name: /price chart/ });
    await chart.focus();
    for (const back of [2, 3]) {
      await page.keyboard.press('ArrowLeft');
      const candle = latest.candles.at(-back)!;
      await expect.poll(() => ohlc('H')).toBe(new Decimal(candle.high).toFixed(2));
      expect(await ohlc('L')).toBe(new Decimal(candle.low).toFixed(2));
    }
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => ohlc('C')).toBe(new Decimal(latest.candles.at(-2)!.close).toFixed(2));
  });

  it('zoomed out to the first candle, the chart loads the older ones before it', async () => {
    const chart = page.getByRole('group', { name: /price chart/ });
    await chart.focus();
    const older = candlesAnswer(
      page.waitForResponse(
        (r) => isCandles(r) && r.request().postData()?.includes('before') === true,
      ),
    );
    for (let i = 0; i < 12; i++) await page.keyboard.press('-');
    const page2 = await older;
    expect(page2.candles.at(-1)!.time).toBe(latest.candles[0]!.time - 3_600_000);
    // Still at the start once they are drawn, it may go on to the page before (whole pages).
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')))
      .toBeGreaterThanOrEqual(600);
    expect(Number(await chart.getAttribute('data-candles')) % 300).toBe(0);
  });

  it('another interval is another query, kept as the choice', async () => {
    const answered = candlesAnswer(page.waitForResponse(isCandles));
    await page
      .getByRole('group', { name: 'Candle interval' })
      .getByRole('button', { name: '5m', exact: true })
      .click();
    const five = await answered;
    expect(five.interval).toBe('5m');
    expect(five.candles[1]!.time - five.candles[0]!.time).toBe(300_000);
    await page.getByRole('group', { name: 'BTC/USDT price chart, 5m candles' }).waitFor();
    expect(
      await page.getByRole('button', { name: '5m', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('trades at a new price reach the day’s candle (the stream pushes it, else the poll)', async () => {
    // 1d: the trades the walk makes now (stamped since start-up) are in today's candle.
    const days = candlesAnswer(page.waitForResponse(isCandles));
    await page
      .getByRole('group', { name: 'Candle interval' })
      .getByRole('button', { name: '1d', exact: true })
      .click();
    await days;
    await session.client.control('POST', '/set-price', { market: 'BTC_USDT', price: '70000' });
    const recent = async () =>
      (await session.client.get<{ price: string }[]>('/api/v4/public/trades/BTC_USDT')).json;
    const near = (p: string) => Math.abs(Number(p) / 70_000 - 1) < 0.002;
    let trades = await recent();
    for (let i = 0; i < 10 && !trades.some((t) => near(t.price)); i++) {
      await session.client.control('POST', '/advance-price', { steps: 1 });
      trades = await recent();
    }
    const high = trades.map((t) => new Decimal(t.price)).reduce((a, b) => Decimal.max(a, b));
    expect(near(high.toFixed())).toBe(true);
    // The day's high is at least that trade's, and it closes at the last trade.
    await expect
      .poll(async () => new Decimal(await ohlc('H')).gte(high.toFixed(2)), { timeout: 15_000 })
      .toBe(true);
    expect(await ohlc('C')).toBe(new Decimal(trades[0]!.price).toFixed(2));
  });

  it('axe finds nothing to fix on Trade with the chart, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      const violations = (await runAxe(page, `trade-chart-${theme}`)).filter(mustFix);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
  });
});

describe('Your orders and fills on the chart', () => {
  const chart = () => page.getByTestId('candle-chart');
  const ids = async (what: 'lines' | 'markers') =>
    ((await chart().getAttribute(`data-${what}`)) ?? '').split(' ').filter(Boolean);
  const activeId = (cid: string) =>
    session.app.core.demoExchange.engine.state.active.find((o) => o.clientOrderId === cid)?.id;
  const bestBid = async () => {
    const book = await session.client.get<{ bids: [string, string][] }>(
      '/api/v4/public/orderbook/BTC_USDT?limit=1',
    );
    return new Decimal(book.json.bids[0]![0]);
  };
  const trade = () => new TradePage(page);
  /** Places a buy limit order through the form; answers its id once the exchange has it. */
  async function placeBuy(price: Decimal, cid: string): Promise<number> {
    await trade().place({
      kind: 'Limit',
      side: 'Buy',
      amount: '0.001',
      price: price.toFixed(2),
      clientOrderId: cid,
    });
    await expect.poll(() => activeId(cid)).toBeDefined();
    return activeId(cid)!;
  }
  /** The list under the chart, unfolded. */
  async function overlayList() {
    const list = page.getByTestId('chart-overlays');
    if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
    return list;
  }

  it('a placed limit order draws its line within 1 s; cancelled from the order it opens, the line goes', async () => {
    await trade().open();
    await page
      .getByRole('group', { name: 'Candle interval' })
      .getByRole('button', { name: '1h', exact: true })
      .click();
    await chart().waitFor();
    const price = (await bestBid()).times('0.9').toDecimalPlaces(2);
    const orderId = await placeBuy(price, 'e2e-chart-line');
    await expect.poll(() => ids('lines'), { timeout: 1_000 }).toContain(`order:${orderId}`);
    const list = await overlayList();
    const button = list.getByRole('button', {
      name: new RegExp(`^Buy limit order ${orderId}: 0\\.0010* BTC at [\\d,]+\\.\\d{2} USDT$`),
    });
    expect((await button.textContent())?.replace(/,/g, '')).toContain(price.toFixed(2));
    await page.screenshot({ path: 'test-results/screenshots/chart-order-line.png' });
    // The line opens its order: Orders, the Active tab, filtered to it.
    await button.click();
    const orders = new OrdersPage(page);
    await expect.poll(() => orders.shownIds()).toEqual([orderId]);
    await orders.cancelButton(orderId).click();
    await orders.cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
    await orders.notice.waitFor();
    await orders.clearFilters();
    await trade().open();
    await chart().waitFor();
    await expect.poll(() => ids('lines')).not.toContain(`order:${orderId}`);
  });

  it('a fill adds a marker at its candle, which opens the order’s deals', async () => {
    const price = (await bestBid()).toDecimalPlaces(2);
    const orderId = await placeBuy(price, 'e2e-chart-fill');
    await expect.poll(() => ids('lines')).toContain(`order:${orderId}`);
    const before = await ids('markers');
    // The market falls through the order's price: it fills as maker.
    await session.client.control('POST', '/set-price', {
      market: 'BTC_USDT',
      price: price.minus(50).toFixed(2),
    });
    await expect.poll(() => activeId('e2e-chart-fill')).toBeUndefined();
    await expect
      .poll(async () => (await ids('markers')).filter((id) => !before.includes(id)).length, {
        timeout: 5_000,
      })
      .toBeGreaterThan(0);
    expect(await ids('lines')).not.toContain(`order:${orderId}`);
    const list = await overlayList();
    await page.screenshot({ path: 'test-results/screenshots/chart-fill-marker.png' });
    await list
      .getByRole('button', { name: new RegExp(`^Bought 0\\.0010* BTC at .* order ${orderId}$`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Deals of order ${orderId}` });
    await dialog.getByTestId('order-deals-count').waitFor();
    expect(await dialog.getByTestId('order-deal').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await session.client.control('POST', '/set-price', { market: 'BTC_USDT', price: null });
  });

  it('axe finds nothing to fix with lines, markers and their list shown, light and dark', async () => {
    const price = (await bestBid()).times('0.95').toDecimalPlaces(2);
    await trade().open();
    const orderId = await placeBuy(price, 'e2e-chart-axe');
    await expect.poll(() => ids('lines')).toContain(`order:${orderId}`);
    await overlayList();
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      const violations = (await runAxe(page, `trade-chart-orders-${theme}`)).filter(mustFix);
      expect(violations, describeViolations(violations)).toEqual([]);
      // To look at: the chart with your lines, both sizes.
      for (const [width, height] of [
        [1400, 900],
        [800, 600],
      ] as const) {
        await page.setViewportSize({ width, height });
        await chart().scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/chart-orders-${theme}-${width}.png`,
        });
      }
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
