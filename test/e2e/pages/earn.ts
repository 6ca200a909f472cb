import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell';

/** Page object of the Earn screen (EarnView, InvestForm, Investments, InterestPayments). */
export class EarnPage {
  readonly shell: ShellPage;
  readonly plansTable: Locator;
  readonly investmentsTable: Locator;
  readonly paymentsTable: Locator;
  /** "100 payments", "Showing 60 of 100 payments". */
  readonly paymentsCount: Locator;
  /** The payments table's choice of investment. */
  readonly paymentsInvestment: Locator;
  /** The success line after an invest or a close. */
  readonly notice: Locator;
  readonly noAccessNotice: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.plansTable = page.getByRole('table', { name: 'Flex plans' });
    this.investmentsTable = page.getByRole('table', { name: 'My investments' });
    this.paymentsTable = page.getByRole('table', { name: 'Interest payments' });
    this.paymentsCount = page.getByTestId('payments-count');
    this.paymentsInvestment = page.getByLabel('Investment', { exact: true });
    this.notice = page.locator('.earn > .form-notice[role="status"]');
    this.noAccessNotice = page.locator('.earn-notice');
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await this.shell.open('Earn');
  }

  async waitForPlans(): Promise<void> {
    await this.plansTable.getByTestId('plan-row').first().waitFor();
  }

  /** A plan's row, by ticker (the first cell). */
  planRow(ticker: string): Locator {
    return this.plansTable.getByTestId('plan-row').filter({ hasText: new RegExp(`^${ticker}`) });
  }

  /** An investment's row, by its plan ("USDT" -> the "USDT plan" row). */
  investmentRow(ticker: string): Locator {
    return this.investmentsTable
      .getByTestId('investment-row')
      .filter({ hasText: `${ticker} plan` });
  }

  /** The rows of the payments table that are rendered (it is virtualised), in order. */
  paymentRows(): Locator {
    return this.paymentsTable.getByTestId('payment-row');
  }

  /** One cell of a row of a table, by its column header. */
  async cell(row: Locator, header: string): Promise<string> {
    const table = row.locator('xpath=ancestor::*[@role="table"][1]');
    const headers = await table.getByRole('columnheader').allTextContents();
    const index = headers.findIndex((h) => h.startsWith(header));
    if (index < 0) throw new Error(`No column "${header}" in ${headers.join(', ')}`);
    return (await row.getByRole('cell').nth(index).textContent()) ?? '';
  }

  investForm(ticker: string): Locator {
    return this.page.getByRole('region', { name: `Invest in the ${ticker} plan` });
  }

  amountInput(ticker: string): Locator {
    return this.investForm(ticker).getByLabel(`Amount (${ticker})`, { exact: true });
  }

  /** The message under the amount field. */
  amountError(ticker: string): Locator {
    return this.investForm(ticker).locator('.field-error');
  }

  async openInvest(ticker: string): Promise<void> {
    await this.page.getByRole('button', { name: `Invest in the ${ticker} plan` }).click();
    await this.amountInput(ticker).waitFor();
  }

  /** Fills the form and presses Invest (the confirmation opens when the checks pass). */
  async fillInvest(ticker: string, amount: string, reinvest: boolean): Promise<void> {
    await this.amountInput(ticker).fill(amount);
    await this.investForm(ticker).getByRole('checkbox').setChecked(reinvest);
    await this.investForm(ticker).getByRole('button', { name: 'Invest', exact: true }).click();
  }

  async confirm(name: string): Promise<void> {
    await this.dialog.getByRole('button', { name, exact: true }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  closeButton(ticker: string): Locator {
    return this.page.getByRole('button', { name: `Close the ${ticker} plan investment` });
  }

  /** Calls a channel the way the page does (RPC with the page's token); answers the envelope. */
  async rpc(channel: string, input: unknown): Promise<unknown> {
    // A script string: the node-side TypeScript has no DOM types for a function body.
    return this.page.evaluate(
      `(async () => {
        const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
        const response = await fetch('/rpc/' + ${JSON.stringify(channel)}, {
          method: 'POST',
          headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
          body: JSON.stringify(${JSON.stringify(input === undefined ? {} : { input })}),
        });
        return response.json();
      })()`,
    );
  }
}

/** The Sub-accounts section of the Accounts screen (SubAccountsSection). */
export class SubAccountsPage {
  readonly shell: ShellPage;
  readonly section: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.section = page.getByRole('region', { name: 'Sub-accounts' });
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await this.shell.open('Accounts');
    await this.section.getByTestId('sub-account-row').first().waitFor();
  }

  row(alias: string): Locator {
    return this.section.getByTestId('sub-account-row').filter({ hasText: new RegExp(`^${alias}`) });
  }

  status(alias: string): Locator {
    return this.row(alias).getByTestId('sub-status');
  }

  blockConfirmButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Block', exact: true });
  }

  async startBlock(alias: string): Promise<void> {
    await this.row(alias)
      .getByRole('button', { name: `Block ${alias}` })
      .click();
    await this.dialog.waitFor();
  }

  async typeAlias(text: string): Promise<void> {
    await this.dialog.getByLabel(/^Type .* to confirm$/).fill(text);
  }

  async unblock(alias: string): Promise<void> {
    await this.row(alias)
      .getByRole('button', { name: `Unblock ${alias}` })
      .click();
    await this.dialog.getByRole('button', { name: 'Unblock', exact: true }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
