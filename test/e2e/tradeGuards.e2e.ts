import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { TradePage } from './pages/trade';

/**
 * Issue 32 (orders and trading) against the demo exchange: a stop whose condition already holds
 * says so before it is sent.
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
