import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { REGION_REFUSED_MESSAGE } from '../../src/main/exchange/errors';
import { Client } from '@exchange-desk/demo-exchange/testing';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { AccountsPage } from './pages/accounts';
import { TradePage } from './pages/trade';

/**
 * Issue 17 point 5 end to end: on an EU account the exchange allows only market, immediate-or-cancel
 * limit and stop-market orders on spot. A second demo exchange acts as an EU account (region 'eu');
 * the app sends its EU profiles there (CoreOptions.regionUrls). The form of an EU profile offers only
 * those kinds and sends a limit order with ioc=true; a profile the app does not know as EU (a custom
 * address on the same exchange) is refused a plain limit order with HTTP 453, shown as the form's
 * refusal, and nothing is placed.
 */

const EU_NAME = 'EU account';
const CUSTOM_NAME = 'EU by address';

let eu: DemoExchange;
let app: App;
let browser: Browser;
let page: Page;
let dataDir: string;
let accounts: AccountsPage;
let trade: TradePage;
const pageErrors: string[] = [];

const lastLogId = () => eu.requestLog().at(-1)?.id ?? 0;
const sentTo = (path: string, since: number) => eu.requestLog(since).filter((e) => e.path === path);
/** What the EU exchange holds of the account's orders, deals and balances. */
const engineState = () => {
  const { active, history, deals, trade: balances } = eu.engine.state;
  return JSON.stringify({ active, history, deals, balances });
};

/** The labels of the Trade form's order types, in order. */
const kindLabels = async () =>
  (await page.getByRole('group', { name: 'Order type' }).locator('label').allTextContents()).map(
    (label) => label.trim(),
  );

/** Adds a profile with the EU exchange's key through the Accounts form and makes it the active one. */
async function addAndUse(name: string, region: 'EU' | 'Custom address'): Promise<void> {
  await accounts.open();
  await accounts.fillAddForm({
    name,
    region,
    customUrl: eu.url,
    apiKey: eu.apiKey,
    apiSecret: eu.apiSecret,
  });
  await accounts.submitAdd();
  await accounts.card(name).waitFor();
  await accounts.use(name);
  await accounts.shell.profile.filter({ hasText: name }).waitFor();
  await trade.open();
}

beforeAll(async () => {
  eu = await startDemoExchange({ region: 'eu', control: true, freezePrices: true });
  await new Client(eu).control('POST', '/set-price', { market: 'BTC_USDT', price: '60000' });
  dataDir = await mkdtemp(join(tmpdir(), 'desk-e2e-eu-'));
  app = await startApp({ dataDir, regionUrls: { eu: eu.url } });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(app.host.pageUrl);
  accounts = new AccountsPage(page);
  trade = new TradePage(page);
  await accounts.shell.setting('Auto-refresh', '0');
});

afterAll(async () => {
  // Removing the profiles takes their keys out of the keychain.
  const state = await app?.core.accounts.state();
  for (const p of state?.profiles.filter((p) => !p.isDemo) ?? []) {
    await app.core.accounts.remove(p.id);
  }
  await browser?.close();
  await app?.stop();
  await eu?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('an EU profile', () => {
  it('is added with the EU region and sends its requests to the EU exchange', async () => {
    const since = lastLogId();
    await addAndUse(EU_NAME, 'EU');
    const added = (await app.core.accounts.state()).profiles.find((p) => p.name === EU_NAME);
    expect(added).toMatchObject({ region: 'eu', baseUrl: eu.url, isDemo: false });
    expect(sentTo('/api/v4/trade-account/balance', since).length).toBeGreaterThan(0);
  });

  it('offers only market, immediate-or-cancel limit and stop-market orders', async () => {
    expect(await kindLabels()).toEqual([
      'Market (amount in BTC)',
      'Market buy (spend USDT)',
      'Limit',
      'Stop-market',
    ]);

    await trade.kind('Limit');
    expect(await trade.postOnly.count()).toBe(0);
    expect(await trade.ioc.isChecked()).toBe(true);
    expect(await trade.ioc.isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByText('EU accounts: limit orders are immediate-or-cancel').count())
      .toBe(1);
  });

  it('places a stop-market through the form: accepted, it rests on the exchange', async () => {
    const since = lastLogId();
    await trade.place({
      kind: 'Stop-market',
      side: 'Buy',
      amount: '20',
      activationPrice: '61000',
      clientOrderId: 'e2e-eu-stop',
    });
    await trade.outcome.waitFor();
    expect(sentTo('/api/v4/order/stop_market', since).map((e) => e.status)).toEqual([200]);
    const resting = eu.engine.state.active.find((o) => o.clientOrderId === 'e2e-eu-stop');
    expect(resting).toMatchObject({ type: 'stop market', activationPrice: '61000' });
  });

  it('sends a limit order with ioc=true, and it does not rest', async () => {
    const since = lastLogId();
    // Filled by hand: the EU form has no post-only box for TradePage.fill to clear.
    await trade.kind('Limit');
    await trade.side('Buy');
    await trade.amount.fill('0.001');
    await trade.price.fill('59000');
    await trade.clientOrderId.fill('e2e-eu-ioc');
    await trade.review();
    await trade.confirm();
    await trade.outcome.waitFor();
    const sent = sentTo('/api/v4/order/new', since);
    expect(sent.map((e) => e.status)).toEqual([200]);
    expect(sent[0]!.body).toMatchObject({ ioc: true, clientOrderId: 'e2e-eu-ioc' });
    expect(sent[0]!.body).not.toHaveProperty('postOnly', true);
    expect(eu.engine.state.active.some((o) => o.clientOrderId === 'e2e-eu-ioc')).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

describe('a profile the app does not know as EU, on an EU account', () => {
  it('is refused a plain limit order with HTTP 453: the form says so and nothing is placed', async () => {
    await addAndUse(CUSTOM_NAME, 'Custom address');
    // Not an EU profile to the app: every kind is offered, a limit order is not forced to IOC.
    expect(await kindLabels()).toContain('Stop-limit');
    const before = engineState();
    const since = lastLogId();
    await trade.place({
      kind: 'Limit',
      side: 'Buy',
      amount: '0.001',
      price: '59000',
      clientOrderId: 'e2e-eu-refused',
    });
    await trade.alert.waitFor();
    expect(await trade.alert.textContent()).toBe(REGION_REFUSED_MESSAGE);
    const sent = sentTo('/api/v4/order/new', since);
    expect(sent.map((e) => e.status)).toEqual([453]);
    expect(sent[0]!.body).not.toHaveProperty('ioc', true);
    expect(engineState()).toBe(before);
    expect(await trade.outcome.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
