import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';
import { readAllRows } from './table';

/** One row of a Taxes table: each cell by its header, an amount's exact value (its hover title). */
export type TaxRow = Record<string, string>;

/** Page object of the Taxes screen. */
export class TaxesPage {
  readonly shell: ShellPage;
  readonly realized: Locator;
  readonly reconciled: Locator;
  readonly differences: Locator;
  readonly method: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    const main = page.locator('main');
    this.realized = main.getByRole('table', { name: 'Realized gains' });
    this.reconciled = main.getByTestId('tax-reconciled');
    this.differences = main.getByTestId('tax-difference');
    this.method = main.getByLabel('Method', { exact: true });
  }

  /** Opens Taxes and waits for the report (its totals). */
  async open(): Promise<void> {
    await this.shell.open('Taxes');
    await this.page.locator('main').getByRole('heading', { name: 'Totals' }).waitFor();
  }

  /** Every row of the table named `label` (scrolled through), each cell by its header. */
  async rows(label: string): Promise<TaxRow[]> {
    const table = this.page.locator('main').getByRole('table', { name: label });
    const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    return (await readAllRows(this.page, label)).map(([, cells]) =>
      Object.fromEntries(
        cells.map((cell, i) => [
          headers[i] ?? String(i),
          cell.title && /^-?[\d.]+$/.test(cell.title) ? cell.title : cell.text,
        ]),
      ),
    );
  }
}
