import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDemoSession, type DemoSession } from './demoSession';
import { OrdersPage } from './pages/orders';
import { ScreenTour } from './pages/tour';
import { TradePage } from './pages/trade';

/**
 * A number is never clipped (issue 32, item 2), the window never scrolls (only the content area
 * does), and Trade's layout (item 7), end to end through the
 * web host on the demo exchange. Every screen (Orders with each tab) and the main dialogs (cancel,
 * modify and its confirmation, cancel all, an order's deals, Trade's review, blocking a
 * sub-account, the shortcuts sheet: ScreenTour) are opened once and read at 1400x900 and 800x600,
 * light and dark: no element whose
 * box hides what overflows it (overflow hidden or clip, with or without an ellipsis) holds text
 * wider than itself. A table too narrow for its columns scrolls sideways instead (its body is a
 * scroll box, not a clip), and the columns that matter come first so they stay in view. Then
 * Trade: at 1400x900 the order book is above the fold beside the form, at 800x600 "Review order"
 * shows without scrolling.
 */

const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

/**
 * Every element of the page that cuts its text: it hides what overflows it sideways (overflow-x
 * hidden or clip: an ellipsis only shows there) and its content is wider than its box. Visually
 * hidden text (a box of a pixel or two, for screen readers), boxes with no text and a table's head
 * (it scrolls with the table's body) are not cuts.
 * Each is named by its nearest test id or label, its class and its text.
 */
const FIND_CLIPPED = `(() => {
  const found = [];
  const nameOf = (el) => {
    const parts = [];
    const labelled = el.closest('[data-testid], [aria-label], [role="dialog"], section[aria-labelledby]');
    if (labelled) {
      const id = labelled.getAttribute('data-testid');
      const label = labelled.getAttribute('aria-label') ?? labelled.getAttribute('aria-labelledby');
      parts.push(id ? '[data-testid=' + id + ']' : '[' + label + ']');
    }
    const cell = el.closest('[role="cell"], [role="columnheader"]');
    if (cell && cell.parentElement) {
      const index = [...cell.parentElement.children].indexOf(cell);
      const table = cell.closest('[role="table"]');
      const header = table?.querySelectorAll('[role="columnheader"]')[index];
      if (header) parts.push('column "' + header.textContent.trim() + '"');
    }
    parts.push(el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\\s+/).join('.') : ''));
    return parts.join(' ');
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement)) continue;
    const style = getComputedStyle(el);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    // A table's head follows its body's sideways scroll: what it hides, scrolling shows.
    if (el.classList.contains('table-head')) continue;
    if (el.clientWidth <= 2 || el.scrollWidth <= el.clientWidth) continue;
    const text = el.innerText.trim();
    if (!text) continue;
    found.push(nameOf(el) + ' "' + text.replace(/\\s+/g, ' ').slice(0, 60) + '" (' +
      el.scrollWidth + ' px in ' + el.clientWidth + ' px)');
  }
  return found;
})()`;

/**
 * The window itself never scrolls: only the content area does, under a header and sidebar that
 * stay put. Something that reaches past the window (e.g. visually hidden text placed below the
 * content area) would let the whole page scroll and carry the header away.
 */
const WINDOW_SCROLLS = `(() => {
  const root = document.scrollingElement;
  const found = [];
  if (root.scrollHeight > root.clientHeight)
    found.push('the window scrolls down (' + root.scrollHeight + ' px in ' + root.clientHeight + ' px)');
  if (root.scrollWidth > root.clientWidth)
    found.push('the window scrolls sideways (' + root.scrollWidth + ' px in ' + root.clientWidth + ' px)');
  return found;
})()`;

