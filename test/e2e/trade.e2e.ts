import { mkdir } from 'node:fs/promises';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { TradePage } from './pages/trade';

/**
 * A number as the app shows it, thousands grouped: at `places` (an asset's amount), or at its own
 * digits with at least 2 decimals (a price in the picker).
 */
function shown(value: string, places?: number): string {
  const d = new Decimal(value);
  const [whole = '0', fraction] = d.toFixed(places ?? Math.max(2, d.decimalPlaces())).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** The demo's BTC_USDT writes BTC at its stock precision (stockPrec 6), as the number rule says. */
const BTC_PLACES = 6;

/**
 * Acceptance of the "Trade" issue against the demo exchange: each order type placed through the UI
 * (balances and orders updated); each client check failing with NO order request in the demo's
 * request log; the server's refusals under their fields; a connection reset after execution giving
 * exactly one order, reported as found after the drop.
 */

const SHOTS = 'test-results/screenshots';
const ORDER_PATHS = new Set([
  '/api/v4/order/stock_market',
  '/api/v4/order/market',
  '/api/v4/order/new',
]);

describe('Trade screen against the demo exchange', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let trade: TradePage;
  const pageErrors: string[] = [];

  const lastLogId = () => app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
  const orderRequests = (since: number) =>
    app.core.demoExchange.requestLog(since).filter((e) => ORDER_PATHS.has(e.path));
  const balances = async () => {
    const all = await app.core.accounts.active().api.tradeBalance();
    return { btc: all['BTC']!, usdt: all['USDT']! };
  };
  const history = (cid: string) =>
    app.core.demoExchange.engine.state.history.filter((o) => o.clientOrderId === cid);
  const active = (cid: string) =>
    app.core.demoExchange.engine.state.active.filter((o) => o.clientOrderId === cid);

  /** Places through the UI and returns the notice text. */
  async function place(values: Parameters<TradePage['fill']>[0]): Promise<string> {
    await trade.fill(values);
    await trade.review();
    await trade.confirm();
    await trade.outcome.waitFor();
    return (await trade.outcome.textContent()) ?? '';
  }

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startApp({ demoExchange: { control: true, freezePrices: true } });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.host.pageUrl);
    trade = new TradePage(page);
    await trade.open();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the market, best bid/ask, last price and both balances', async () => {
    await expect(trade.picker.inputValue()).resolves.toBe('BTC/USDT');
    expect(await page.getByTestId('best-bid').textContent()).toMatch(/^[\d,]+\.\d+ USDT$/);
    expect(await page.getByTestId('best-ask').textContent()).toMatch(/^[\d,]+\.\d+ USDT$/);
    expect(await page.getByTestId('last-price').textContent()).toMatch(/^[\d,]+\.\d+ USDT$/);
    const { btc } = await balances();
    expect(await trade.stockBalance.textContent()).toContain(
      `${shown(btc.available, BTC_PLACES)} BTC`,
    );
    await trade.picker.click();
    await trade.picker.fill('sol');
    expect(await trade.optionNames()).toEqual(['SOL/USDT']);
    await trade.picker.press('Escape');
    // Tab from the picker (its list open, as when it is reached by Tab) goes to the next control:
    // the list of markets is not a tab stop.
    await trade.picker.press('ArrowDown');
    await page.getByRole('listbox', { name: 'Markets' }).waitFor();
    await trade.picker.press('Tab');
    const next = await page.evaluate(`({
      tag: document.activeElement?.tagName,
      inForm: !!document.activeElement?.closest('form[aria-label="Order"]'),
    })`);
    expect(next).toEqual({ tag: 'INPUT', inForm: true });
    await trade.picker.blur();
  });

  it('the picker shows a market’s last price and 24 h change from the demo’s ticker', async () => {
    await trade.picker.click();
    await trade.picker.fill('sol');
    const option = trade.option('SOL/USDT');
    await option.locator('.trade-option-price').filter({ hasText: /\d/ }).waitFor();
    // Prices are frozen in this app: the ticker now is the one the picker fetched as it opened.
    const sol = (await app.core.accounts.active().api.ticker())['SOL_USDT']!;
    expect(await option.locator('.trade-option-price').textContent()).toBe(shown(sol.lastPrice));
    const change = option.locator('.trade-option-change');
    const rounded = new Decimal(sol.change).toDecimalPlaces(2);
    const sign = rounded.gt(0) ? '+' : rounded.lt(0) ? '−' : '';
    expect(await change.textContent()).toBe(`${sign}${rounded.abs().toFixed(2)} %`);
    expect(await change.getAttribute('class')).toContain(
      rounded.gt(0) ? 'up' : rounded.lt(0) ? 'down' : '',
    );
    expect(await option.getAttribute('aria-description')).toContain(
      'Last price in USDT and 24 h change.',
    );
    await trade.picker.press('Escape');
    await trade.picker.blur();
  });

  it('Max on a sell fills the available stock rounded down to the step; the order goes through', async () => {
    // A balance finer than SOL/USDT's step (0.001 SOL), as a deposit in SOL's own 8 decimals leaves.
    const engine = app.core.demoExchange.engine;
    engine.state.trade['SOL']!.available = '20.12345678';
    const sol = (await app.core.accounts.active().api.markets()).find(
      (m) => m.name === 'SOL_USDT',
    )!;
    const expected = new Decimal('20.12345678')
      .toDecimalPlaces(sol.stockPrec, Decimal.ROUND_DOWN)
      .toFixed();
    expect(expected).toBe('20.123');
    await trade.chooseMarket('sol', 'SOL/USDT');
    await trade.fill({ kind: 'Market', side: 'Sell', clientOrderId: 'e2e-max-sell' });
    await trade.shortcut('Max').click();
    await expect.poll(() => trade.amount.inputValue()).toBe(expected);
    await trade.review();
    await trade.confirm();
    await trade.outcome.waitFor();
    expect(await trade.outcome.textContent()).toMatch(
      /^Sold 20\.123 SOL for [\d,.]+ USDT \(fee [\d.]+ USDT\)\./,
    );
    expect(history('e2e-max-sell')).toMatchObject([{ amount: expected, dealStock: expected }]);
    const left = (await app.core.accounts.active().api.tradeBalance())['SOL']!;
    expect(new Decimal(left.available).toFixed()).toBe('0.00045678');
    // Back to BTC/USDT for the cases below.
    await trade.chooseMarket('btc/usdt', 'BTC/USDT');
  });

  it('places a market buy by stock amount: balances move, the engine has the order', async () => {
    const before = await balances();
    const shownBefore = await trade.stockBalance.textContent();
    await trade.fill({ kind: 'Market', side: 'Buy', amount: '0.01', clientOrderId: 'e2e-mkt-buy' });
    await trade.preview.getByText('Estimated average price').waitFor();
    await page.screenshot({ path: `${SHOTS}/trade-form-preview.png` });
    await trade.review();
    const summary = await trade.dialog.getByTestId('trade-review').textContent();
    expect(summary).toContain('SideBuy (Market order)');
    expect(summary).toContain('Amount0.01 BTC');
    expect(await trade.dialog.getByTestId('trade-review-total').textContent()).toMatch(
      /^≈\s[\d,]+\.\d{2} USDT to pay; you get ≈\s[\d.]+ BTC after a fee of ≈\s[\d.]+ BTC$/,
    );
    await page.screenshot({ path: `${SHOTS}/trade-confirm.png` });
    const since = lastLogId();
    await trade.confirm();
    await trade.outcome.waitFor();
    const text = (await trade.outcome.textContent()) ?? '';
    // A buy's fee is in the BTC it buys.
    expect(text).toMatch(/Bought 0\.010000 BTC for [\d,]+\.\d+ USDT \(fee [\d.]+ BTC\)\./);
    expect(orderRequests(since).map((e) => e.path)).toEqual(['/api/v4/order/stock_market']);
    // Focus is on Amount for the next order, not dropped to the page.
    await expect
      .poll(() => page.evaluate('document.activeElement?.id'))
      .toBe(await trade.amount.getAttribute('id'));

    const [order] = history('e2e-mkt-buy');
    expect(order).toBeDefined();
    const after = await balances();
    // A buy's fee is charged in the BTC it buys (as the exchange does): 0.01 less the fee arrives,
    // and exactly the deal's money leaves.
    expect(new Decimal(after.btc.available).minus(before.btc.available).toFixed()).toBe(
      new Decimal('0.01').minus(order!.dealFee).toFixed(),
    );
    expect(new Decimal(before.usdt.available).minus(after.usdt.available).toFixed()).toBe(
      new Decimal(order!.dealMoney).toFixed(),
    );
    // The screen's balances refresh after the order.
    await expect.poll(() => trade.stockBalance.textContent()).not.toBe(shownBefore);
    expect(await trade.stockBalance.textContent()).toContain(
      `${shown(after.btc.available, BTC_PLACES)} BTC`,
    );
    await page.screenshot({ path: `${SHOTS}/trade-placed.png` });
  });

  it('places a market buy spending USDT through /order/market', async () => {
    const before = await balances();
    const since = lastLogId();
    const text = await place({ kind: 'Spend', amount: '100', clientOrderId: 'e2e-spend' });
    expect(text).toMatch(/Bought [\d.]+ BTC for [\d,.]+ USDT \(fee [\d.]+ BTC\)\./);
    const requests = orderRequests(since);
    expect(requests.map((e) => e.path)).toEqual(['/api/v4/order/market']);
    expect(requests[0]!.body).toMatchObject({ side: 'buy', amount: '100', market: 'BTC_USDT' });
    const [order] = history('e2e-spend');
    const after = await balances();
    // The fee comes out of the BTC bought; the whole deal is what the USDT paid.
    expect(new Decimal(after.btc.available).minus(before.btc.available).toFixed()).toBe(
      new Decimal(order!.dealStock).minus(order!.dealFee).toFixed(),
    );
    const spent = new Decimal(before.usdt.available).minus(after.usdt.available);
    expect(spent.toFixed()).toBe(new Decimal(order!.dealMoney).toFixed());
    expect(spent.lte(100)).toBe(true);
  });

  it('places a market sell by stock amount', async () => {
    const before = await balances();
    const text = await place({
      kind: 'Market',
      side: 'Sell',
      amount: '0.02',
      clientOrderId: 'e2e-mkt-sell',
    });
    expect(text).toMatch(/Sold 0\.020000 BTC for [\d,.]+ USDT \(fee [\d.]+ USDT\)\./);
    const [order] = history('e2e-mkt-sell');
    const after = await balances();
    expect(new Decimal(before.btc.available).minus(after.btc.available).toFixed()).toBe('0.02');
    expect(new Decimal(after.usdt.available).minus(before.usdt.available).toFixed()).toBe(
      new Decimal(order!.dealMoney).minus(order!.dealFee).toFixed(),
    );
  });

  it('places a limit buy that rests: funds frozen, the order is in Orders', async () => {
    const before = await balances();
    const since = lastLogId();
    const text = await place({
      kind: 'Limit',
      side: 'Buy',
      amount: '0.01',
      price: '50000',
      clientOrderId: 'e2e-limit-1',
    });
    expect(text).toContain('Limit order placed: nothing filled yet, it waits on the book.');
    expect(orderRequests(since).map((e) => e.path)).toEqual(['/api/v4/order/new']);
    expect(active('e2e-limit-1')).toHaveLength(1);
    const after = await balances();
    // Amount × price: a buy's fee is charged in the BTC it buys, so nothing more is frozen.
    expect(new Decimal(after.usdt.freeze).minus(before.usdt.freeze).toFixed()).toBe('500');
    const listed = await app.core.handlers['orders.active'](undefined);
    // The order just placed is the newest: the first of the list.
    expect(listed.orders[0]!.clientOrderId).toBe('e2e-limit-1');

    await trade.outcome.getByRole('button', { name: 'View in Orders' }).click();
    await trade.shell.title.filter({ hasText: 'Orders' }).waitFor();
    await page.getByTestId('active-order').filter({ hasText: 'e2e-limit-1' }).waitFor();
    // Newest first across the whole list: the order just placed is the first row.
    expect(await page.getByTestId('active-order').first().textContent()).toContain('e2e-limit-1');
    await trade.open();
  });

  describe('every check failing shows its message and sends nothing', () => {
    const cases: {
      name: string;
      values: Parameters<TradePage['fill']>[0];
      field: 'amount' | 'price' | 'clientOrderId';
      message: string | RegExp;
    }[] = [
      {
        name: 'non-numeric',
        values: { amount: 'abc' },
        field: 'amount',
        message: 'Enter the amount as a number, e.g. 0.5.',
      },
      {
        name: 'zero',
        values: { amount: '0' },
        field: 'amount',
        message: 'The amount must be greater than 0.',
      },
      {
        name: 'below minimum',
        values: { amount: '0.00005' },
        field: 'amount',
        message: 'At least 0.0001 BTC',
      },
      {
        name: 'off the step',
        values: { amount: '0.0010001' },
        field: 'amount',
        message: 'Use at most 6 decimals (step 0.000001 BTC)',
      },
      {
        name: 'price precision',
        values: { kind: 'Limit', amount: '0.01', price: '50000.123' },
        field: 'price',
        message: 'Use at most 2 decimals for the price (tick 0.01 USDT)',
      },
      {
        name: 'below minimum total',
        values: { kind: 'Limit', amount: '0.0001', price: '100' },
        field: 'amount',
        message: 'Total 0.01 USDT is below the minimum total of 5 USDT',
      },
      {
        name: 'spend below minimum total',
        values: { kind: 'Spend', amount: '4.99' },
        field: 'amount',
        message: 'At least 5 USDT (minimum total)',
      },
      {
        name: 'above maximum total',
        values: { kind: 'Limit', amount: '1000', price: '20000000' },
        field: 'amount',
        message: 'At most 10,000,000,000 USDT in total',
      },
      {
        name: 'not enough balance',
        values: { kind: 'Market', side: 'Buy', amount: '10' },
        field: 'amount',
        message: /^Not enough USDT: available [\d,.]+ USDT, needed ≈ [\d,.]+ USDT$/,
      },
      {
        name: 'not enough stock',
        values: { kind: 'Market', side: 'Sell', amount: '100' },
        field: 'amount',
        message: /^Not enough BTC: available [\d.]+ BTC$/,
      },
      {
        name: 'bad client order id',
        values: { amount: '0.01', clientOrderId: 'bad id!' },
        field: 'clientOrderId',
        message: 'Use letters, digits, -, . and _ only (at most 64).',
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const since = lastLogId();
        await trade.fill({ side: 'Buy', ...c.values });
        await trade.review();
        const field = trade[c.field];
        if (typeof c.message === 'string')
          await expect(trade.errorOf(field)).resolves.toBe(c.message);
        else expect(await trade.errorOf(field)).toMatch(c.message);
        expect(await trade.dialog.count()).toBe(0);
        if (c.name === 'below minimum')
          await page.screenshot({ path: `${SHOTS}/trade-field-error.png` });
        // Give a stray request time to show up, then assert none was sent.
        await page.waitForTimeout(150);
        expect(orderRequests(since)).toEqual([]);
      });
    }
  });

  describe('the exchange’s refusals show under their fields', () => {
    it('a client order id this app already used is refused in main, before the exchange', async () => {
      const since = lastLogId();
      await trade.fill({
        kind: 'Limit',
        side: 'Buy',
        amount: '0.01',
        price: '50001',
        clientOrderId: 'e2e-limit-1',
      });
      await trade.review();
      await trade.confirm();
      await expect
        .poll(() => trade.errorOf(trade.clientOrderId))
        .toMatch(
          /^This client order id was already used for an order at \d\d:\d\d \(BTC_USDT buy\)\. Leave it empty for a new one, or choose another\.$/,
        );
      expect(await trade.alert.textContent()).toContain('Nothing was placed');
      expect(orderRequests(since)).toHaveLength(0);
      expect(active('e2e-limit-1')).toHaveLength(1);
    });

    it('code 36: a client order id held by an open order placed elsewhere', async () => {
      // Another program (not this app's journal) holds the id on an open order.
      await app.core.accounts.active().api.createOrder({
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '40000',
        clientOrderId: 'e2e-open-elsewhere',
      });
      const since = lastLogId();
      await trade.fill({
        kind: 'Limit',
        side: 'Buy',
        amount: '0.01',
        price: '50001',
        clientOrderId: 'e2e-open-elsewhere',
      });
      await trade.review();
      await trade.confirm();
      await expect
        .poll(() => trade.errorOf(trade.clientOrderId))
        .toBe('This client order id is already used by an open order on this market.');
      expect(await trade.alert.textContent()).toContain('Nothing was placed');
      expect(orderRequests(since)).toHaveLength(1);
      expect(active('e2e-open-elsewhere')).toHaveLength(1);
      await page.screenshot({ path: `${SHOTS}/trade-server-error.png` });
      await app.core.accounts
        .active()
        .api.cancelOrder('BTC_USDT', { clientOrderId: 'e2e-open-elsewhere' });
    });

    it('code 32: not enough balance when the balance changed after the review', async () => {
      await trade.fill({ kind: 'Market', side: 'Sell', amount: '0.1', clientOrderId: 'e2e-stale' });
      await trade.review();
      // Meanwhile, elsewhere, most of the BTC is sold.
      const { btc } = await balances();
      await app.core.accounts.active().api.createOrder({
        kind: 'stock_market',
        market: 'BTC_USDT',
        side: 'sell',
        // At the market's amount step (6 places): buy fees leave finer BTC balances.
        amount: new Decimal(btc.available)
          .minus('0.05')
          .toDecimalPlaces(6, Decimal.ROUND_DOWN)
          .toFixed(),
        clientOrderId: 'e2e-elsewhere',
      });
      const since = lastLogId();
      await trade.confirm();
      await expect.poll(() => trade.errorOf(trade.amount)).toBe('Not enough balance');
      expect(orderRequests(since)).toHaveLength(1);
      expect(history('e2e-stale')).toEqual([]);
      // The balances refresh; buy some BTC back for the next tests.
      await app.core.accounts.active().api.createOrder({
        kind: 'stock_market',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.2',
        clientOrderId: 'e2e-restock',
      });
    });

    it('a post-only limit that crosses the book is stopped at the confirmation: nothing is sent', async () => {
      const since = lastLogId();
      const ask = (await page.getByTestId('best-ask').textContent())!.replace(/[^\d.]/g, '');
      const price = new Decimal(ask).plus(100).toFixed(2);
      await trade.fill({ kind: 'Limit', side: 'Buy', amount: '0.001', price, postOnly: true });
      await trade.preview.getByText('this price crosses the book').waitFor();
      await trade.review();
      await trade.dialog.getByText('so the exchange would refuse it').waitFor();
      const confirm = trade.dialog.getByRole('button', { name: 'Confirm order' });
      expect(await confirm.isDisabled()).toBe(true);
      await trade.dialog.getByRole('button', { name: 'Cancel' }).click();
      await trade.dialog.waitFor({ state: 'detached' });
      expect(orderRequests(since)).toHaveLength(0);
    });
  });

  it('a connection reset after execution leads to exactly one order, reported as such', async () => {
    app.core.demoExchange.setFaults({ resetAfterOrder: 1 });
    const since = lastLogId();
    const text = await place({
      kind: 'Market',
      side: 'Buy',
      amount: '0.001',
      clientOrderId: 'e2e-reset-1',
    });
    expect(text).toMatch(/Bought 0\.001000 BTC for/);
    expect(text).toContain('Found after the connection dropped: it was placed once.');
    expect(orderRequests(since)).toHaveLength(1);
    expect(orderRequests(since)[0]!.fault).toBeDefined();
    expect(history('e2e-reset-1')).toHaveLength(1);
    expect(active('e2e-reset-1')).toHaveLength(0);
    expect(pageErrors).toEqual([]);
  });

  it('a connection reset before execution: looked up, not found, the user is told it was not placed', async () => {
    app.core.demoExchange.setFaults({ resetBeforeOrder: 1 });
    const since = lastLogId();
    await trade.fill({
      kind: 'Market',
      side: 'Buy',
      amount: '0.001',
      clientOrderId: 'e2e-reset-2',
    });
    await trade.review();
    await trade.confirm();
    await trade.alert.waitFor();
    expect(await trade.alert.textContent()).toContain(
      'the exchange has no order e2e-reset-2: it was not placed',
    );
    expect(orderRequests(since)).toHaveLength(1);
    expect(history('e2e-reset-2')).toEqual([]);
    expect(active('e2e-reset-2')).toEqual([]);
  });

  it('renders in the dark theme', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const darkPage = await dark.context.newPage();
      await darkPage.goto(app.host.pageUrl);
      const darkTrade = new TradePage(darkPage);
      await darkTrade.open();
      await darkTrade.fill({ kind: 'Limit', side: 'Sell', amount: '0.01', price: '70000' });
      await darkTrade.preview.getByText('Total at your price').waitFor();
      await darkPage.screenshot({ path: `${SHOTS}/trade-dark.png` });
      await darkTrade.fill({ kind: 'Market', side: 'Buy', amount: '0.00001' });
      await darkTrade.review();
      await darkPage.screenshot({ path: `${SHOTS}/trade-dark-error.png` });
      await darkTrade.fill({ kind: 'Market', side: 'Buy', amount: '0.01' });
      await darkTrade.review();
      await darkPage.screenshot({ path: `${SHOTS}/trade-dark-confirm.png` });
      await darkTrade.dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await dark.close();
    }
  });
});
