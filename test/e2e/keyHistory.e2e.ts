import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALS_CSV_COLUMNS } from '../../src/main/services/dealsCsv';
import { EXECUTED_CSV_COLUMNS } from '../../src/main/services/executedCsv';
import type { ApiDealsPage, ApiOrdersPage } from '../../src/shared/model';
import { downloadedText, launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { Client } from '@exchange-desk/demo-exchange/testing';
import { OrdersPage } from './pages/orders';
import { ShellPage } from './pages/shell';

/**
 * History by API key, end to end: the Executed orders and Deals tabs list exactly what the exchange
 * answers a signed REST call for the same market, side and window; an order's detail lists its
 * deals; the CSVs hold the same records with their units.
 */
let app: App;
let browser: Browser;
let page: Page;
let dataDir: string;
let orders: OrdersPage;

type Rec = Record<string, unknown>;

/** A signed call straight to the demo exchange, with the Demo profile's key. */
async function direct(path: string, fields: Rec): Promise<unknown> {
  const answer = await new Client(app.core.demoExchange).post(path, fields, {
    key: app.core.demoExchange.apiKey,
    secret: app.core.demoExchange.apiSecret,
  });
  expect(answer.status).toBe(200);
  return answer.json;
}
const idOf = (r: Rec) => Number(r.id ?? r.orderId ?? r.order_id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

const MARKET = 'BTC_USDT';
const SIDE = 'buy';

/**
 * The exchange's buy records of BTC_USDT in a window: order history answers keyed by market,
 * executed-history (a market asked for) a flat list.
 */
async function exchangeWindow(path: string, from: number, to: number): Promise<Rec[]> {
  const json = (await direct(path, {
    market: MARKET,
    startDate: from,
    endDate: to,
    limit: 500,
  })) as Rec[] | Record<string, Rec[]>;
  const list = Array.isArray(json) ? json : (json[MARKET] ?? []);
  return list.filter((r) => r.side === SIDE);
}
const exchangeOrders = (from: number, to: number) =>
  exchangeWindow('/api/v4/trade-account/order/history', from, to);
const exchangeDeals = (from: number, to: number) =>
  exchangeWindow('/api/v4/trade-account/executed-history', from, to);

async function downloadCsv(): Promise<{ name: string; rows: Record<string, string>[] }> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  const text = await downloadedText(download);
  return { name: download.suggestedFilename(), rows: parse(text, { columns: true, bom: true }) };
}

let window: ApiOrdersPage;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'desk-e2e-apihistory-'));
  app = await startApp({ dataDir, demoExchange: { control: true, freezePrices: true } });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(app.host.pageUrl);
  await new ShellPage(page).setting('Auto-refresh', '0');
  orders = new OrdersPage(page);
  await orders.open();
  await orders.openTab('Executed orders');
  await orders.historyField('Market').locator(`option[value="${MARKET}"]`).waitFor({
    state: 'attached',
  });
  await orders.windowAnswer('keyHistory.orders', () =>
    orders
      .historyField('Market')
      .selectOption(MARKET)
      .then(() => undefined),
  );
  window = await orders.windowAnswer<ApiOrdersPage>('keyHistory.orders', () =>
    orders
      .historyField('Side')
      .selectOption(SIDE)
      .then(() => undefined),
  );
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('history by API key', () => {
  it('Executed orders lists exactly the exchange’s buy orders of BTC/USDT in the window shown', async () => {
    expect(window.to - window.from).toBe(31 * 86_400);
    const theirs = await exchangeOrders(window.from, window.to);
    expect(theirs.length).toBeGreaterThan(0);
    const shown = await orders.apiOrderIds();
    expect(sorted(shown)).toEqual(sorted(theirs.map(idOf)));
    expect(window.records.every((o) => o.market === MARKET && o.side === SIDE)).toBe(true);
    expect(await orders.historyWindow.textContent()).toMatch(
      /^Showing .+ to .+; the exchange keeps six months \(since .+\)\.$/,
    );
  });

  it('an order’s detail lists the deals the exchange gives for it', async () => {
    const [first] = await orders.apiOrderIds();
    const dialog = await orders.openOrderDeals(first!);
    const json = (await direct('/api/v4/trade-account/order', { orderId: first, limit: 100 })) as {
      records: Rec[];
    };
    expect(json.records.length).toBeGreaterThan(0);
    const shown = await orders.dealIds(`Deals of order ${first}`);
    expect(sorted(shown)).toEqual(sorted(json.records.map((r) => Number(r.id))));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the Executed orders CSV has the exchange’s records with their units', async () => {
    const { name, rows } = await downloadCsv();
    expect(name).toMatch(/^exchange-desk-executed-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Object.keys(rows[0]!)).toEqual([...EXECUTED_CSV_COLUMNS]);
    // The window shown (31 days, the most one query may span); nothing is placed after it.
    const theirs = await exchangeOrders(window.from, window.to);
    expect(sorted(rows.map((r) => Number(r['Order id'])))).toEqual(sorted(theirs.map(idOf)));
    const byId = new Map(theirs.map((r) => [idOf(r), r]));
    for (const row of rows) {
      const r = byId.get(Number(row['Order id']))!;
      expect(row).toMatchObject({
        Market: 'BTC/USDT',
        Side: SIDE,
        Filled: String(r.dealStock ?? r.deal_stock),
        'Filled unit': 'BTC',
        Total: String(r.dealMoney ?? r.deal_money),
        'Total unit': 'USDT',
        'Fee unit': 'BTC', // a buy pays its fee in the stock it buys
      });
      expect(row['Time (ISO 8601, UTC)']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('Deals lists exactly the exchange’s buy deals of BTC/USDT, and its CSV the same with units', async () => {
    const deals = await orders.windowAnswer<ApiDealsPage>('keyHistory.deals', () =>
      orders.openTab('Deals'),
    );
    const theirs = await exchangeDeals(deals.from, deals.to);
    expect(theirs.length).toBeGreaterThan(0);
    const shown = await orders.dealIds('Deals');
    expect(sorted(shown)).toEqual(sorted(theirs.map((r) => Number(r.id))));

    const { name, rows } = await downloadCsv();
    expect(name).toMatch(/^exchange-desk-deals-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Object.keys(rows[0]!)).toEqual([...DEALS_CSV_COLUMNS]);
    expect(sorted(rows.map((r) => Number(r['Deal id'])))).toEqual(
      sorted(theirs.map((r) => Number(r.id))),
    );
    const byId = new Map(theirs.map((r) => [Number(r.id), r]));
    for (const row of rows) {
      const r = byId.get(Number(row['Deal id']))!;
      expect(row).toMatchObject({
        Market: 'BTC/USDT',
        Side: SIDE,
        Price: String(r.price),
        'Price unit': 'USDT',
        Amount: String(r.amount),
        'Amount unit': 'BTC',
        Fee: String(r.fee),
      });
    }
  });
});
