import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { OrdersPage } from './pages/orders';
import { TradePage } from './pages/trade';

/**
 * Issue 32 (orders and trading) against the demo exchange: a stop whose condition already holds
 * says so before it is sent; the market picker keeps the market in use; the kill-switch kept alive
 * from main, and the event when one fires.
 */

let session: DemoSession;
let page: Page;
let trade: TradePage;

beforeAll(async () => {
  session = await startDemoSession('trade-guards');
  page = session.page;
  await session.client.control('POST', '/set-price', { market: 'BTC_USDT', price: '60000' });
  trade = new TradePage(page);
  await trade.open();
  await page.getByTestId('last-price').filter({ hasText: '60,000' }).waitFor();
});

afterAll(() => session?.stop());

describe('a stop whose condition already holds (point 3)', () => {
  const atOnce = () => page.getByTestId('trade-stop-at-once');

  it('a buy stop below the last price says it would trigger at once, in the form and the review', async () => {
    await trade.fill({
      kind: 'Stop-limit',
      side: 'Buy',
      amount: '0.01',
      activationPrice: '59000',
      price: '59500',
    });
    await expect(atOnce().textContent()).resolves.toBe(
      'Would trigger at once: the last price 60,000 USDT is already at or above 59,000 USDT.',
    );
    await trade.review();
    await expect(trade.dialog.getByTestId('trade-review-at-once').textContent()).resolves.toContain(
      'Would trigger at once',
    );
    await page.keyboard.press('Escape');
    await trade.dialog.waitFor({ state: 'detached' });
  });

  it('a buy stop above the last price says nothing; a sell stop above it warns', async () => {
    await trade.activationPrice.fill('61000');
    await atOnce().waitFor({ state: 'detached' });
    await trade.side('Sell');
    await expect(atOnce().textContent()).resolves.toBe(
      'Would trigger at once: the last price 60,000 USDT is already at or below 61,000 USDT.',
    );
  });
});

describe('the market picker keeps the market in use (point 4)', () => {
  it('focus shows and highlights the market in use; Enter on it changes nothing', async () => {
    // A favourite first in the list, as when the bug switched to it.
    await trade.picker.click();
    await trade.picker.fill('eth');
    await trade.picker.press('Control+d');
    await trade.option('ETH/USDT').waitFor();
    await trade.picker.press('Escape');
    await trade.picker.blur();
    await expect(trade.picker.inputValue()).resolves.toBe('BTC/USDT');

    await trade.picker.focus();
    await expect(trade.picker.inputValue()).resolves.toBe('BTC/USDT');
    await expect(trade.optionNames()).resolves.toEqual(expect.arrayContaining(['ETH/USDT']));
    expect((await trade.optionNames())[0]).toBe('ETH/USDT');
    const active = await trade.picker.getAttribute('aria-activedescendant');
    expect(await trade.option('BTC/USDT').getAttribute('id')).toBe(active);
    await trade.picker.press('Enter');
    await expect(trade.picker.inputValue()).resolves.toBe('BTC/USDT');
    await expect(page.getByTestId('last-price').textContent()).resolves.toContain('60,000');
  });
});

describe('the kill-switch (point 5)', () => {
  const SHOTS = 'test-results/screenshots';
  let orders: OrdersPage;
  const status = async () =>
    (
      await session.post<{ market: string; cancellationTime: number }[]>(
        '/api/v4/order/kill-switch/status',
        {},
      )
    ).json;
  const restBuy = async (market: string, price: string) => {
    const answer = await session.post<{ orderId: number }>('/api/v4/order/new', {
      market,
      side: 'buy',
      amount: '0.01',
      price,
    });
    expect(answer.status).toBe(200);
    return answer.json.orderId;
  };

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    orders = new OrdersPage(page);
  });

  it('Arm lines up with its inputs', async () => {
    await orders.open();
    await orders.openTab('Active');
    const box = async (name: string, role: 'textbox' | 'button' | 'checkbox') =>
      (await orders.killSwitch.getByRole(role, { name }).boundingBox())!;
    const input = await box('Timeout (seconds)', 'textbox');
    const arm = await box('Arm', 'button');
    const keep = (await orders.killSwitch.locator('.kill-switch-action .check').boundingBox())!;
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    expect(Math.abs(middle(arm) - middle(input))).toBeLessThanOrEqual(2);
    expect(Math.abs(middle(keep) - middle(input))).toBeLessThanOrEqual(2);
    // Nothing covered: the option's label ends before Arm begins.
    expect(keep.x + keep.width).toBeLessThanOrEqual(arm.x);
    await orders.killSwitch.screenshot({ path: `${SHOTS}/kill-switch-1400.png` });
  });

  it('kept alive while connected: main arms it again, and the orders stay', async () => {
    await restBuy('ETH_USDT', '700');
    await orders.reloading(() =>
      page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    );
    await orders.killSwitch.getByLabel('Kill-switch market').selectOption('ETH_USDT');
    await orders.killSwitch.getByLabel('Timeout (seconds)').fill('6');
    await orders.killSwitch.getByRole('checkbox', { name: 'Keep alive while connected' }).check();
    const since = session.lastLogId();
    await orders.killSwitch.getByRole('button', { name: 'Arm' }).click();
    await orders.killSwitchTimers.filter({ hasText: 'kept alive while connected' }).waitFor();
    const first = (await status()).find((t) => t.market === 'ETH_USDT')!.cancellationTime;
    // Armed again by main (the page sends nothing more), so the cancellation time moves on.
    await expect
      .poll(() => session.sentTo('/api/v4/order/kill-switch', since), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const later = (await status()).find((t) => t.market === 'ETH_USDT')!.cancellationTime;
    expect(later).toBeGreaterThan(first);
    await orders.killSwitch
      .getByRole('button', { name: 'Disarm the kill-switch of ETH/USDT' })
      .click();
    await orders.killSwitch.getByTestId('kill-switch-none').waitFor();
    expect(await status()).toEqual([]);
  });

  it('when it fires, an event says when and which orders went; never armed and none at once', async () => {
    const id = await restBuy('ETH_USDT', '650');
    await orders.reloading(() =>
      page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    );
    await orders.killSwitch.getByRole('checkbox', { name: 'Keep alive while connected' }).uncheck();
    await orders.armKillSwitch('ETH_USDT', '5');
    await orders.killSwitch.getByText('The kill-switch of ETH/USDT is armed for 5 s.').waitFor();
    const event = orders.killSwitch.getByTestId('kill-switch-event');
    await event.waitFor({ timeout: 15_000 });
    const text = (await event.textContent()) ?? '';
    expect(text).toMatch(
      /^The kill-switch of ETH\/USDT fired at .+: \d+ orders? canceled \(.*\)\.$/,
    );
    expect(text).toContain(`#${id}`);
    await orders.killSwitch.getByTestId('kill-switch-none').waitFor();
    await expect(orders.killSwitch.textContent()).resolves.not.toMatch(/is armed for/);
    await orders.killSwitch.screenshot({ path: `${SHOTS}/kill-switch-fired-1400.png` });
  });
});
