import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { COLOUR_RULES, describeViolations, mustFix, runAxe, type Violation } from './pages/axe';
import { TransfersScreen } from './pages/transfers';
import { OrdersPage } from './pages/orders';
import { SCREEN_LABELS, ShellPage } from './pages/shell';
import { TradePage } from './pages/trade';
import { ScreenTour } from './pages/tour';
import { figure } from '../support/figures';

/**
 * Accessibility and layout (issue 14, items 16 and 18; issue 17's Orders), end to end through the web
 * host: axe-core on every screen of the sidebar (Orders with each tab: Active with the kill-switch
 * armed, Conditional, Executed orders, Deals, the partner's Order history) and the dialogs (cancel,
 * modify and its confirmation, cancel all, an order's deals, Trade's review, blocking a
 * sub-account, the shortcuts sheet, the Notices list), light and dark, at 1400x900 and 800x600, with two profiles
 * (two account cards): no serious or critical violation and no two landmarks alike; every
 * violation axe finds is printed with its elements. Then the layout: at 800x600 the navigation
 * stays in view, the active orders' Cancel and Modify and the executed orders' Deals show without
 * sideways scrolling, the Orders dialogs fit the window, the kill-switch panel fits the screen, a
 * scrolling table body is a Tab stop the keyboard scrolls; at 1920x1080 Trade uses the width.
 */

const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

