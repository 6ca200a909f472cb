import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExchangeApi, TransferQuery } from '../../src/main/exchange/api';
import { fetchAllTransfers } from '../../src/main/exchange/paging';
import { TRANSFER_CSV_COLUMNS } from '../../src/main/services/transfersCsv';
import type { DepositWithdraw, Order, PortfolioOverview } from '../../src/shared/model';
import { statusName } from '../../src/shared/transferStatus';
import { downloadedText, launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { TransfersScreen, type TransferRow } from './pages/transfers';
import { OrdersPage } from './pages/orders';
import { OverviewPage } from './pages/overview';
import { ShellPage } from './pages/shell';
import { figure } from '../support/figures';

/**
 * Acceptance of the "Portfolio views" issue, end to end through the web host against the demo
 * exchange: Overview (total = main's values, quote switch, hide zero, refresh), Orders (the whole
 * active list newest first, every filter, cancel with confirmation, OCO/OTO and their cancel, the
 * partner-app explanation), History
 * (every filter, paging, the CSV checked row by row against the exchange's records), privacy mode
 * (no digit of any amount in the page text, kept across a reload), and screenshots of every screen
 * in light and dark.
 */

const SHOTS = 'test-results/screenshots';

/**
 * The renderer's own display helpers, so the amounts are written exactly as the UI writes them.
 * Loaded at run time: the renderer's files belong to the web TypeScript project, not this one.
 */
interface RendererFormat {
  formatDecimal(value: string, places: number): string;
  MASK: string;
}
interface RendererAllocation {
  accountValues(rows: PortfolioOverview['rows']): { main: string; trade: string; flex: string };
}
const RENDERER_DECIMAL = resolve('src/renderer/lib/decimal.ts');
const RENDERER_ALLOCATION = resolve('src/renderer/features/overview/allocation.ts');
let formatDecimal: RendererFormat['formatDecimal'];
let MASK: string;
let accountValues: RendererAllocation['accountValues'];
const HISTORY_PATH = '/api/v4/main-account/history';

/** Calls a channel from the page, exactly as the renderer's web transport does. */
const rpcFromPage = async <T>(page: Page, channel: string, input?: unknown): Promise<T> => {
  const answer = (await page.evaluate(
    `(async () => {
      const token = new URLSearchParams(location.hash.slice(1)).get('token');
      const response = await fetch('/rpc/' + ${JSON.stringify(channel)}, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
        body: JSON.stringify(${JSON.stringify(input === undefined ? {} : { input })}),
      });
      return response.json();
    })()`,
  )) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
};

/** A shown amount ("12,345.678 BTC", "0.5") as a Decimal: separators and unit dropped. */
const shownDecimal = (text: string): Decimal =>
  new Decimal(
    text
      .replace(/\s*[A-Z]+$/, '')
      .replace(/,/g, '')
      .replace('−', '-'),
  );

/** Digits after the point of a decimal string. */
const scale = (value: string): number => Math.max(0, new Decimal(value).decimalPlaces());

/**
 * Every way the UI may write a (non-zero) user amount: formatDecimal with its own scale up to 8
 * places (the views pick the largest scale of the rows shown, capped at 8) and any `extra` places.
 * Strings with fewer than 4 digits are left out (too short to tell apart from other numbers).
 */
function amountForms(value: string | null | undefined, extra: number[] = []): string[] {
  if (value === null || value === undefined || value === '') return [];
  const d = new Decimal(value);
  if (d.isZero()) return [];
  const places = new Set(extra);
  for (let p = Math.min(scale(value), 8); p <= 8; p++) places.add(p);
  return [...places]
    .map((p) => formatDecimal(value, p))
    .filter((text) => (text.match(/\d/g) ?? []).length >= 4);
}

/** The amount strings of `forms` that occur in `text` as whole numbers (not inside another one). */
function amountsIn(text: string, forms: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const form of forms) {
    let at = text.indexOf(form);
    while (at !== -1) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + form.length] ?? ' ';
      const afterNext = text[at + form.length + 1] ?? ' ';
      const boundedBefore = !/[\d.,]/.test(before);
      const boundedAfter = !/\d/.test(after) && !(/[.,]/.test(after) && /\d/.test(afterNext));
      if (boundedBefore && boundedAfter) {
        found.push(form);
        break;
      }
      at = text.indexOf(form, at + 1);
    }
  }
  return found;
}

