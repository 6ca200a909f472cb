import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';
import { readAllRows } from './table';

export type OrdersTabName =
  'Active' | 'Conditional' | 'Executed orders' | 'Deals' | 'Order history (partner)';

export interface ActiveRow {
  orderId: number;
  side: string;
  market: string;
  clientOrderId: string;
}

/**
 * Page object of the Orders screen: Active (filters, count, cancel, modify, cancel all, the
 * kill-switch), Conditional, Order history.
 */
export class OrdersPage {
  readonly shell: ShellPage;
  readonly activeTable: Locator;
  readonly activeFilters: Locator;
  readonly count: Locator;
  readonly cancelDialog: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.activeTable = page.getByRole('table', { name: 'Active orders', exact: true });
    this.activeFilters = page.getByRole('form', { name: 'Filter active orders' });
    this.count = page.getByTestId('active-count');
    this.cancelDialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    this.notice = page.locator(
      '.orders-section p.form-notice[role="status"]:not(.kill-switch-notice)',
    );
  }

  tab(name: OrdersTabName): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async open(): Promise<void> {
    await this.shell.open('Orders');
  }

  async openTab(name: OrdersTabName): Promise<void> {
    await this.tab(name).click();
    await this.page.locator(`[role="tab"][aria-selected="true"]`, { hasText: name }).waitFor();
  }

  /** Runs `action` and waits for the active-orders answer it causes and the table to show it. */
  async reloading(action: () => Promise<void>): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/rpc/orders.active'));
    await action();
    await answered;
    await this.activeTable.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await this.count.waitFor();
  }

  /** Every row of the active table (virtualised: read by scrolling). */
  async activeRows(): Promise<ActiveRow[]> {
    const rows = await readAllRows(this.page, 'Active orders');
    // By its header: a narrow window hides the columns of low priority.
    const header = await this.activeTable.getByRole('columnheader').allTextContents();
    const clientIndex = header.findIndex((h) => h.startsWith('Client order id'));
    return rows.map(([, cells]) => {
      // The row's Cancel button (the Id and Client order id cells have copy buttons).
      const label = cells.find((c) => c.label.startsWith('Cancel '))?.label ?? '';
      const match = /^Cancel (buy|sell) order (\d+) on (\w+)\/(\w+)$/.exec(label);
      if (!match) throw new Error(`Unexpected cancel label: ${label}`);
      const client = cells[clientIndex]?.text ?? '';
      return {
        side: match[1]!,
        orderId: Number(match[2]),
        // Shown as "BTC/USDT"; the exchange's name is "BTC_USDT".
        market: `${match[3]!}_${match[4]!}`,
        clientOrderId: client === '—' ? '' : client,
      };
    });
  }

  async activeIds(): Promise<number[]> {
    return (await this.activeRows()).map((r) => r.orderId).sort((a, b) => a - b);
  }

  /** Rows the table holds in all (its aria-rowcount counts the header row too). */
  async activeRowCount(): Promise<number> {
    return Number(await this.activeTable.getAttribute('aria-rowcount')) - 1;
  }

  field(label: 'Market' | 'Order id' | 'Client order id'): Locator {
    return this.activeFilters.getByLabel(label, { exact: true });
  }

  /** Narrows the loaded list (nothing is fetched): the market by its exchange name. */
  async filter(values: Partial<Record<'Market' | 'Order id' | 'Client order id', string>>) {
    for (const [label, value] of Object.entries(values)) {
      if (label === 'Market') await this.field('Market').selectOption(value);
      else await this.field(label as 'Order id').fill(value);
    }
  }

  async clearFilters(): Promise<void> {
    await this.activeFilters.getByRole('button', { name: 'Clear filters' }).click();
  }

  /** The ids of the rows in the order the table shows them. */
  async shownIds(): Promise<number[]> {
    return (await this.activeRows()).map((r) => r.orderId);
  }

  cancelButton(orderId: number): Locator {
    return this.activeTable.getByRole('button', {
      name: new RegExp(`^Cancel (buy|sell) order ${orderId} on `),
    });
  }

  // Modify, cancel all, kill-switch ----------------------------------------------------------------
  modifyButton(orderId: number): Locator {
    return this.activeTable.getByRole('button', {
      name: new RegExp(`^Modify (buy|sell) order ${orderId} on `),
    });
  }

  /** The Modify dialog: its form, then its confirmation ("Modify this order?"). */
  get modifyDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Modify / });
  }

  /** Opens an order's Modify form, types the new values and asks for the review. */
  async modify(
    orderId: number,
    values: Partial<Record<'Price' | 'Amount' | 'Activation price', string>>,
  ): Promise<void> {
    await this.modifyButton(orderId).click();
    for (const [label, value] of Object.entries(values)) {
      await this.modifyDialog.getByLabel(new RegExp(`^${label} \\(`)).fill(value);
    }
    await this.modifyDialog.getByRole('button', { name: 'Review' }).click();
  }

  /** "Cancel all" (every market) or "Cancel all on BTC/USDT" (the market in the filter). */
  get cancelAllButton(): Locator {
    return this.page.getByRole('button', { name: /^Cancel all( on .*)?$/ });
  }

  get cancelAllDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Cancel \d+ orders? on / });
  }

  get killSwitch(): Locator {
    return this.page.getByRole('region', { name: 'Kill-switch' });
  }

  get killSwitchTimers(): Locator {
    return this.killSwitch.getByTestId('kill-switch-timer');
  }

  /** Arms a market's kill-switch (its exchange name) for `seconds`. */
  async armKillSwitch(market: string, seconds: string): Promise<void> {
    await this.killSwitch.getByLabel('Kill-switch market').selectOption(market);
    await this.killSwitch.getByLabel('Timeout (seconds)').fill(seconds);
    await this.killSwitch.getByRole('button', { name: 'Arm' }).click();
  }

  // Conditional -----------------------------------------------------------------------------------
  get ocoRows(): Locator {
    return this.page.getByRole('table', { name: 'OCO orders' }).getByTestId('oco-order');
  }
  get otoRows(): Locator {
    return this.page.getByRole('table', { name: 'OTO orders' }).getByTestId('oto-order');
  }

  /** Ids shown in a conditional table's "Id" column. */
  async conditionalIds(rows: Locator, idColumn: number): Promise<number[]> {
    const ids = await rows.locator(`[role="cell"]:nth-child(${idColumn})`).allTextContents();
    return ids.map(Number).sort((a, b) => a - b);
  }

  // Executed orders and Deals (by API key) ------------------------------------------------------
  /** The shared filter field of the open tab. */
  historyField(label: 'Market' | 'Side' | 'Time range' | 'Client order id'): Locator {
    return this.page.locator('main').getByLabel(label, { exact: true });
  }

  /** Applies the typed client order id (and custom dates) of the open tab's filters. */
  get historyApply(): Locator {
    return this.page.locator('main').getByRole('button', { name: 'Apply', exact: true });
  }

  /** Opens an Executed orders row's "Deals of order N" dialog and waits for its deals. */
  async openOrderDeals(orderId: number): Promise<Locator> {
    await this.page.getByRole('button', { name: `Deals of order ${orderId}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Deals of order ${orderId}` });
    await dialog.getByTestId('order-deals-count').waitFor();
    return dialog;
  }

  get historyWindow(): Locator {
    return this.page.getByTestId('history-window');
  }

  /**
   * Runs `action` and answers the window main answered `channel` with (the range it covers), once
   * the table shows it.
   */
  async windowAnswer<T>(
    channel: 'keyHistory.orders' | 'keyHistory.deals',
    action: () => Promise<void>,
  ): Promise<T> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith(`/rpc/${channel}`));
    await action();
    const body = (await (await answered).json()) as { ok: boolean; value: T };
    await this.page.locator('[role="table"] [aria-busy="true"]').waitFor({ state: 'detached' });
    return body.value;
  }

  /** Order ids of the Executed orders table (from each row's Deals button), as listed. */
  async apiOrderIds(): Promise<number[]> {
    const rows = await readAllRows(this.page, 'Executed orders');
    return rows.map(([, cells]) => {
      const label = cells.find((c) => c.label.startsWith('Deals of order '))?.label ?? '';
      return Number(label.slice('Deals of order '.length));
    });
  }

  /** Deal ids of a deals table (the Deals tab, or an order's detail), as listed. */
  async dealIds(table: string): Promise<number[]> {
    const rows = await readAllRows(this.page, table);
    const header = await this.page
      .getByRole('table', { name: table, exact: true })
      .getByRole('columnheader')
      .allTextContents();
    const index = header.findIndex((h) => h.startsWith('Deal id'));
    return rows.map(([, cells]) => Number(cells[index]?.text));
  }

  // Order history ---------------------------------------------------------------------------------
  get connectExplanation(): Locator {
    return this.page.getByRole('heading', {
      name: 'Connect a partner app to see the orders it reads',
    });
  }
}
