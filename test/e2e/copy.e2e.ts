import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ExchangeApi } from '../../src/main/exchange/api';
import { explorerLink } from '../../src/shared/explorers';
import { launchBrowser, pageErrorsOf, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { TransfersScreen } from './pages/transfers';
import { OrdersPage } from './pages/orders';

/**
 * Copy buttons and explorer links in Chromium through the web host, against the demo exchange:
 * what lands on the clipboard is the exchange's value, whole; each transaction hash links to the
 * explorer its network has (none for a network without one), and nothing else links anywhere.
 */
describe('Copy buttons and explorer links (web host)', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let api: ExchangeApi;
  let history: TransfersScreen;
  let orders: OrdersPage;
  let pageErrors: string[];

  beforeAll(async () => {
    app = await startApp();
    api = app.core.accounts.active().api;
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(app.host.pageUrl).origin,
    });
    page = await browser.context.newPage();
    pageErrors = pageErrorsOf(page);
    await page.goto(app.host.pageUrl);
    history = new TransfersScreen(page);
    orders = new OrdersPage(page);
    await history.shell.profile.filter({ hasText: 'Demo' }).waitFor();
    await history.shell.setting('Auto-refresh', '0');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Strings, not functions: this project's TypeScript has no DOM types.
  const clipboard = () => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

  /** Clicks the copy button `name` in `row`; answers what the clipboard then holds. */
  async function copy(row: Locator, name: string): Promise<string> {
    // Something else first, so the clipboard cannot hold the value from before.
    await page.evaluate("navigator.clipboard.writeText('(before)')");
    await row.getByRole('button', { name, exact: true }).click();
    // "Copied" beside that button (another may still say it).
    const cell = row
      .getByRole('cell')
      .filter({ has: page.getByRole('button', { name, exact: true }) });
    await cell.getByText('Copied', { exact: true }).waitFor();
    return clipboard();
  }

  it('History: each hash links to its network’s explorer, exactly where one is known', async () => {
    await history.open();
    const { records } = await api.depositWithdrawHistory({ offset: 0, limit: 100 });
    const rows = await history.rows();
    expect(rows).toHaveLength(records.length);
    rows.forEach((row, i) => {
      const r = records[i]!;
      const where = `row ${i} (${r.network ?? r.ticker} ${r.transactionHash})`;
      expect(row.hash, where).toBe(r.transactionHash);
      expect(row.explorer, where).toBe(
        explorerLink(r.network, r.ticker, r.transactionHash)?.url ?? '',
      );
      expect(row.uniqueId, where).toBe(r.uniqueId ?? '');
    });
    // The demo has both: hashes on explorers' networks, and on networks without one (Lightning;
    // Solana's hex hashes are no signatures).
    const linked = rows.filter((row) => row.explorer);
    expect(linked.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.hash && !row.explorer).length).toBeGreaterThan(0);
    for (const row of linked) expect(row.explorer).toMatch(/^https:\/\/[a-z.]+\//);
  });

  it('History: the copy buttons put the exchange’s address, hash and unique id on the clipboard', async () => {
    const { records } = await api.depositWithdrawHistory({ offset: 0, limit: 100 });
    // The first record with a link and a unique id among the rows on screen.
    const index = records.findIndex(
      (r, i) => i < 8 && r.uniqueId && explorerLink(r.network, r.ticker, r.transactionHash),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const record = records[index]!;
    const row = history.row(index);

    const link = row.getByRole('link');
    expect(await link.getAttribute('href')).toBe(
      explorerLink(record.network, record.ticker, record.transactionHash)!.url,
    );
    // A new window: in Electron main sends it to the system browser (allowlisted https only).
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    expect(await copy(row, 'Copy address')).toBe(record.address);
    expect(await copy(row, 'Copy transaction hash')).toBe(record.transactionHash);
    expect(await copy(row, 'Copy unique id')).toBe(record.uniqueId);
  });

  it('Orders: the copy buttons put the order id and the client order id on the clipboard', async () => {
    await orders.open();
    await orders.count.waitFor();
    const active = await orders.activeRows();
    const index = active.findIndex((o, i) => i < 8 && o.clientOrderId);
    expect(index).toBeGreaterThanOrEqual(0);
    const row = orders.activeTable.locator(`[role="row"][aria-rowindex="${index + 2}"]`);
    expect(await copy(row, 'Copy order id')).toBe(String(active[index]!.orderId));
    expect(await copy(row, 'Copy client order id')).toBe(active[index]!.clientOrderId);
  });

  it('leaves no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
