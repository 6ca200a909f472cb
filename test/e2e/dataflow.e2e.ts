import { ShellPage } from './pages/shell';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { AccountsPage } from './pages/accounts';
import { OrdersPage } from './pages/orders';
import { OverviewPage } from './pages/overview';
import { TradePage } from './pages/trade';

/**
 * Data follows the user without a Refresh: a profile switch shows the new profile's data at once,
 * and an order refreshes what it changed. Auto-refresh is off throughout, so nothing but the data
 * layer can bring new data; prices are frozen, so totals only change with balances.
 */
let other: DemoExchange;
let app: App;
let browser: Browser;
let page: Page;
let dataDir: string;

async function autoRefreshOff(target: Page): Promise<void> {
  await new ShellPage(target).setting('Auto-refresh', '0');
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'desk-e2e-dataflow-'));
  // Another seed than the built-in demo (42): other balances, so another total.
  other = await startDemoExchange({ control: true, seed: 7, freezePrices: true });
  app = await startApp({ dataDir, demoExchange: { control: true, freezePrices: true } });
  const add = app.core.handlers['profiles.add'] as (input: unknown) => Promise<unknown>;
  await add({
    name: 'Other',
    region: 'custom',
    customUrl: other.url,
    apiKey: other.apiKey,
    apiSecret: other.apiSecret,
  });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(app.host.pageUrl);
  await autoRefreshOff(page);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await other?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('data follows the user, without Refresh', () => {
  it('switching profile shows the new profile’s balances on Overview at once', async () => {
    const overview = new OverviewPage(page);
    await overview.open();
    const demoTotal = await overview.totalText();

    const accounts = new AccountsPage(page);
    await accounts.open();
    await accounts.use('Other');
    await accounts.shell.profile.filter({ hasText: 'Other' }).waitFor();

    await overview.shell.open('Overview');
    await overview.total.filter({ hasNotText: demoTotal }).waitFor();
    const shown = await overview.totalText();
    expect(shown).not.toBe(demoTotal);
    // What a Refresh shows is what was already there.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.waitForTimeout(300);
    expect(await overview.totalText()).toBe(shown);
  });

  it('after an order through the form, Trade, Overview and Orders show it, without Refresh', async () => {
    const overview = new OverviewPage(page);
    await overview.open();
    const totalBefore = await overview.totalText();

    const trade = new TradePage(page);
    await trade.open();
    const money = async () => ((await trade.moneyBalance.textContent()) ?? '').trim();
    const moneyBefore = await money();

    // A market buy: the money balance on Trade changes at once.
    await trade.fill({ kind: 'Market', side: 'Buy', amount: '0.01' });
    await trade.review();
    await trade.confirm();
    await trade.outcome.waitFor();
    await trade.moneyBalance.filter({ hasNotText: moneyBefore }).waitFor();

    // Overview: the fee went out of the account, so the total moved (prices are frozen).
    await overview.shell.open('Overview');
    await overview.total.filter({ hasNotText: totalBefore }).waitFor();

    // A resting limit order: Orders lists it without a Refresh.
    await trade.shell.open('Trade');
    const clientOrderId = `flow-${Date.now()}`;
    await trade.fill({ kind: 'Limit', side: 'Buy', amount: '0.01', price: '1000', clientOrderId });
    await trade.review();
    await trade.confirm();
    await trade.outcome.waitFor();
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.activeTable.getByText(clientOrderId).waitFor();
  });
});
