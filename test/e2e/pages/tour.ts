import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { EarnPage, SubAccountsPage } from './earn';
import { MiningPage } from './mining';
import { OrdersPage } from './orders';
import { OverviewPage } from './overview';
import { ShellPage } from './shell';
import { TaxesPage } from './taxes';
import { TradePage } from './trade';
import { TransfersScreen } from './transfers';

/**
 * A walk over every screen of the sidebar (Orders with each tab) and the main dialogs, each opened
 * and loaded in turn on the demo exchange (one leads to the next), and the steps it takes (a
 * Modify form and its confirmation, the kill-switch, an order's deals) for tests that take them on
 * their own (the shortcuts sheet and the Notices list last). The accessibility and the clipping
 * sweeps read the page at each stop.
 */
export class ScreenTour {
  readonly shell: ShellPage;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
  }

  /** Every screen of the sidebar (Orders with each tab) and a few dialogs, each loaded. */
  screens(): [string, () => Promise<void>][] {
    const overview = new OverviewPage(this.page);
    const orders = new OrdersPage(this.page);
    const trade = new TradePage(this.page);
    const earn = new EarnPage(this.page);
    const mining = new MiningPage(this.page);
    const history = new TransfersScreen(this.page);
    const subAccounts = new SubAccountsPage(this.page);
    const taxes = new TaxesPage(this.page);
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
        'orders-modify-dialog',
        async () => {
          await orders.cancelDialog.getByRole('button', { name: 'Keep order' }).click();
          await orders.cancelDialog.waitFor({ state: 'detached' });
          await this.openModify(orders);
        },
      ],
      [
        'orders-modify-review',
        async () => {
          await this.reviewModify(orders);
        },
      ],
      [
        'orders-cancel-all-dialog',
        async () => {
          await this.closeModify(orders);
          await orders.cancelAllButton.click();
          await orders.cancelAllDialog.waitFor();
        },
      ],
      [
        'orders-kill-switch-armed',
        async () => {
          await orders.cancelAllDialog.getByRole('button', { name: /^Keep orders?$/ }).click();
          await orders.cancelAllDialog.waitFor({ state: 'detached' });
          await this.armKillSwitch(orders);
        },
      ],
      [
        'orders-executed',
        async () => {
          await this.disarmKillSwitch(orders);
          await this.openExecuted(orders);
        },
      ],
      ['orders-deals-of-order', () => this.openDealsOfOrder()],
      [
        'orders-deals',
        async () => {
          await this.closeDealsOfOrder();
          await this.openDeals(orders);
        },
      ],
      [
        'orders-conditional',
        async () => {
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
      [
        'trade',
        async () => {
          await trade.open();
          // A fresh book: with auto-refresh off, the one loaded a run earlier is too old to review.
          const fresh = this.page.waitForResponse((r) => r.url().endsWith('/rpc/trade.context'));
          await this.page.getByRole('button', { name: 'Refresh', exact: true }).click();
          await fresh;
          // The chart (its own chunk) is part of the screen axe reads.
          await this.page.getByRole('group', { name: /price chart/ }).waitFor();
        },
      ],
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
          await this.page.keyboard.press('Escape');
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
          // The Workers table (its rows) is part of the screen axe checks.
          await this.page.getByTestId('worker-row').first().waitFor();
          // So are the Alerts: the list, the rule form and quiet hours.
          await this.page.getByTestId('alerts-watch').filter({ hasText: 'Main watches' }).waitFor();
          // And the payout destination with its change form open.
          await this.page
            .locator('section.mining-payout')
            .getByRole('button', { name: 'Change…' })
            .click();
          await this.page.getByLabel('BTC address again').waitFor();
          // The pool beside the account, and the Watcher links with the create form open.
          await this.page.getByTestId('pool-workers').filter({ hasText: /\d/ }).waitFor();
          await this.page
            .locator('section.mining-watchers')
            .getByRole('button', { name: 'Create…' })
            .click();
          await this.page.getByLabel('Link name').waitFor();
          // And the Rewards: the days and the months.
          await this.page.getByTestId('reward-month-row').first().waitFor();
        },
      ],
      [
        'history',
        async () => {
          await history.open();
          await history.table.getByTestId('transfer').first().waitFor();
        },
      ],
      ['taxes', () => taxes.open()],
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
          await this.page.keyboard.press('Escape');
          await this.shell.open('Settings');
          await this.page.getByTestId('about-version').waitFor();
        },
      ],
      [
        'shortcuts-sheet',
        async () => {
          await this.page.locator('main').focus();
          await this.page.keyboard.press('?');
          await this.page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        },
      ],
      [
        'notices-list',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await this.page.getByTestId('notices-button').click();
          await this.page.getByRole('dialog', { name: 'Notices' }).waitFor();
        },
      ],
      // Issue 33: a worker's hashrate chart, opened from its row (the account's line, markers).
      [
        'mining-worker-chart',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await mining.open();
          await this.page.getByTestId('worker-row').first().waitFor();
          await this.page
            .getByRole('button', { name: /: open its hashrate chart$/ })
            .first()
            .click();
          await this.page.getByTestId('worker-chart').getByTestId('hashrate-chart').waitFor();
        },
      ],
      [
        // Issue 34 item 3: Receive on a network that needs a memo (memo, its warning, the QR).
        'receive-dialog',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await history.open();
          await this.page.getByRole('button', { name: 'Receive', exact: true }).click();
          const dialog = this.page.getByRole('dialog', { name: 'Receive' });
          await dialog.getByLabel('Asset').selectOption('XRP');
          await dialog.getByTestId('receive-memo-warning').waitFor();
        },
      ],
      [
        'overview-transfer-dialog',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await overview.open();
          await overview.rows
            .filter({ hasText: 'USDT' })
            .getByRole('button', { name: /^Transfer USDT/ })
            .click();
          // The source balance is in (Max is enabled once it is).
          await this.page
            .getByRole('dialog', { name: 'Transfer between balances' })
            .getByRole('button', { name: 'Max' })
            .and(this.page.locator(':enabled'))
            .waitFor();
        },
      ],
      [
        // Issue 34 item 5: the Convert dialog with a quote, its countdown and the last converts.
        'overview-convert-dialog',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await overview.open();
          await this.page
            .locator('.ov-assets .section-head')
            .getByRole('button', { name: 'Convert', exact: true })
            .click();
          const dialog = this.page.getByRole('dialog', { name: 'Convert' });
          await dialog.getByLabel('From').selectOption('USDT');
          await dialog.getByLabel('To').selectOption('BTC');
          await dialog.getByRole('textbox', { name: /^Amount/ }).fill('100');
          await dialog.getByRole('button', { name: 'Get quote' }).click();
          await dialog.getByTestId('convert-quote').waitFor();
        },
      ],
      [
        // Issue 34 item 4: the Overview's accounts filter, open (a checkbox per account).
        'overview-accounts-filter',
        async () => {
          await this.page.keyboard.press('Escape');
          await this.page.getByRole('dialog').waitFor({ state: 'detached' });
          await overview.open();
          await this.page.getByRole('button', { name: /^Accounts:/ }).click();
          await this.page.getByRole('group', { name: 'Accounts counted' }).waitFor();
        },
      ],
    ];
  }

  /** A BTC/USDT limit order's Modify form (it has a price and an amount). */
  async openModify(orders: OrdersPage): Promise<void> {
    await orders.activeTable
      .getByTestId('active-order')
      .filter({ hasText: 'BTC/USDT' })
      .filter({ hasText: 'Limit' })
      .first()
      .getByRole('button', { name: /^Modify / })
      .click();
    await orders.modifyDialog.getByLabel(/^Price \(/).waitFor();
  }

  /** Its confirmation: the price 1 USDT lower (a change BTC/USDT's tick takes). */
  async reviewModify(orders: OrdersPage): Promise<void> {
    const price = orders.modifyDialog.getByLabel(/^Price \(/);
    await price.fill(String(Number(await price.inputValue()) - 1));
    await orders.modifyDialog.getByRole('button', { name: 'Review' }).click();
    await this.page.getByRole('dialog', { name: 'Modify this order?' }).waitFor();
  }

  /** Back from the confirmation, then out of the form: nothing is modified. */
  async closeModify(orders: OrdersPage): Promise<void> {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
    await orders.modifyDialog.getByRole('button', { name: 'Keep order' }).click();
    await orders.modifyDialog.waitFor({ state: 'detached' });
  }

  /** The kill-switch armed on a market for the longest timeout (disarmed before it could fire). */
  async armKillSwitch(orders: OrdersPage): Promise<void> {
    await orders.armKillSwitch('ETH_USDT', '600');
    await orders.killSwitchTimers.first().waitFor();
  }

  async disarmKillSwitch(orders: OrdersPage): Promise<void> {
    await orders.killSwitch.getByRole('button', { name: /^Disarm / }).click();
    await orders.killSwitch.getByTestId('kill-switch-none').waitFor();
  }

  /** A history tab by API key, its window loaded. */
  async openWindowTab(orders: OrdersPage, tab: 'Executed orders' | 'Deals') {
    await orders.openTab(tab);
    await orders.historyWindow.waitFor();
    await this.page
      .getByRole('table', { name: tab, exact: true })
      .locator('.table-body [role="row"][aria-rowindex]')
      .first()
      .waitFor();
  }
  openExecuted(orders: OrdersPage): Promise<void> {
    return this.openWindowTab(orders, 'Executed orders');
  }

  openDeals(orders: OrdersPage): Promise<void> {
    return this.openWindowTab(orders, 'Deals');
  }

  /** The first executed order's detail: "Deals of order N", its deals loaded. */
  dealsOfOrder(): Locator {
    return this.page.getByRole('dialog', { name: /^Deals of order / });
  }

  async openDealsOfOrder(): Promise<void> {
    await this.page
      .getByRole('button', { name: /^Deals of order / })
      .first()
      .click();
    await this.dealsOfOrder().getByTestId('order-deals-count').waitFor();
  }
  async closeDealsOfOrder(): Promise<void> {
    await this.dealsOfOrder().getByRole('button', { name: 'Close' }).click();
    await this.dealsOfOrder().waitFor({ state: 'detached' });
  }

  /**
   * After a resize, the tables measure themselves again (a ResizeObserver, then a render): a table
   * body that now scrolls becomes a Tab stop. Waits until every one that scrolls is one, so axe
   * reads the page as it settles, not the frame in between.
   */
  async tablesMeasured(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(`[...document.querySelectorAll('.table-body')].filter((body) =>
            (body.scrollWidth > body.clientWidth || body.scrollHeight > body.clientHeight) &&
            body.getAttribute('tabindex') !== '0').length`),
        { timeout: 10_000 },
      )
      .toBe(0);
  }
}
