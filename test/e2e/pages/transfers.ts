import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';
import { readAllRows, type Cell } from './table';

/** One rendered row of the deposits/withdrawals table, cell by cell. */
export interface TransferRow {
  index: number;
  /** ISO time from the <time> element. */
  time: string;
  type: string;
  ticker: string;
  amount: string;
  fee: string;
  status: string;
  /** "Status code N" from the status cell's title. */
  statusTitle: string;
  network: string;
  /** The full address (the cell shows it shortened; the title has it whole); '' for "—". */
  address: string;
  hash: string;
  /** Where the hash links to (its block explorer); '' when it is no link. */
  explorer: string;
  uniqueId: string;
}

/** Page object of the History screen (TransfersFilters + TransfersView). */
export class TransfersScreen {
  readonly shell: ShellPage;
  readonly form: Locator;
  readonly table: Locator;
  readonly range: Locator;
  readonly pager: Locator;
  readonly exportButton: Locator;
  readonly exportStatus: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.form = page.getByRole('form', { name: 'Filter deposits and withdrawals' });
    this.table = page.getByRole('table', { name: 'Deposits and withdrawals', exact: true });
    this.range = page.getByTestId('history-range');
    this.pager = page.getByRole('navigation', { name: 'Pages of deposits and withdrawals' });
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
    this.exportStatus = page.locator('.export-status');
  }

  async open(): Promise<void> {
    await this.shell.open('History');
    await this.range.filter({ hasText: /^Showing / }).waitFor();
  }

  /** Runs `action` and waits for the page of transfers it causes to be shown. */
  async reloading(action: () => Promise<void>): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/rpc/transfers.list'));
    await action();
    await answered;
    await this.table.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  }

  /** Opens More filters (address, addresses, memo, unique id, statuses) unless it is open. */
  async showMore(): Promise<void> {
    const more = this.form.locator('details.more-filters');
    if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
  }

  field(label: 'Ticker' | 'Address' | 'Memo' | 'Unique id' | 'Addresses'): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get method(): Locator {
    return this.form.getByLabel('Method', { exact: true });
  }

  /** A status checkbox by its group name ("Canceled", "Pending", …). */
  status(name: string): Locator {
    return this.form
      .locator('label.check')
      .filter({
        has: this.page.locator('span', { hasText: new RegExp(`^${name}$`) }),
      })
      .locator('input[type="checkbox"]');
  }

  get apply(): Locator {
    return this.form.getByRole('button', { name: 'Apply' });
  }

  async applyFilters(): Promise<void> {
    await this.reloading(() => this.apply.click());
  }

  async reset(): Promise<void> {
    await this.reloading(() => this.form.getByRole('button', { name: 'Reset' }).click());
  }

  async next(): Promise<void> {
    await this.reloading(() => this.pager.getByRole('button', { name: 'Next' }).click());
  }

  async previous(): Promise<void> {
    await this.reloading(() => this.pager.getByRole('button', { name: 'Previous' }).click());
  }

  async rangeText(): Promise<string> {
    return ((await this.range.textContent()) ?? '').trim();
  }

  /** The row shown for the record at `index` on this page (rendered only while scrolled to). */
  row(index: number): Locator {
    return this.table.locator(`[role="row"][aria-rowindex="${index + 2}"]`);
  }

  /** Every row of the page shown (the table is virtualised: read by scrolling). */
  async rows(): Promise<TransferRow[]> {
    const entries = await readAllRows(this.page, 'Deposits and withdrawals');
    return entries.map(([index, cells]) => {
      const c = (i: number): Cell =>
        cells[i] ?? { text: '', title: '', time: '', label: '', href: '' };
      const ident = (cell: Cell) => (cell.text === '—' ? '' : cell.title);
      return {
        index,
        time: c(0).time,
        type: c(1).text,
        ticker: c(2).text,
        amount: c(3).text,
        fee: c(4).text,
        status: c(5).text,
        statusTitle: c(5).title,
        network: c(7).text,
        address: ident(c(8)),
        hash: ident(c(9)),
        explorer: c(9).href,
        uniqueId: ident(c(10)),
      };
    });
  }
}