describe('Accessibility and layout in Chromium through the web host', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let shell: ShellPage;
  let tour: ScreenTour;
  let secondId: string | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp({ demoExchange: { control: true, freezePrices: true } });
    // A second profile beside Demo: the Accounts screen then shows two cards (names must differ).
    const demo = app.core.demoExchange;
    const added = await app.core.accounts.add({
      name: 'Second exchange',
      region: 'custom',
      customUrl: demo.url,
      apiKey: demo.apiKey,
      apiSecret: demo.apiSecret,
    });
    secondId = added.profiles.find((p) => p.name === 'Second exchange')!.id;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.host.pageUrl);
    shell = new ShellPage(page);
    tour = new ScreenTour(page);
    await shell.profile.filter({ hasText: 'Demo' }).waitFor();
    // No automatic refresh: the page holds still while axe reads it.
    await shell.setting('Auto-refresh', '0');
  });

  afterAll(async () => {
    await browser?.close();
    // Its key leaves the keychain the other suites share.
    if (secondId) await app.core.accounts.remove(secondId);
    await app?.stop();
  });

  /** Light or dark through Settings (kept across screens). */
  async function theme(mode: 'light' | 'dark'): Promise<void> {
    await shell.setting('Theme', mode);
  }

  /**
   * One pass over the screens: each is opened once and read by axe at both sizes in both themes.
   * The theme is only colours (CSS on <html data-theme>), so it is switched there, and in dark axe
   * runs the rules colours can change (COLOUR_RULES); every rule runs at each size in light.
   * Violations by "<theme> <width>x<height>"; the four tests below each assert their own.
   */
  let sweep: Promise<Map<string, { screens: string[]; violations: Violation[] }>> | undefined;
  const combo = (mode: string, size: { width: number; height: number }) =>
    `${mode} ${size.width}x${size.height}`;
  async function sweepScreens() {
    await theme('light');
    const found = new Map<string, { screens: string[]; violations: Violation[] }>();
    for (const [screen, open] of tour.screens()) {
      await open();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await tour.tablesMeasured();
        for (const mode of THEMES) {
          const name = combo(mode, size);
          await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
          const seen = found.get(name) ?? { screens: [], violations: [] };
          const only = mode === 'light' ? undefined : COLOUR_RULES;
          seen.violations.push(...(await runAxe(page, `${screen} ${name}`, only)));
          seen.screens.push(screen);
          found.set(name, seen);
        }
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    // Leave no dialog open for the tests after.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    return found;
  }

  for (const mode of THEMES) {
    for (const size of SIZES) {
      const name = combo(mode, size);
      it(`axe-core: no serious or critical violation (nor twin landmarks) on any screen, ${name}`, async () => {
        sweep ??= sweepScreens();
        const { screens: read, violations } = (await sweep).get(name)!;
        // Every screen was read in this combination.
        expect(read).toEqual(tour.screens().map(([screen]) => screen));
        const blocking = violations.filter(mustFix);
        const count = (impact: string) =>
          violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
        figure(
          `[a11y.e2e] ${name}: critical ${count('critical')}, serious ${count('serious')}, ` +
            `moderate ${count('moderate')}, minor ${count('minor')} (failing elements)\n` +
            describeViolations(violations),
        );
        expect(blocking, describeViolations(blocking)).toEqual([]);
      });
    }
  }

  /** Width of <main>'s content box (the screen's room, inside its padding). */
  const contentWidth = async (): Promise<number> =>
    (await page.evaluate(`(() => {
      const main = document.querySelector('main');
      const style = getComputedStyle(main);
      return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    })()`)) as number;

  /** The element's box, and whether the element itself is what shows at its centre. */
  const inView = async (selector: string, index = 0) =>
    (await page.evaluate(`(() => {
      const el = document.querySelectorAll(${JSON.stringify(selector)})[${index}];
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return {
        left: box.left, right: box.right, top: box.top, bottom: box.bottom,
        shown: el === top || el.contains(top),
      };
    })()`)) as { left: number; right: number; top: number; bottom: number; shown: boolean };

  describe('layout at 800x600', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 800, height: 600 });
      await theme('light');
    });

    it('the navigation stays in view when the screen is scrolled to its end', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await orders.openTab('Active');
      await orders.activeTable.getByTestId('active-order').first().waitFor();
      // Every scrollable thing scrolled to its end: the window and the screen (<main>).
      const scrolled = (await page.evaluate(`(() => {
        const main = document.querySelector('main');
        main.scrollTop = main.scrollHeight;
        window.scrollTo(0, document.documentElement.scrollHeight);
        return Math.max(main.scrollTop, window.scrollY);
      })()`)) as number;
      // The screen is longer than the window (else this would prove nothing): something moved.
      expect(scrolled).toBeGreaterThan(100);
      for (const [i, label] of SCREEN_LABELS.entries()) {
        expect(await shell.navItem(label).textContent()).toBe(label);
        const item = await inView('nav[aria-label="Screens"] .nav-item', i);
        expect(item.shown, `${label} is not covered`).toBe(true);
        expect(item.top, label).toBeGreaterThanOrEqual(0);
        expect(item.bottom, label).toBeLessThanOrEqual(600);
      }
      // And the navigation still works from there.
      await shell.open('Overview');
      expect(await page.locator('main').getAttribute('data-screen')).toBe('overview');
    });

    /** How far the window and the screen (<main>) scroll sideways: [0, 0] when they do not. */
    const sidewaysScroll = async (): Promise<number[]> =>
      (await page.evaluate(`(() => {
        const main = document.querySelector('main');
        return [document.documentElement.scrollWidth - innerWidth, main.scrollWidth - main.clientWidth];
      })()`)) as number[];

    /**
     * No sideways scrolling of the window or the screen; every rendered row's `button` of the table
     * lies across from its row inside the table and the window, and each one in view (inside the
     * body's box and the window) is what shows at its place; still so with the table scrolled
     * sideways halfway (its columns may not all fit).
     */
    async function rowButtonsInView(table: string, button: string): Promise<void> {
      expect(await sidewaysScroll()).toEqual([0, 0]);
      const selector = `[aria-label="${table}"] .table-body [role="row"] ${button}`;
      const located = page.getByRole('table', { name: table, exact: true });
      const tableBox = (await located.boundingBox())!;
      const right = Math.min(800, tableBox.x + tableBox.width);
      const rendered = await page.locator(selector).count();
      let checked = 0;
      for (let i = 0; i < rendered; i++) {
        const box = await inView(selector, i);
        expect(box.left, `${button} ${i}`).toBeGreaterThanOrEqual(tableBox.x);
        expect(box.right, `${button} ${i}`).toBeLessThanOrEqual(right);
        const body = (await located.locator('.table-body').boundingBox())!;
        if (box.top >= body.y && box.bottom <= Math.min(600, body.y + body.height)) {
          expect(box.shown, `${button} ${i} is not covered`).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(3);
      await page.evaluate(`(() => {
        const body = document.querySelector('[aria-label="${table}"] .table-body');
        body.scrollLeft = (body.scrollWidth - body.clientWidth) / 2;
      })()`);
      const moved = await inView(selector, 0);
      expect(moved.shown).toBe(true);
      expect(moved.right).toBeLessThanOrEqual(800);
    }

    /**
     * The open dialog fits the window: inside it on every side, nothing in it wider than it (a
     * table inside may scroll), and each of its buttons is what shows at its place.
     */
    async function dialogFits(dialog: Locator): Promise<void> {
      await dialog.waitFor();
      const fit = (await page.evaluate(`(() => {
        const dialog = document.querySelector('[role="dialog"]');
        const box = dialog.getBoundingClientRect();
        return {
          left: box.left, right: box.right, top: box.top, bottom: box.bottom,
          wider: dialog.scrollWidth - dialog.clientWidth,
          buttons: dialog.querySelectorAll('.actions button').length,
        };
      })()`)) as Record<string, number>;
      expect(fit.left).toBeGreaterThanOrEqual(0);
      expect(fit.top).toBeGreaterThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(800);
      expect(fit.bottom).toBeLessThanOrEqual(600);
      expect(fit.wider).toBe(0);
      expect(fit.buttons).toBeGreaterThan(0);
      for (let i = 0; i < fit.buttons!; i++) {
        const box = await inView('[role="dialog"] .actions button', i);
        expect(box.shown, `dialog button ${i}`).toBe(true);
        expect(box.right).toBeLessThanOrEqual(800);
        expect(box.bottom).toBeLessThanOrEqual(600);
      }
    }

    it('every Cancel and Modify of the active orders shows without sideways scrolling, and opens its dialog', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await orders.openTab('Active');
      await orders.activeTable.getByTestId('active-order').first().waitFor();
      await rowButtonsInView('Active orders', 'button[aria-label^="Cancel "]');
      await rowButtonsInView('Active orders', 'button[aria-label^="Modify "]');
      const cancel =
        '[aria-label="Active orders"] .table-body [role="row"] button[aria-label^="Cancel "]';
      await page.locator(cancel).first().click();
      await orders.cancelDialog.waitFor();
      await orders.cancelDialog.getByRole('button', { name: 'Keep order' }).click();
      await orders.cancelDialog.waitFor({ state: 'detached' });
    });

    it('the Modify form, its confirmation and Cancel all fit the window', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await orders.openTab('Active');
      await orders.activeTable.getByTestId('active-order').first().waitFor();
      await tour.openModify(orders);
      await dialogFits(orders.modifyDialog);
      await tour.reviewModify(orders);
      await dialogFits(page.getByRole('dialog', { name: 'Modify this order?' }));
      await tour.closeModify(orders);
      await orders.cancelAllButton.click();
      await dialogFits(orders.cancelAllDialog);
      await orders.cancelAllDialog.getByRole('button', { name: /^Keep orders?$/ }).click();
      await orders.cancelAllDialog.waitFor({ state: 'detached' });
    });

    it('the kill-switch panel, armed, fits the screen: its fields, Arm and Disarm in view', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await orders.openTab('Active');
      await tour.armKillSwitch(orders);
      const room = await contentWidth();
      const main = (await page.locator('main').boundingBox())!;
      for (const control of [
        orders.killSwitch.getByLabel('Kill-switch market'),
        orders.killSwitch.getByLabel('Timeout (seconds)'),
        orders.killSwitch.getByRole('button', { name: 'Arm', exact: true }),
        orders.killSwitch.getByRole('button', { name: /^Disarm / }),
      ]) {
        await control.scrollIntoViewIfNeeded();
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(main.x);
        expect(box.x + box.width).toBeLessThanOrEqual(main.x + main.width);
        expect(box.width).toBeLessThanOrEqual(room);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, String(control)).toBeLessThanOrEqual(600);
      }
      expect(await sidewaysScroll()).toEqual([0, 0]);
      await tour.disarmKillSwitch(orders);
    });

    it('Executed orders: every Deals button shows without sideways scrolling; an order’s deals fit the window', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await tour.openExecuted(orders);
      await rowButtonsInView('Executed orders', 'button[aria-label^="Deals of order "]');
      await tour.openDealsOfOrder();
      await dialogFits(tour.dealsOfOrder());
      await tour.closeDealsOfOrder();
    });

    it('Deals: the table keeps to the screen, no sideways scrolling of the page', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await tour.openDeals(orders);
      expect(await sidewaysScroll()).toEqual([0, 0]);
      const table = (await page.getByRole('table', { name: 'Deals', exact: true }).boundingBox())!;
      expect(table.x + table.width).toBeLessThanOrEqual(800);
    });

    it('a table body that scrolls is a named Tab stop that the keyboard scrolls', async () => {
      const history = new TransfersScreen(page);
      await history.open();
      await history.table.getByTestId('transfer').first().waitFor();
      const body = page.getByRole('rowgroup', { name: 'Rows of Deposits and withdrawals' });
      expect(await body.count()).toBe(1);
      expect(await body.getAttribute('tabindex')).toBe('0');
      await body.focus();
      const top = () => body.evaluate((el) => el.scrollTop);
      expect(await top()).toBe(0);
      await page.keyboard.press('PageDown');
      await expect.poll(top).toBeGreaterThan(0);
      expect(await body.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    });
  });

  it('Trade uses the width of a 1920x1080 window: form, book and preview side by side, growing', async () => {
    const trade = new TradePage(page);
    await page.setViewportSize({ width: 1400, height: 900 });
    await trade.open();
    const width = async () =>
      (await page.evaluate(
        `document.querySelector('.trade').getBoundingClientRect().width`,
      )) as number;
    const at1400 = await width();
    await page.setViewportSize({ width: 1920, height: 1080 });
    const room = await contentWidth();
    const at1920 = await width();
    expect(at1920 / room).toBeGreaterThanOrEqual(0.85);
    expect(at1920).toBeGreaterThan(at1400);
    const form = (await page.getByRole('form', { name: 'Order' }).boundingBox())!;
    const book = (await page.getByRole('region', { name: 'Order book' }).boundingBox())!;
    const preview = (await trade.preview.boundingBox())!;
    // Side by side: same top, the form, the book, then the preview to the right, together most
    // of the width.
    expect(Math.abs(form.y - preview.y)).toBeLessThan(1);
    expect(Math.abs(form.y - book.y)).toBeLessThan(1);
    expect(book.x).toBeGreaterThan(form.x + form.width);
    expect(preview.x).toBeGreaterThan(book.x + book.width);
    expect(form.width + book.width + preview.width).toBeGreaterThanOrEqual(0.85 * room);
  });

  it('the page logged no error', () => {
    expect(pageErrors).toEqual([]);
  });
});