/** A table row as shown, against the exchange's record at the same position. */
function expectRowIs(row: TransferRow, record: DepositWithdraw): void {
  const where = `row ${row.index - 1} (${record.transactionId})`;
  expect(row.time, where).toBe(new Date(record.createdAt).toISOString());
  expect(row.type, where).toBe(record.method === 1 ? 'Deposit' : 'Withdrawal');
  expect(row.ticker, where).toBe(record.ticker);
  expect(shownDecimal(row.amount).eq(record.amount), `${where} amount ${row.amount}`).toBe(true);
  expect(row.amount.endsWith(` ${record.ticker}`), where).toBe(true);
  expect(shownDecimal(row.fee).eq(record.fee), `${where} fee ${row.fee}`).toBe(true);
  expect(row.status, where).toBe(statusName(record.method, record.status));
  expect(row.statusTitle, where).toBe(`Status code ${record.status}`);
  expect(row.network, where).toBe(record.network ?? '—');
  expect(row.address, where).toBe(record.address);
  expect(row.hash, where).toBe(record.transactionHash);
}

const count = (n: number) => n.toLocaleString('en-US');

describe('Portfolio views in Chromium against the demo exchange (web host)', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let api: ExchangeApi;
  let shell: ShellPage;
  let overview: OverviewPage;
  let orders: OrdersPage;
  let history: TransfersScreen;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    const format = (await import(RENDERER_DECIMAL)) as RendererFormat;
    const allocation = (await import(RENDERER_ALLOCATION)) as RendererAllocation;
    ({ formatDecimal, MASK } = format);
    ({ accountValues } = allocation);
    // Prices frozen: the total main computes for the test and the one the page shows agree.
    app = await startApp({ demoExchange: { control: true, freezePrices: true } });
    api = app.core.accounts.active().api;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.host.pageUrl);
    shell = new ShellPage(page);
    overview = new OverviewPage(page);
    orders = new OrdersPage(page);
    history = new TransfersScreen(page);
    await shell.profile.filter({ hasText: 'Demo' }).waitFor();
    // No automatic refresh: every request in the demo's log is one this test caused.
    await shell.setting('Auto-refresh', '0');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('Overview: the total is the sum main computed; quote switch, hide zero, refresh', async () => {
    await overview.open();
    const usdt = await rpcFromPage<PortfolioOverview>(page, 'portfolio.overview', {
      quote: 'USDT',
    });
    expect(new Decimal(usdt.total).gt(0)).toBe(true);
    // The total is the sum of the priced rows' values (main's arithmetic, checked here too).
    const summed = usdt.rows.reduce((sum, r) => sum.add(r.value ?? '0'), new Decimal(0));
    expect(summed.eq(usdt.total)).toBe(true);
    expect(await overview.totalText()).toBe(
      `${formatDecimal(usdt.total, usdt.quotePrecision)} USDT`,
    );

    // Rows: zero balances hidden by default; shown when the toggle is off.
    const held = usdt.rows.filter((r) => !new Decimal(r.total).isZero()).map((r) => r.ticker);
    const zero = usdt.rows.filter((r) => new Decimal(r.total).isZero()).map((r) => r.ticker);
    expect(zero.length).toBeGreaterThan(0);
    expect(await overview.hideZero.isChecked()).toBe(true);
    expect((await overview.tickers()).sort()).toEqual([...held].sort());
    await overview.hideZero.uncheck();
    await overview.rows.nth(usdt.rows.length - 1).waitFor();
    expect((await overview.tickers()).sort()).toEqual(usdt.rows.map((r) => r.ticker).sort());
    await overview.hideZero.check();
    await overview.rows.nth(held.length).waitFor({ state: 'detached' });
    expect((await overview.tickers()).sort()).toEqual([...held].sort());

    // Quote switch: BTC, at its places (8).
    await overview.chooseQuote('BTC');
    const btc = await rpcFromPage<PortfolioOverview>(page, 'portfolio.overview', { quote: 'BTC' });
    expect(btc.quotePrecision).toBe(8);
    expect(await overview.totalText()).toBe(`${formatDecimal(btc.total, btc.quotePrecision)} BTC`);
    expect(await page.getByRole('columnheader', { name: /^Value \(BTC\)/ }).count()).toBe(1);
    await overview.chooseQuote('USDT');

    // Refresh (header button): a new answer, a new data age (its title is the fetch time, to the
    // second), and new balance requests at the exchange.
    const before = await overview.dataAge.getAttribute('title');
    const since = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
    await page.waitForTimeout(1_100);
    const answered = page.waitForResponse((r) => r.url().endsWith('/rpc/portfolio.overview'));
    await shell.page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await answered;
    await page.waitForFunction(
      `document.querySelector('.ov-summary [data-testid="data-age"]')?.title !== ${JSON.stringify(before)}`,
    );
    expect(await overview.dataAge.textContent()).toMatch(/^Updated just now$/);
    const paths = app.core.demoExchange.requestLog(since).map((e) => e.path);
    expect(paths).toContain('/api/v4/trade-account/balance');
    expect(paths).toContain('/api/v4/main-account/balance');
  });

  it('Orders: the active list is every order of the exchange, newest first; each filter narrows it', async () => {
    await orders.open();
    await orders.activeTable.getByTestId('active-order').first().waitFor();
    const all: Order[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await api.activeOrders({ offset, limit: 100 });
      all.push(...page);
      if (page.length < 100) break;
    }
    expect(all.length).toBeGreaterThan(20);
    // The demo lists oldest first, like a page the newest order is not on.
    const newest = [...all].sort((a, b) => b.timestamp - a.timestamp);
    expect(all[0]!.orderId).not.toBe(newest[0]!.orderId);
    expect(await orders.activeRowCount()).toBe(all.length);
    expect(await orders.count.textContent()).toBe(`${all.length} orders`);
    expect(await orders.shownIds()).toEqual(newest.map((o) => o.orderId));

    // Market: a choice among the markets of the list, written as the rest of the app writes them.
    const market = all[all.length - 1]!.market;
    const options = await orders.field('Market').locator('option').allTextContents();
    expect(options[0]).toBe('All markets');
    expect(options).toContain(market.replace('_', '/'));
    expect(options.every((o) => !o.includes('_'))).toBe(true);
    await orders.filter({ Market: market });
    const byMarket = all.filter((o) => o.market === market);
    expect(byMarket.length).toBeLessThan(all.length);
    const marketRows = await orders.activeRows();
    expect(marketRows.map((r) => r.market)).toEqual(marketRows.map(() => market));
    expect(marketRows.map((r) => r.orderId).sort()).toEqual(byMarket.map((o) => o.orderId).sort());
    expect(await orders.count.textContent()).toBe(
      `Showing ${byMarket.length} of ${all.length} orders`,
    );
    await orders.clearFilters();

    // Order id.
    const target = all[5]!;
    await orders.filter({ 'Order id': String(target.orderId) });
    expect(await orders.activeRows()).toEqual([
      {
        orderId: target.orderId,
        side: target.side,
        market: target.market,
        clientOrderId: target.clientOrderId,
      },
    ]);
    // A market the order is not on: none match, and the message is readable in full.
    const other = all.find((o) => o.market !== target.market)!.market;
    await orders.filter({ Market: other });
    const empty = orders.activeTable.getByText('No active orders match these filters.');
    await empty.waitFor();
    const box = (await empty.boundingBox())!;
    const body = (await orders.activeTable.locator('.table-body').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(body.y + body.height + 0.5);
    await orders.clearFilters();

    // Client order id.
    const withClient = all.filter((o) => o.clientOrderId !== '');
    expect(withClient.length).toBeGreaterThan(1);
    const client = withClient[1]!;
    await orders.filter({ 'Client order id': client.clientOrderId });
    expect((await orders.activeRows()).map((r) => [r.orderId, r.clientOrderId])).toEqual([
      [client.orderId, client.clientOrderId],
    ]);
    await orders.clearFilters();
    expect(await orders.activeRowCount()).toBe(all.length);
  });

  it('Orders: cancel through the UI with confirmation; the exchange no longer has the order', async () => {
    const [row] = await orders.activeRows();
    expect(row).toBeDefined();
    const { orderId, market } = row!;
    const since = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;

    // "Keep order" dismisses: nothing sent.
    await orders.cancelButton(orderId).click();
    await orders.cancelDialog.waitFor();
    expect(await orders.cancelDialog.getByTestId('cancel-question').textContent()).toContain(
      `on ${market.replace('_', '/')}?`,
    );
    await orders.cancelDialog.getByRole('button', { name: 'Keep order' }).click();
    await orders.cancelDialog.waitFor({ state: 'detached' });
    const cancels = () =>
      app.core.demoExchange.requestLog(since).filter((e) => e.path === '/api/v4/order/cancel');
    expect(cancels()).toEqual([]);

    // "Cancel order" cancels it.
    await orders.cancelButton(orderId).click();
    await orders.reloading(() =>
      orders.cancelDialog.getByRole('button', { name: 'Cancel order' }).click(),
    );
    await orders.cancelDialog.waitFor({ state: 'detached' });
    await orders.notice
      .filter({ hasText: `Order ${orderId} on ${market.replace('_', '/')} was canceled.` })
      .waitFor();
    expect(await orders.cancelButton(orderId).count()).toBe(0);
    expect(cancels().map((e) => e.status)).toEqual([200]);
    expect(await api.activeOrders({ orderId, limit: 10 })).toEqual([]);
    expect(app.core.demoExchange.engine.state.active.some((o) => o.id === orderId)).toBe(false);
    // The list is the exchange's again, without it.
    const left = (await api.activeOrders({ offset: 0, limit: 100 })).map((o) => o.orderId);
    expect(await orders.activeIds()).toEqual([...left].sort((a, b) => a - b));
  });

  it('Orders: Conditional shows the OCO and OTO records; Order history explains the partner app', async () => {
    await orders.openTab('Conditional');
    await orders.ocoRows.first().waitFor();
    const [conditional, oco] = await Promise.all([
      api.conditionalOrders({ limit: 100 }),
      api.ocoOrders({ limit: 100 }),
    ]);
    const ocoIds = [
      ...new Set([
        ...conditional.records.filter((r) => r.kind === 'oco').map((r) => r.id),
        ...oco.map((o) => o.id),
      ]),
    ].sort((a, b) => a - b);
    const otoIds = conditional.records
      .filter((r) => r.kind === 'oto')
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(ocoIds.length).toBeGreaterThan(0);
    expect(otoIds.length).toBeGreaterThan(0);
    await orders.otoRows.first().waitFor();
    expect(await orders.conditionalIds(orders.ocoRows, 9)).toEqual(ocoIds);
    expect(await orders.conditionalIds(orders.otoRows, 8)).toEqual(otoIds);

    // Cancel an OTO through the UI: the exchange no longer has it.
    const target = conditional.records.find((r) => r.kind === 'oto')!;
    const market =
      target.kind === 'oto' ? target.conditionalOrder.market.replace('_', '/') : 'unreachable';
    await page
      .getByRole('button', { name: `Cancel OTO order ${target.id} on ${market}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this OTO order?' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .locator('p.form-notice[role="status"]', {
        hasText: `OTO order ${target.id} on ${market} was canceled.`,
      })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await api.conditionalOrders({ limit: 100 })).records.map((r) => r.id)).not.toContain(
      target.id,
    );
    expect(await orders.conditionalIds(orders.otoRows, 8)).toEqual(
      otoIds.filter((id) => id !== target.id),
    );

    await orders.openTab('Order history (partner)');
    await orders.connectExplanation.waitFor();
    expect(await page.getByRole('button', { name: 'Open Accounts' }).isVisible()).toBe(true);
    expect(await page.getByTestId('executed-order').count()).toBe(0);
    await orders.openTab('Active');
  });

  it('History: each filter gives rows that all satisfy it, as the exchange lists them', async () => {
    await history.open();
    const unfiltered = await api.depositWithdrawHistory({ offset: 0, limit: 100 });
    expect(unfiltered.total).toBeGreaterThan(200);
    expect(await history.rangeText()).toBe(`Showing 1–100 of ${count(unfiltered.total)}`);
    const firstRows = await history.rows();
    expect(firstRows).toHaveLength(100);
    firstRows.forEach((row, i) => expectRowIs(row, unfiltered.records[i]!));

    /** Applies through `fill`, then checks the page against the exchange and `holds`. */
    const check = async (
      name: string,
      filters: Omit<TransferQuery, 'offset' | 'limit'>,
      fill: () => Promise<void>,
      holds: (record: DepositWithdraw, row: TransferRow) => boolean,
    ) => {
      await history.reset();
      await fill();
      await history.applyFilters();
      const expected = await api.depositWithdrawHistory({ ...filters, offset: 0, limit: 100 });
      expect(expected.total, `${name}: the exchange has records`).toBeGreaterThan(0);
      expect(expected.total, `${name}: narrower than all`).toBeLessThan(unfiltered.total);
      expect(await history.rangeText(), name).toBe(
        `Showing 1–${count(expected.records.length)} of ${count(expected.total)}`,
      );
      const rows = await history.rows();
      expect(rows, name).toHaveLength(expected.records.length);
      rows.forEach((row, i) => {
        const record = expected.records[i]!;
        expectRowIs(row, record);
        expect(holds(record, row), `${name}: row ${i}`).toBe(true);
      });
    };

    await check(
      'method',
      { transactionMethod: 2 },
      () => history.method.selectOption('2').then(() => undefined),
      (r, row) => r.method === 2 && row.type === 'Withdrawal',
    );
    await check(
      'ticker',
      { ticker: 'XRP' },
      () => history.field('Ticker').fill('xrp'),
      (r, row) => r.ticker === 'XRP' && row.ticker === 'XRP',
    );
    // The rarer filters are under More filters, which stays open once opened.
    await history.showMore();
    // The address used most on the first page.
    const uses = new Map<string, number>();
    for (const r of unfiltered.records) uses.set(r.address, (uses.get(r.address) ?? 0) + 1);
    const [address] = [...uses].sort((a, b) => b[1] - a[1])[0]!;
    await check(
      'address',
      { address },
      () => history.field('Address').fill(address),
      (r, row) => r.address === address && row.address === address,
    );
    const pair = [...new Set(unfiltered.records.map((r) => r.address))].slice(0, 2);
    expect(pair).toHaveLength(2);
    await check(
      'addresses',
      { addresses: pair },
      () => history.field('Addresses').fill(pair.join('\n')),
      (r, row) => pair.includes(r.address) && pair.includes(row.address),
    );
    const memo = (await api.depositWithdrawHistory({ ticker: 'XRP', limit: 100 })).records.find(
      (r) => r.memo !== '',
    )!.memo;
    await check(
      'memo',
      { memo },
      () => history.field('Memo').fill(memo),
      (r) => r.memo === memo,
    );
    const uniqueId = unfiltered.records.find((r) => r.uniqueId)!.uniqueId!;
    await check(
      'unique id',
      { uniqueId },
      () => history.field('Unique id').fill(uniqueId),
      (r) => r.uniqueId === uniqueId,
    );
    await check(
      'status',
      { status: [4, 9] },
      () => history.status('Canceled').check(),
      (r, row) => [4, 9].includes(r.status) && row.status === 'Canceled',
    );

    // 21 addresses: the form says so and nothing reaches the exchange.
    await history.reset();
    const since = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
    const many = Array.from({ length: 21 }, (_, i) => `addr-${i}`);
    await history.field('Addresses').fill(many.join('\n'));
    await history.apply.click();
    const error = page.locator('#history-addresses-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('At most 20 addresses.');
    expect(await history.field('Addresses').getAttribute('aria-invalid')).toBe('true');
    expect(app.core.demoExchange.requestLog(since).filter((e) => e.path === HISTORY_PATH)).toEqual(
      [],
    );
    // The list still shows the unfiltered first page.
    expect(await history.rangeText()).toBe(`Showing 1–100 of ${count(unfiltered.total)}`);
  });

  it('History: paging shows the next hundred and back', async () => {
    await history.reset();
    const total = (await api.depositWithdrawHistory({ limit: 1 })).total;
    await history.next();
    expect(await history.rangeText()).toBe(`Showing 101–200 of ${count(total)}`);
    const second = await api.depositWithdrawHistory({ offset: 100, limit: 100 });
    const rows = await history.rows();
    expect(rows).toHaveLength(100);
    rows.forEach((row, i) => expectRowIs(row, second.records[i]!));
    await history.previous();
    expect(await history.rangeText()).toBe(`Showing 1–100 of ${count(total)}`);
  });

  it('History: the CSV download matches the exchange’s records row by row', async () => {
    await history.reset();
    await history.field('Ticker').fill('BTC');
    await history.applyFilters();
    const downloaded = page.waitForEvent('download');
    await history.exportButton.click();
    const download = await downloaded;
    const text = await downloadedText(download);
    const { records, total } = await fetchAllTransfers(api, { ticker: 'BTC' });
    expect(records.length).toBe(total);
    expect(total).toBeGreaterThan(100); // more than one page of the exchange
    expect(download.suggestedFilename()).toMatch(
      /^exchange-desk-transfers-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await history.exportStatus.filter({ hasText: 'Downloaded' }).waitFor();
    expect(await history.exportStatus.textContent()).toBe(
      `Downloaded ${count(total)} rows as ${download.suggestedFilename()}`,
    );

    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual([...TRANSFER_CSV_COLUMNS]);
    expect(rows).toHaveLength(records.length);
    rows.forEach((row, i) => {
      const r = records[i]!;
      const cell = Object.fromEntries(TRANSFER_CSV_COLUMNS.map((c, j) => [c, row[j]]));
      expect(cell, `CSV row ${i + 1}`).toEqual({
        'Time (ISO 8601, UTC)': new Date(r.createdAt).toISOString(),
        Type: r.method === 1 ? 'Deposit' : 'Withdrawal',
        Currency: r.currency,
        Ticker: 'BTC',
        Amount: r.amount,
        'Amount unit': 'BTC',
        Fee: r.fee,
        'Fee unit': 'BTC',
        Status: statusName(r.method, r.status),
        'Status code': String(r.status),
        Network: r.network ?? '',
        Address: r.address,
        Memo: r.memo,
        Confirmations: r.confirmations ? String(r.confirmations.actual) : '',
        'Confirmations required': r.confirmations ? String(r.confirmations.required) : '',
        'Transaction hash': r.transactionHash,
        'Unique id': r.uniqueId ?? '',
        'Transaction id': r.transactionId,
        Description: r.description,
      });
      // The amounts are the exchange's decimal strings, unrounded.
      expect(new Decimal(row[4]!).eq(r.amount)).toBe(true);
    });
    await history.reset();
  });

  it('Privacy mode: no digit of any amount in the page text on any screen; kept across a reload', async () => {
    // Every amount of the user, in the forms the UI writes them.
    const [usdt, btc, main, trade, active, conditional, oco, transfers] = await Promise.all([
      rpcFromPage<PortfolioOverview>(page, 'portfolio.overview', { quote: 'USDT' }),
      rpcFromPage<PortfolioOverview>(page, 'portfolio.overview', { quote: 'BTC' }),
      api.mainBalance(),
      api.tradeBalance(),
      api.activeOrders({ limit: 100 }),
      api.conditionalOrders({ limit: 100 }),
      api.ocoOrders({ limit: 100 }),
      api.depositWithdrawHistory({ offset: 0, limit: 100 }),
    ]);
    const forms = new Set<string>();
    const add = (value: string | null | undefined, extra: number[] = []) =>
      amountForms(value, extra).forEach((f) => forms.add(f));
    for (const data of [usdt, btc]) {
      const places = data.quotePrecision;
      add(data.total, [places]);
      for (const r of data.rows) {
        for (const v of [r.main, r.tradeAvailable, r.tradeFrozen, r.flex, r.total])
          add(v, [r.precision]);
        add(r.value, [places]);
      }
      const byAccount = accountValues(data.rows);
      for (const v of [byAccount.main, byAccount.trade, byAccount.flex]) add(v, [places]);
    }
    for (const v of Object.values(main)) add(v);
    for (const b of Object.values(trade)) [b.available, b.freeze].forEach((v) => add(v));
    for (const o of active)
      [o.amount, o.left, o.dealStock, o.dealMoney, o.price].forEach((v) => add(v));
    const legs = [
      ...oco.flatMap((o) => [o.stopLoss, o.takeProfit]),
      ...conditional.records.flatMap((r) =>
        r.kind === 'oco' ? [r.stopLoss, r.takeProfit] : [r.conditionalOrder],
      ),
    ];
    for (const leg of legs) [leg.amount, leg.price, leg.activationPrice].forEach((v) => add(v));
    for (const r of conditional.records)
      if (r.kind === 'oto') [r.stopLossPrice, r.takeProfitPrice].forEach((v) => add(v));
    for (const r of transfers.records) [r.amount, r.fee].forEach((v) => add(v));
    expect(forms.size).toBeGreaterThan(100);

    const bodyText = async () => (await page.locator('body').innerText()) as string;
    const visit: Record<string, () => Promise<void>> = {
      overview: async () => {
        await overview.open();
      },
      'orders-active': async () => {
        await orders.open();
        await orders.openTab('Active');
        await orders.activeTable.getByTestId('active-order').first().waitFor();
      },
      'orders-conditional': async () => {
        await orders.openTab('Conditional');
        await orders.ocoRows.first().waitFor();
        await orders.otoRows.first().waitFor();
      },
      'orders-history': async () => {
        await orders.openTab('Order history (partner)');
        await orders.connectExplanation.waitFor();
      },
      history: async () => {
        await history.open();
        await history.table.getByTestId('transfer').first().waitFor();
      },
      accounts: async () => {
        await shell.open('Accounts');
        await page.getByRole('region', { name: 'Your accounts' }).waitFor();
      },
    };

    // Positive control: without privacy mode each screen with amounts shows some of them.
    const privacyButton = page.getByRole('button', { name: /^(Hide amounts|Amounts hidden)$/ });
    expect(await privacyButton.getAttribute('aria-pressed')).toBe('false');
    const shownCounts: Record<string, number> = {};
    for (const screen of ['overview', 'orders-active', 'orders-conditional', 'history']) {
      await visit[screen]!();
      const shown = amountsIn(await bodyText(), forms);
      shownCounts[screen] = shown.length;
      expect(shown.length, `amounts shown on ${screen} without privacy mode`).toBeGreaterThan(0);
    }
    figure(
      `[views.e2e] privacy: ${forms.size} amount strings; found without privacy mode: ${JSON.stringify(shownCounts)}`,
    );

    await privacyButton.click();
    expect(await privacyButton.getAttribute('aria-pressed')).toBe('true');
    expect(await privacyButton.textContent()).toBe('Amounts hidden');
    const masked = async () => {
      for (const [screen, open] of Object.entries(visit)) {
        await open();
        const text = await bodyText();
        expect(amountsIn(text, forms), `amounts in the text of ${screen}`).toEqual([]);
        if (screen !== 'accounts' && screen !== 'orders-history')
          expect(text, `${screen} shows the mask`).toContain(MASK);
      }
    };
    await masked();

    // Kept across a reload (persisted setting).
    await page.reload();
    await shell.profile.filter({ hasText: 'Demo' }).waitFor();
    const afterReload = page.getByRole('button', { name: 'Amounts hidden' });
    await afterReload.waitFor();
    expect(await afterReload.getAttribute('aria-pressed')).toBe('true');
    await overview.open();
    expect(await overview.totalText()).toBe(`${MASK} USDT`);
    expect(amountsIn(await bodyText(), forms)).toEqual([]);
    await masked();

    await afterReload.click();
    expect(await privacyButton.getAttribute('aria-pressed')).toBe('false');
    await overview.open();
    expect(await overview.totalText()).toBe(
      `${formatDecimal(usdt.total, usdt.quotePrecision)} USDT`,
    );
    expect(pageErrors).toEqual([]);
  });

  it('saves a screenshot of every screen in light and dark', async () => {
    const screens: [string, () => Promise<void>][] = [
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
        'orders-conditional',
        async () => {
          await orders.openTab('Conditional');
          await orders.ocoRows.first().waitFor();
        },
      ],
      [
        'orders-history',
        async () => {
          await orders.openTab('Order history (partner)');
          await orders.connectExplanation.waitFor();
        },
      ],
      // Built by others right now: whatever the app shows for them.
      ['trade', () => shell.open('Trade').catch(() => undefined)],
      ['earn', () => shell.open('Earn').catch(() => undefined)],
      ['mining', () => shell.open('Mining').catch(() => undefined)],
      ['history', () => history.open()],
      [
        'accounts',
        async () => {
          await shell.open('Accounts');
          await page.getByRole('region', { name: 'Your accounts' }).waitFor();
        },
      ],
      [
        'settings',
        async () => {
          await shell.open('Settings');
          await page.getByTestId('about-version').waitFor();
        },
      ],
    ];
    const backgrounds: Record<string, string> = {};
    for (const mode of ['light', 'dark'] as const) {
      if ((await shell.sidebar.count()) === 0) await page.reload();
      await shell.setting('Theme', mode);
      backgrounds[mode] = (await page.evaluate(
        'getComputedStyle(document.body).backgroundColor',
      )) as string;
      for (const [name, open] of screens) {
        // A screen under construction may fail to render; the shell is then reloaded.
        if ((await shell.sidebar.count()) === 0) {
          await page.reload();
          await shell.profile.filter({ hasText: 'Demo' }).waitFor();
        }
        await open();
        // Let charts and late data settle before the picture.
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${SHOTS}/screen-${name}-${mode}.png`, fullPage: true });
      }
    }
    expect(backgrounds.dark).toBe('rgb(15, 17, 21)');
    expect(backgrounds.light).not.toBe(backgrounds.dark);
    await shell.setting('Theme', 'system');
  });
});
