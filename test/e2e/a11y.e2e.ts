import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { describeViolations, mustFix, runAxe, type Violation } from './pages/axe';
import { EarnPage, SubAccountsPage } from './pages/earn';
import { HistoryPage } from './pages/history';
import { MiningPage } from './pages/mining';
import { OrdersPage } from './pages/orders';
import { OverviewPage } from './pages/overview';
import { SCREEN_LABELS, ShellPage } from './pages/shell';
import { TradePage } from './pages/trade';

/**
 * Accessibility and layout (issue 14, items 16 and 18), end to end through the web host: axe-core on
 * every screen of the sidebar (Orders with each tab) and three dialogs, light and dark, at 1400x900
 * and 800x600, with two profiles (two account cards): no serious or critical violation and no two
 * landmarks alike; every violation axe finds is printed with its elements. Then the layout: at
 * 800x600 the navigation stays in view, the active orders' Cancel buttons show without sideways
 * scrolling, a scrolling table body is a Tab stop the keyboard scrolls; at 1920x1080 Trade uses the
 * width.
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

  /** Every screen of the sidebar (Orders with each tab) and a few dialogs, each loaded. */
  function screens(): [string, () => Promise<void>][] {
    const overview = new OverviewPage(page);
    const orders = new OrdersPage(page);
    const trade = new TradePage(page);
    const earn = new EarnPage(page);
    const mining = new MiningPage(page);
    const history = new HistoryPage(page);
    const subAccounts = new SubAccountsPage(page);
    return [
      ['overview', () => overview.open()],
      [
        'orders-active',
        async () => {
          await orders.open();
          await orders.openTab('Active');
          await orders.activeTable.getByTestId('active-order').first().waitFor();
        },
      ],
      [
        'orders-cancel-dialog',
        async () => {
          await orders.activeTable
            .getByRole('button', { name: /^Cancel / })
            .first()
            .click();
          await orders.cancelDialog.waitFor();
        },
      ],
      [
        'orders-conditional',
        async () => {
          await orders.cancelDialog.getByRole('button', { name: 'Keep order' }).click();
          await orders.cancelDialog.waitFor({ state: 'detached' });
          await orders.openTab('Conditional');
          await orders.ocoRows.first().waitFor();
          await orders.otoRows.first().waitFor();
        },
      ],
      [
        'orders-history',
        async () => {
          await orders.openTab('Order history (partner)');
          await orders.connectExplanation.waitFor();
        },
      ],
      ['trade', () => trade.open()],
      [
        'trade-review-dialog',
        async () => {
          await trade.fill({ kind: 'Market', side: 'Buy', amount: '0.01' });
          await trade.preview.getByText('Estimated average price').waitFor();
          await trade.review();
          await trade.dialog.waitFor();
        },
      ],
      [
        'earn',
        async () => {
          await page.keyboard.press('Escape');
          await trade.dialog.waitFor({ state: 'detached' });
          await earn.open();
          await earn.waitForPlans();
          await earn.investmentsTable.getByTestId('investment-row').first().waitFor();
        },
      ],
      [
        'mining',
        async () => {
          await mining.open();
          await mining.stats.waitFor();
        },
      ],
      [
        'history',
        async () => {
          await history.open();
          await history.table.getByTestId('transfer').first().waitFor();
        },
      ],
      ['accounts', () => subAccounts.open()],
      [
        'accounts-block-dialog',
        async () => {
          const alias = (await subAccounts.section
            .getByTestId('sub-account-row')
            .first()
            .locator('[role="cell"]')
            .first()
            .innerText()) as string;
          await subAccounts.startBlock(alias.trim());
        },
      ],
      [
        'settings',
        async () => {
          await page.keyboard.press('Escape');
          await shell.open('Settings');
          await page.getByTestId('about-version').waitFor();
        },
      ],
      [
        'shortcuts-sheet',
        async () => {
          await page.locator('main').focus();
          await page.keyboard.press('?');
          await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        },
      ],
    ];
  }

  /** Light or dark through Settings (kept across screens). */
  async function theme(mode: 'light' | 'dark'): Promise<void> {
    await shell.setting('Theme', mode);
  }

  for (const mode of THEMES) {
    for (const size of SIZES) {
      const name = `${mode} ${size.width}x${size.height}`;
      it(`axe-core: no serious or critical violation (nor twin landmarks) on any screen, ${name}`, async () => {
        await page.setViewportSize(size);
        await theme(mode);
        const violations: Violation[] = [];
        for (const [screen, open] of screens()) {
          await open();
          violations.push(...(await runAxe(page, `${screen} ${name}`)));
        }
        // Leave no dialog open for the next run.
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        const blocking = violations.filter(mustFix);
        const count = (impact: string) =>
          violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
        console.log(
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

    it('every Cancel of the active orders shows without sideways scrolling, and opens its dialog', async () => {
      const orders = new OrdersPage(page);
      await orders.open();
      await orders.openTab('Active');
      const first = orders.activeTable.getByTestId('active-order').first();
      await first.waitFor();
      // No sideways scrolling anywhere: not the window, not the screen.
      const pageWide = (await page.evaluate(`(() => {
        const main = document.querySelector('main');
        return [document.documentElement.scrollWidth - innerWidth, main.scrollWidth - main.clientWidth];
      })()`)) as number[];
      expect(pageWide).toEqual([0, 0]);
      const cancel =
        '[aria-label="Active orders"] .table-body [role="row"] button[aria-label^="Cancel "]';
      const tableBox = (await orders.activeTable.boundingBox())!;
      const right = Math.min(800, tableBox.x + tableBox.width);
      // Every rendered row's Cancel lies across from its row inside the table and the window;
      // each one in view (inside the body's box and the window) is what shows at its place.
      const rendered = await page.locator(cancel).count();
      let checked = 0;
      for (let i = 0; i < rendered; i++) {
        const box = await inView(cancel, i);
        expect(box.left, `Cancel ${i}`).toBeGreaterThanOrEqual(tableBox.x);
        expect(box.right, `Cancel ${i}`).toBeLessThanOrEqual(right);
        const body = (await orders.activeTable.locator('.table-body').boundingBox())!;
        if (box.top >= body.y && box.bottom <= Math.min(600, body.y + body.height)) {
          expect(box.shown, `Cancel ${i} is not covered`).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(3);
      // Still there with the table scrolled sideways halfway (its columns may not all fit).
      await page.evaluate(`(() => {
        const body = document.querySelector('[aria-label="Active orders"] .table-body');
        body.scrollLeft = (body.scrollWidth - body.clientWidth) / 2;
      })()`);
      const moved = await inView(cancel, 0);
      expect(moved.shown).toBe(true);
      expect(moved.right).toBeLessThanOrEqual(800);
      await page.locator(cancel).first().click();
      await orders.cancelDialog.waitFor();
      await orders.cancelDialog.getByRole('button', { name: 'Keep order' }).click();
      await orders.cancelDialog.waitFor({ state: 'detached' });
    });

    it('a table body that scrolls is a named Tab stop that the keyboard scrolls', async () => {
      const history = new HistoryPage(page);
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

  it('Trade uses the width of a 1920x1080 window: form and preview side by side, growing', async () => {
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
    const preview = (await trade.preview.boundingBox())!;
    // Side by side: same top, the preview to the right of the form, together most of the width.
    expect(Math.abs(form.y - preview.y)).toBeLessThan(1);
    expect(preview.x).toBeGreaterThan(form.x + form.width);
    expect(form.width + preview.width).toBeGreaterThanOrEqual(0.85 * room);
  });

  it('the page logged no error', () => {
    expect(pageErrors).toEqual([]);
  });
});
