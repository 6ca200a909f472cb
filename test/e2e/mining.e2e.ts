import Decimal from 'decimal.js';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { outageWindow } from '@exchange-desk/demo-exchange';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp } from '../support/webhost';
import { MiningPage } from './pages/mining';

const SHOTS = 'test-results/screenshots';
const RANGES = ['24 h', '7 d', '30 d', '90 d', '1 y'];
const INTERVALS = ['5m', '1h', '24h'] as const;

/** "118.63 TH/s" for an H/s decimal string, as the screen formats it (en-US grouping). */
function expectedText(hashrate: string): string {
  const units = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'];
  const value = new Decimal(hashrate);
  let k = 0;
  while (k < units.length - 1 && value.gte(new Decimal(1000).pow(k + 1))) k++;
  const scaled = value.div(new Decimal(1000).pow(k)).toFixed(2, Decimal.ROUND_HALF_UP);
  const [integer, fraction] = scaled.split('.');
  return `${integer!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} ${units[k]}`;
}

describe('Mining screen in Chromium through the web host', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let page: Page;
  let mining: MiningPage;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.host.pageUrl);
    mining = new MiningPage(page);
    await mining.shell.profile.filter({ hasText: 'Demo' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens with the demo miner, 24 h at 5 minutes, and draws the chart with its statistics', async () => {
    const first = await mining.call(() => mining.open());
    expect(first.input).toMatchObject({ account: 'demo-miner', interval: '5m' });
    expect(first.input.to - first.input.from).toBe(86_400);
    expect(first.series!.points.length).toBe(first.series!.fetchedPoints);
    await mining.chartDrawn(first.series!.points.length);
    expect(await mining.account.inputValue()).toBe('demo-miner');
    expect(await mining.interval.inputValue()).toBe('5m');
    await expect(mining.stats.textContent()).resolves.toMatch(/Current.*TH\/s/);
    await page.screenshot({ path: `${SHOTS}/mining-light.png` });
  });

  it('exports the full series as CSV (downloaded by the page in the web host)', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^exchange-desk-hashrate-demo-miner-5m-.*\.csv$/);
    const status = page.locator('.mining .export-status');
    await status.filter({ hasText: /Downloaded 28[89] points/ }).waitFor();
  });

  it('follows the window width as it shrinks and grows, Export CSV within reach', async () => {
    const widths: number[] = [];
    for (const width of [1400, 1024, 800, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      // The chart is redrawn at its box's width once the box has taken the window's.
      await expect
        .poll(async () => {
          const { svg, box } = await mining.layout();
          return box > 0 && svg === box;
        })
        .toBe(true);
      const layout = await mining.layout();
      expect(layout.viewport).toBe(width);
      expect(layout.svg, `${width}`).toBeLessThanOrEqual(layout.box);
      expect(layout.cardOverflow, `${width}`).toBe(0);
      expect(layout.contentOverflow, `${width}`).toBe(0);
      expect(layout.pageOverflow, `${width}`).toBe(0);
      expect(layout.statOverflow, `${width}`).toBeLessThanOrEqual(0);
      expect(layout.exportLeft, `${width}`).toBeGreaterThanOrEqual(0);
      expect(layout.exportRight, `${width}`).toBeLessThanOrEqual(width);
      await expect(page.getByRole('button', { name: 'Export CSV' }).isVisible()).resolves.toBe(
        true,
      );
      widths.push(layout.svg);
    }
    // Narrower at 1024 than at 1400, narrower again at 800, and as wide as before back at 1400.
    expect(widths[1]).toBeLessThan(widths[0]!);
    expect(widths[2]).toBeLessThan(widths[1]!);
    expect(widths[3]).toBe(widths[0]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('draws the chart for every range and every interval', async () => {
    for (const range of RANGES) {
      for (const interval of INTERVALS) {
        const call = await mining.showRange(range, interval);
        expect(call.error, `${range} ${interval}`).toBeUndefined();
        expect(call.input.interval).toBe(interval);
        const series = call.series!;
        expect(series.points.length, `${range} ${interval}`).toBeGreaterThan(0);
        expect(series.points.length).toBeLessThanOrEqual(call.input.maxPoints);
        await mining.chartDrawn(series.points.length);
        if (series.points.length > 2) {
          const d = await mining.hashrateLine.getAttribute('d');
          expect(d?.length ?? 0, `${range} ${interval}`).toBeGreaterThan(20);
        }
        const labels = await mining.timeLabels();
        expect(labels.length, `${range} ${interval}`).toBeGreaterThan(
          series.points.length > 1 ? 1 : 0,
        );
        const repeated = labels.filter((label, i) => i > 0 && label === labels[i - 1]);
        expect(repeated, `${range} ${interval}: ${labels.join(', ')}`).toEqual([]);
        expect(await mining.alert.count()).toBe(0);
      }
    }
    expect(pageErrors).toEqual([]);
  });

  it("shows the exchange's value for the hovered point, with its unit", async () => {
    for (const interval of ['5m', '1h'] as const) {
      const call = await mining.showRange('24 h', interval);
      await mining.chartDrawn(call.series!.points.length);
      await mining.hoverAt(0.5);
      const timestamp = Number(await mining.tooltip.getAttribute('data-timestamp'));
      const shown = await mining.page.getByTestId('hashrate-tooltip-value').textContent();
      const raw = await mining.page.getByTestId('hashrate-tooltip-raw').textContent();
      const exchange = await app.core.accounts.active().api.hashrate({
        account: 'demo-miner',
        from: timestamp / 1000,
        to: timestamp / 1000,
        interval,
      });
      expect(exchange.points).toHaveLength(1);
      const value = exchange.points[0]!.hashrate;
      expect(shown).toBe(expectedText(value));
      expect(raw?.replace(/,/g, '')).toBe(`${value} H/s`);
      await page.mouse.move(0, 0);
    }
  });

  it('keeps the outage visible in the 1 y view at 5 minutes after downsampling', async () => {
    await mining.showRange('1 y');
    const call = await mining.showRange('1 y', '5m');
    const series = call.series!;
    expect(series.fetchedPoints).toBeGreaterThan(105_000);
    expect(series.requests).toBe(53);
    expect(series.points.length).toBeLessThanOrEqual(call.input.maxPoints);
    const outage = outageWindow(call.input.to);
    const inside = series.points.filter(
      (p) => p.timestamp >= outage.from * 1000 && p.timestamp < outage.to * 1000,
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((p) => p.hashrate === '0')).toBe(true);
    expect(series.stats!.min).toBe('0');
    await mining.chartDrawn(series.points.length);
    await page.screenshot({ path: `${SHOTS}/mining-1y-5m.png` });
  });

  it('zooms by brushing, and loads the brushed window at finer detail', async () => {
    const year = await mining.showRange('1 y');
    await mining.chartDrawn(year.series!.points.length);
    await mining.dragHandle(mining.selectionStart, 0.97);
    expect(Number(await mining.selectionStart.inputValue())).toBeGreaterThan(300);
    await expect(mining.shownWindow.textContent()).resolves.toMatch(/^Shown: .+ – .+$/);
    // The window's text and the axis labels stay inside the card.
    expect(await mining.textOutsideCard()).toEqual([]);
    const zoom = page.getByRole('button', { name: 'Load detail for the selected window' });
    await zoom.waitFor();
    // The brush zooms the view: fewer points on the plot than the series holds.
    const detail = await mining.call(() => zoom.click());
    expect(detail.error).toBeUndefined();
    expect(detail.input.to - detail.input.from).toBeLessThan(30 * 86_400);
    // About 11 days: 1 hour (5 minutes covers at most 7 days in one request).
    expect(detail.input.interval).toBe('1h');
    expect(await mining.rangeButton('Custom').getAttribute('aria-pressed')).toBe('true');
    await expect(mining.from.inputValue()).resolves.not.toBe('');
    await mining.chartDrawn(detail.series!.points.length);
    await page.screenshot({ path: `${SHOTS}/mining-zoomed.png` });
  });

  it('loads detail for a window with the outage at 5 minutes still, the outage still at zero', async () => {
    const year = await mining.showRange('1 y', '5m');
    await mining.chartDrawn(year.series!.points.length);
    // The last half year: the outage (100 days ago) is inside.
    await mining.dragHandle(mining.selectionStart, 0.5);
    const zoom = page.getByRole('button', { name: 'Load detail for the selected window' });
    const detail = await mining.call(() => zoom.click());
    expect(detail.error).toBeUndefined();
    expect(detail.input.to - detail.input.from).toBeGreaterThan(170 * 86_400);
    expect(detail.input.interval).toBe('5m');
    expect(await mining.interval.inputValue()).toBe('5m');
    const series = detail.series!;
    const outage = outageWindow(year.input.to);
    expect(outage.from).toBeGreaterThan(detail.input.from);
    const inside = series.points.filter(
      (p) => p.timestamp >= outage.from * 1000 && p.timestamp < outage.to * 1000,
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((p) => p.hashrate === '0')).toBe(true);
    expect(series.stats!.min).toBe('0');
    await mining.chartDrawn(series.points.length);
  });

  it('puts the exchange refusals under the inputs that caused them, and shows the empty state', async () => {
    // The picker offers the exchange's own accounts, so an unknown one cannot be chosen.
    const offered = await mining.account
      .locator('option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    expect(offered).toEqual(expect.arrayContaining(['demo-miner', 'demo-rig-b', 'demo-miner-off']));
    await mining.account.selectOption('demo-miner');
    await mining.rangeButton('Custom').click();
    const future = new Date(Date.now() + 2 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    await mining.from.fill(local(future));
    await mining.to.fill(local(new Date(future.getTime() + 3_600_000)));
    const refused = await mining.call(() => mining.show.click());
    expect(refused.error?.fields?.['from']).toContain('Choose a start that is not in the future.');
    await expect(mining.fromError.textContent()).resolves.toBe(
      'Choose a start that is not in the future.',
    );
    expect(await mining.accountError.count()).toBe(0);

    await mining.account.selectOption('demo-miner-off');
    const empty = await mining.call(() => mining.rangeButton('7 d').click());
    expect(empty.series?.points).toEqual([]);
    await mining.empty.filter({ hasText: 'No hashrate for this account in this period' }).waitFor();
    await mining.account.selectOption('demo-miner');
  });

  it('hides every hashrate value and the value axes in privacy mode', async () => {
    const call = await mining.showRange('24 h', '1h');
    await mining.chartDrawn(call.series!.points.length);
    await page.getByRole('button', { name: 'Hide amounts' }).click();
    await page.getByRole('button', { name: 'Amounts hidden' }).waitFor();
    const stats = (await mining.stats.textContent()) ?? '';
    expect(stats).not.toMatch(/\d/);
    expect(
      await mining.chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count(),
    ).toBe(0);
    await mining.hoverAt(0.5);
    const tooltip = (await mining.tooltip.textContent()) ?? '';
    expect(await mining.page.getByTestId('hashrate-tooltip-value').textContent()).toBe('•••••');
    // Only the time carries digits.
    const time = (await mining.tooltip.locator('.mining-tooltip-time').textContent()) ?? '';
    expect(tooltip.replace(time, '')).not.toMatch(/\d/);
    const chartText = (await mining.chart.textContent()) ?? '';
    for (const point of call.series!.points.slice(0, 5)) {
      expect(chartText).not.toContain(expectedText(point.hashrate).split(' ')[0]!);
    }
    await page.screenshot({ path: `${SHOTS}/mining-privacy.png` });
    await page.getByRole('button', { name: 'Amounts hidden' }).click();
    await page.mouse.move(0, 0);
  });

  it('renders in the dark theme', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const darkPage = await dark.context.newPage();
      await darkPage.goto(app.host.pageUrl);
      const darkMining = new MiningPage(darkPage);
      await darkMining.shell.profile.filter({ hasText: 'Demo' }).waitFor();
      const call = await darkMining.call(() => darkMining.open());
      await darkMining.chartDrawn(call.series!.points.length);
      await darkMining.hoverAt(0.7);
      await darkPage.screenshot({ path: `${SHOTS}/mining-dark.png` });
    } finally {
      await dark.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
