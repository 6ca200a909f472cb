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
