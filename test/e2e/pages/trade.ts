import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../support/browser';
import { fieldError } from './fields';
import { ShellPage } from './shell';

/** The order types of the form, as the page object names them. */
export type Kind = 'Market' | 'Spend' | 'Limit' | 'Stop-limit' | 'Stop-market';

/** Page object of the Trade screen: market picker, facts, order form, preview, dialog, outcome. */
export class TradePage {
  readonly shell: ShellPage;
  readonly picker: Locator;
  /** The picker's list of markets (shown while the picker is open). */
  readonly markets: Locator;
  readonly amount: Locator;
  readonly price: Locator;
  /** A stop order's activation price, and the condition it implies in words. */
  readonly activationPrice: Locator;
  readonly stopCondition: Locator;
  readonly clientOrderId: Locator;
  readonly stp: Locator;
  readonly postOnly: Locator;
  readonly ioc: Locator;
  readonly reviewButton: Locator;
  readonly dialog: Locator;
  readonly preview: Locator;
  readonly outcome: Locator;
  readonly alert: Locator;
  readonly stockBalance: Locator;
  readonly moneyBalance: Locator;

  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
    this.picker = page.getByRole('combobox', { name: 'Market' });
    this.markets = page.getByRole('listbox', { name: 'Markets' });
    this.amount = page.getByRole('textbox', { name: /^Amount/ });
    this.price = page.getByRole('textbox', { name: /^Limit price/ });
    this.activationPrice = page.getByRole('textbox', { name: /^Activation price/ });
    this.stopCondition = page.getByTestId('trade-stop-condition');
    this.clientOrderId = page.getByRole('textbox', { name: /^Client order id/ });
    this.stp = page.getByRole('combobox', { name: 'Self-trade prevention' });
    this.postOnly = page.getByRole('checkbox', { name: /Post-only/ });
    this.ioc = page.getByRole('checkbox', { name: /Immediate or cancel/ });
    this.reviewButton = page.getByRole('button', { name: 'Review order' });
    this.dialog = page.getByRole('dialog');
    this.preview = page.getByRole('region', { name: 'Preview' });
    this.outcome = page.getByTestId('trade-outcome');
    this.alert = page.getByTestId('trade-alert');
    this.stockBalance = page.getByTestId('balance-stock');
    this.moneyBalance = page.getByTestId('balance-money');
  }

  async open(): Promise<void> {
    await this.shell.open('Trade');
    await this.page.getByTestId('best-ask').waitFor();
    await this.reviewButton.waitFor();
  }

  /** The option of a market in the open picker ("BTC/USDT"), starred or not. */
  option(market: string): Locator {
    return this.markets.getByRole('option', {
      name: new RegExp(`^(Favourite )?${market.replace('/', '\\/')} `),
    });
  }

  /** The markets the open picker lists, in order ("BTC/USDT", …). */
  optionNames(): Promise<string[]> {
    return this.markets.locator('.trade-option-name').allTextContents();
  }

  async chooseMarket(query: string, option: string): Promise<void> {
    await this.picker.click();
    await this.picker.fill(query);
    await this.option(option).click();
    await this.amount.waitFor();
  }

  /** An amount shortcut by its label: '25 %', '50 %', '75 %' or 'Max'. */
  shortcut(label: '25 %' | '50 %' | '75 %' | 'Max'): Locator {
    return this.page.getByRole('group', { name: 'Amount shortcuts' }).getByRole('button', {
      name:
        label === 'Max'
          ? /^Max: fill 100 % of available /
          : new RegExp(`^Fill ${label} of available `),
    });
  }

  async kind(label: Kind): Promise<void> {
    const name =
      label === 'Market' ? /^Market \(amount in/ : label === 'Spend' ? /^Market buy/ : label;
    await this.page.getByRole('radio', { name, exact: true }).check();
  }

  async side(side: 'Buy' | 'Sell'): Promise<void> {
    await this.page.getByRole('radio', { name: new RegExp(`^${side} `) }).check();
  }

  /** Fills the form; fields left out are cleared (amount, price, client order id). */
  async fill(values: {
    kind?: Kind;
    side?: 'Buy' | 'Sell';
    amount?: string;
    price?: string;
    /** Stop-limit and stop-market. */
    activationPrice?: string;
    clientOrderId?: string;
    postOnly?: boolean;
  }): Promise<void> {
    await this.kind(values.kind ?? 'Market');
    if (values.side) await this.side(values.side);
    await this.amount.fill(values.amount ?? '');
    if (values.kind === 'Limit') {
      await this.price.fill(values.price ?? '');
      await this.postOnly.setChecked(values.postOnly ?? false);
    }
    if (values.kind === 'Stop-limit' || values.kind === 'Stop-market') {
      await this.activationPrice.fill(values.activationPrice ?? '');
    }
    if (values.kind === 'Stop-limit') await this.price.fill(values.price ?? '');
    await this.clientOrderId.fill(values.clientOrderId ?? '');
  }

  /** Fills the form, asks for the review and confirms it (the dialog closed, the answer pending). */
  async place(values: Parameters<TradePage['fill']>[0]): Promise<void> {
    await this.fill(values);
    await this.review();
    await this.confirm();
  }

  /**
   * Opens Trade on ADA/USDT, buys at market spending `spend` USDT, then sells `sell` ADA at market,
   * each outcome waited for: a round trip that leaves two deals in the account's history.
   */
  async adaRoundTrip(spend: string, sell: string): Promise<void> {
    await this.open();
    await this.chooseMarket('ada', 'ADA/USDT');
    await this.place({ kind: 'Spend', amount: spend });
    await this.outcome.filter({ hasText: 'Bought' }).waitFor();
    await this.place({ kind: 'Market', side: 'Sell', amount: sell });
    await this.outcome.filter({ hasText: 'Sold' }).waitFor();
  }

  async review(): Promise<void> {
    await this.reviewButton.click();
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Confirm order' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** The error text an input points at through aria-describedby ('' when it is not invalid). */
  errorOf(field: Locator): Promise<string> {
    return fieldError(field);
  }
}

/** A browser on the app's page at `url`, on Trade; the page's errors are pushed to `errors`. */
export async function openTrade(
  url: string,
  errors: string[],
): Promise<{ browser: Browser; page: Page; trade: TradePage }> {
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  const trade = new TradePage(page);
  await trade.open();
  return { browser, page, trade };
}
