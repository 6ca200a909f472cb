import Decimal from 'decimal.js';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../src/shared/model';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { TradePage } from './pages/trade';
import { startDemoSession, type DemoSession } from './demoSession';

/**
 * Issue 35 item 1 on the demo exchange: Trade shows the chosen market's candles (lightweight-charts,
 * its own chunk), the OHLC of the last candle in the header, other intervals, the crosshair on the
 * keyboard, older candles when zoomed out to the start, the attribution, and a text alternative.
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
