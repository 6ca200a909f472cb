import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@exchange-desk/demo-exchange/testing';
import { startDemoSession, type DemoSession } from './demoSession';
import { OrdersPage } from './pages/orders';
import { ShellPage } from './pages/shell';
import { TradePage } from './pages/trade';

/**
 * Live data (issue 16): the exchange's stream, not polling, brings what changed. Auto-refresh is
 * off and prices are frozen, so nothing but a push can change a screen; the demo exchange's
 * request log shows no REST reload of what the push changed. A second client (signed REST with the
 * same key, as another program of the user would) places the orders.
 */
let session: DemoSession;
let page: Page;
let second: Client;

type BookAnswer = { asks: [string, string][]; bids: [string, string][] };

const post = <T = Record<string, unknown>>(path: string, fields: Record<string, unknown>) =>
  session.post<T>(path, fields);
const restCalls = (path: string, since: number) => session.sentTo(path, since);
const lastLogId = () => session.lastLogId();

beforeAll(async () => {
  session = await startDemoSession('live');
  ({ page, client: second } = session);
});

afterAll(() => session?.stop());

describe('live: the stream drives the screens', () => {
  it('the status pill says Live once the stream is up', async () => {
    const shell = new ShellPage(page);
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
  });

  it('with Trade open, an order from a second client appears in the book and in Orders, pushed', async () => {
    const orders = new OrdersPage(page);
    await orders.open();
    const trade = new TradePage(page);
    await trade.open();
    const book = (await second.get<BookAnswer>('/api/v4/public/orderbook/BTC_USDT?limit=1')).json;
    const price = (Number(book.asks[0]?.[0]) + 0.37).toFixed(2);
    const since = lastLogId();
    const placed = await post<{ orderId: number }>('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.000777',
      price,
    });
    expect(placed.status).toBe(200);
    await page.getByTestId('book-ask').filter({ hasText: '0.000777' }).waitFor();

    await orders.open();
    await expect.poll(() => orders.activeIds()).toContain(placed.json.orderId);
    // Pushed, not fetched: neither the active orders nor the book were asked for again.
    expect(restCalls('/api/v4/orders', since)).toBe(0);
    expect(restCalls('/api/v4/public/orderbook/BTC_USDT', since)).toBe(0);
  });

  it('a limit order that fills leaves the active list and raises a fill notice', async () => {
    const orders = new OrdersPage(page);
    await orders.open();
    const book = (await second.get<BookAnswer>('/api/v4/public/orderbook/ETH_USDT?limit=1')).json;
    const bid = Number(book.bids[0]?.[0]);
    const price = (bid - 5).toFixed(2);
    const placed = await post<{ orderId: number }>('/api/v4/order/new', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.0111',
      price,
    });
    expect(placed.status).toBe(200);
    await expect.poll(() => orders.activeIds()).toContain(placed.json.orderId);

    const since = lastLogId();
    // The market falls through the order's price: it fills as maker.
    await second.control('POST', '/set-price', {
      market: 'ETH_USDT',
      price: (bid - 50).toFixed(2),
    });
    const notice = page.getByTestId('fill-notice').filter({ hasText: /Filled: buy/ });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('ETH/USDT');
    await page.screenshot({ path: 'test-results/screenshots/live-fill-notice.png' });
    await expect.poll(() => orders.activeIds()).not.toContain(placed.json.orderId);
    expect(restCalls('/api/v4/orders', since)).toBe(0);
    await second.control('POST', '/set-price', { market: 'ETH_USDT', price: null });
  });

  it('a killed stream turns the pill to Polling, and back to Live after it reconnects', async () => {
    const shell = new ShellPage(page);
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
    await second.control('POST', '/faults', { refuseWs: true });
    await second.control('POST', '/ws-drop');
    await shell.pillLabel.filter({ hasText: /^Polling/ }).waitFor({ timeout: 10_000 });

    // An order placed while the stream is down is not missed: the resync after the reconnect
    // brings it.
    const orders = new OrdersPage(page);
    await orders.open();
    const book = (await second.get<BookAnswer>('/api/v4/public/orderbook/BTC_USDT?limit=1')).json;
    const placed = await post<{ orderId: number }>('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.000555',
      price: (Number(book.asks[0]?.[0]) + 0.55).toFixed(2),
    });
    expect(placed.status).toBe(200);

    await second.control('POST', '/faults', { refuseWs: false });
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 45_000 });
    await expect.poll(() => orders.activeIds()).toContain(placed.json.orderId);
  });
});