describe('Nothing clipped on any screen, and Trade above the fold', () => {
  let session: DemoSession;
  let page: Page;
  let tour: ScreenTour;

  beforeAll(async () => {
    session = await startDemoSession('clipping');
    page = session.page;
    tour = new ScreenTour(page);
  });

  afterAll(async () => {
    await session?.stop();
  });

  const combo = (mode: string, size: { width: number; height: number }) =>
    `${mode} ${size.width}x${size.height}`;

  /** One pass: each screen opened once, read at both sizes in both themes; cuts by combination. */
  let sweep: Promise<Map<string, { screens: string[]; cuts: string[] }>> | undefined;
  async function sweepScreens() {
    const found = new Map<string, { screens: string[]; cuts: string[] }>();
    for (const [screen, open] of tour.screens()) {
      await page.setViewportSize(SIZES[0]);
      await open();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await tour.tablesMeasured();
        for (const mode of THEMES) {
          // The theme is colours only (CSS on <html data-theme>): switched there, not in Settings.
          await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
          const name = combo(mode, size);
          const seen = found.get(name) ?? { screens: [], cuts: [] };
          const cuts = (await page.evaluate(FIND_CLIPPED)) as string[];
          cuts.push(...((await page.evaluate(WINDOW_SCROLLS)) as string[]));
          seen.cuts.push(...cuts.map((cut) => `${screen} ${name}: ${cut}`));
          seen.screens.push(screen);
          found.set(name, seen);
        }
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await page.setViewportSize(SIZES[0]);
    // Leave no dialog open for the tests after.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    return found;
  }

  for (const mode of THEMES) {
    for (const size of SIZES) {
      const name = combo(mode, size);
      it(`no element cuts its text, on any screen or dialog, ${name}`, async () => {
        sweep ??= sweepScreens();
        const { screens: read, cuts } = (await sweep).get(name)!;
        expect(read).toEqual(tour.screens().map(([screen]) => screen));
        expect(cuts, cuts.join('\n')).toEqual([]);
      });
    }
  }

  it('at 800x600 the order tables keep Time, Amount, Filled and the ids; the low-priority columns give way', async () => {
    const orders = new OrdersPage(page);
    await page.setViewportSize(SIZES[1]);
    const headers = async (table: string) =>
      (
        await page
          .getByRole('table', { name: table, exact: true })
          .getByRole('columnheader')
          .allTextContents()
      ).map((h) => h.replace(/[▲▼]/g, '').trim());
    await orders.open();
    await orders.openTab('Active');
    await orders.activeTable.getByTestId('active-order').first().waitFor();
    await tour.tablesMeasured();
    await expect.poll(() => headers('Active orders')).not.toContain('Left');
    const active = await headers('Active orders');
    for (const kept of ['Amount', 'Filled', 'Time', 'Id', 'Client order id'])
      expect(active).toContain(kept);
    expect(active).not.toContain('Status');
    await tour.openExecuted(orders);
    await tour.tablesMeasured();
    await expect.poll(() => headers('Executed orders')).not.toContain('Status');
    for (const kept of ['Amount', 'Filled', 'Fee', 'Time'])
      expect(await headers('Executed orders')).toContain(kept);
    await tour.openDeals(orders);
    await tour.tablesMeasured();
    await expect.poll(() => headers('Deals')).not.toContain('Role');
    for (const kept of ['Amount', 'Fee', 'Deal id', 'Time', 'Order id'])
      expect(await headers('Deals')).toContain(kept);
    // With the room, every column shows again.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await tour.tablesMeasured();
    await expect.poll(() => headers('Deals')).toContain('Role');
    await page.setViewportSize(SIZES[0]);
  });

  /** Trade opened at `size`, scrolled to its top (nothing scrolled by the test). */
  async function tradeAt(size: { width: number; height: number }): Promise<TradePage> {
    const trade = new TradePage(page);
    await page.setViewportSize(size);
    await trade.open();
    await page.evaluate(`document.querySelector('main').scrollTop = 0`);
    await tour.tablesMeasured();
    return trade;
  }

  /** Whether the element at the middle of `box` is `selector`'s (or inside it): not covered. */
  const shownAt = (
    selector: string,
    box: { x: number; y: number; width: number; height: number },
  ) =>
    page.evaluate(`(() => {
      const hit = document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2});
      return !!hit && !!hit.closest(${JSON.stringify(selector)});
    })()`);

  it('at 1400x900 the order book is above the fold beside the order form, the preview on the right', async () => {
    const trade = await tradeAt({ width: 1400, height: 900 });
    const form = (await page.getByRole('form', { name: 'Order' }).boundingBox())!;
    const book = (await page.getByRole('region', { name: 'Order book' }).boundingBox())!;
    const preview = (await trade.preview.boundingBox())!;
    // Beside the form, level with it, and whole inside the window.
    expect(book.x).toBeGreaterThan(form.x + form.width);
    expect(Math.abs(book.y - form.y)).toBeLessThan(1);
    expect(book.y + book.height).toBeLessThanOrEqual(900);
    expect(book.x + book.width).toBeLessThanOrEqual(1400);
    expect(await shownAt('.trade-book', book)).toBe(true);
    // The preview heads the right column (the chart's slot is under it).
    expect(preview.x).toBeGreaterThan(book.x + book.width);
    expect(Math.abs(preview.y - form.y)).toBeLessThan(1);
    expect(preview.x + preview.width).toBeLessThanOrEqual(1400);
  });

  it('at 800x600 Review order shows without scrolling', async () => {
    const trade = await tradeAt({ width: 800, height: 600 });
    const review = (await trade.reviewButton.boundingBox())!;
    expect(review.x).toBeGreaterThanOrEqual(0);
    expect(review.y).toBeGreaterThanOrEqual(0);
    expect(review.x + review.width).toBeLessThanOrEqual(800);
    expect(review.y + review.height).toBeLessThanOrEqual(600);
    expect(await shownAt('.trade-submit', review)).toBe(true);
    expect(await page.evaluate(`document.querySelector('main').scrollTop`)).toBe(0);
    // Scrolled to the form's end, it is in its place there, still shown.
    await page.evaluate(`document.querySelector('.trade-form').scrollIntoView({ block: 'end' })`);
    const form = (await page.getByRole('form', { name: 'Order' }).boundingBox())!;
    const end = (await trade.reviewButton.boundingBox())!;
    expect(end.y + end.height).toBeLessThanOrEqual(Math.min(600, form.y + form.height));
    expect(end.y).toBeGreaterThan(form.y);
    expect(await shownAt('.trade-submit', end)).toBe(true);
    await page.evaluate(`document.querySelector('main').scrollTop = 0`);
    await page.setViewportSize(SIZES[0]);
  });
});
