import type { Locator, Page } from 'playwright-core';
import { downloadedText } from '../../support/browser';
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

  /** The Exports section's button of a file ('Koinly', 'CoinTracking', 'Realized gains (CSV)'…). */
  exportButton(label: string): Locator {
    return this.page
      .locator('main')
      .getByRole('region', { name: 'Exports' })
      .getByRole('button', { name: label, exact: true });
  }

  /** What the export of `label` said it did ("Downloaded 12 rows as …"). */
  exportStatus(label: string): Locator {
    return this.page
      .locator('main .export')
      .filter({ has: this.page.getByRole('button', { name: label, exact: true }) })
      .locator('.export-status');
  }

  /** Clicks the export of `label` and answers the file the page downloaded and what it said. */
  async download(label: string): Promise<{ filename: string; text: string; status: string }> {
    const downloaded = this.page.waitForEvent('download', { timeout: 60_000 });
    await this.exportButton(label).click();
    const download = await downloaded;
    const text = await downloadedText(download);
    const status = this.exportStatus(label).filter({ hasText: 'Downloaded' });
    await status.waitFor();
    return { filename: download.suggestedFilename(), text, status: await status.innerText() };
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
