import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';

/** Page object of the Overview screen (OverviewView): total, quote, assets table, data age. */
export class OverviewPage {
  readonly shell: ShellPage;
  readonly total: Locator;
  readonly quoteSelect: Locator;
  readonly hideZero: Locator;
  readonly rows: Locator;
  readonly dataAge: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.total = page.getByTestId('overview-total');
    this.quoteSelect = page.getByLabel(/^Value in/);
    this.hideZero = page.getByLabel('Hide zero balances', { exact: true });
    this.table = page.getByRole('table', { name: 'Assets', exact: true });
    this.rows = this.table.getByTestId('overview-row');
    this.dataAge = page.locator('.ov-summary').getByTestId('data-age');
  }

  async open(): Promise<void> {
    await this.shell.open('Overview');
    await this.total.waitFor();
    await this.rows.first().waitFor();
  }

  /** The total as shown, e.g. "63,210.55 USDT". */
  async totalText(): Promise<string> {
    return ((await this.total.textContent()) ?? '').trim();
  }

  /** Selects a quote and waits until the total is shown in it. */
  async chooseQuote(quote: string): Promise<void> {
    await this.quoteSelect.selectOption(quote);
    await this.total.filter({ hasText: new RegExp(` ${quote}$`) }).waitFor();
  }

  /** Tickers of the rows shown (the table holds at most a dozen rows, all rendered). */
  async tickers(): Promise<string[]> {
    return this.rows.locator('.ov-ticker').allTextContents();
  }
}
