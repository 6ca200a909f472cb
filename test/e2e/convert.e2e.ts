import Decimal from 'decimal.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConvertDone, ConvertQuote } from '../../src/shared/model';
import { rpcAnswer, startDemoSession, type DemoSession } from './demoSession';
import { OverviewPage } from './pages/overview';

/**
 * Issue 34 item 5 on the demo exchange: USDT → BTC through the Overview's Convert dialog moves the
 * main balances by exactly the quote's amounts; a quote the exchange's clock has passed is refused,
 * "New quote" is offered, and the new one converts.
 */
let session: DemoSession;
let page: Page;
let dialog: Locator;

/** The demo's own main balance of an asset. */
const main = (ticker: string) => session.app.core.demoExchange.engine.state.main[ticker] ?? '0';
/** The demo's clock runs `ms` ahead of this one (negative: behind); the nonce window is ±5 s. */
const skew = (ms: number) => session.app.core.demoExchange.setFaults({ clockSkewMs: ms });

/** Runs `action` and answers what main answered `channel` with (ok or not). */
const answerOf = <T>(channel: string, action: () => Promise<unknown>) =>
  rpcAnswer<T>(page, channel, action);

async function openDialog(): Promise<void> {
  const overview = new OverviewPage(page);
  await overview.open();
  await page
    .locator('.ov-assets .section-head')
    .getByRole('button', { name: 'Convert', exact: true })
    .click();
  dialog = page.getByRole('dialog', { name: 'Convert' });
  await dialog.getByLabel('From').selectOption('USDT');
  await dialog.getByLabel('To').selectOption('BTC');
  await dialog.getByLabel('The amount is').selectOption('from');
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('100');
}

const getQuote = (name: 'Get quote' | 'New quote') =>
  answerOf<ConvertQuote>('convert.estimate', () =>
    dialog.getByRole('button', { name, exact: true }).click(),
  );
const convert = () =>
  answerOf<ConvertDone>('convert.confirm', () =>
    dialog.getByRole('button', { name: 'Convert', exact: true }).click(),
  );

beforeAll(async () => {
  session = await startDemoSession('convert');
  page = session.page;
});

afterAll(async () => {
  session?.app.core.demoExchange.setFaults({ clockSkewMs: 0 });
  await session?.stop();
});

describe('Convert in the app', () => {
  it('USDT → BTC: the main balances change by exactly the quote’s amounts', async () => {
    await openDialog();
    const before = { usdt: main('USDT'), btc: main('BTC') };
    const quote = await getQuote('Get quote');
    expect(quote.ok).toBe(true);
    const { give, receive } = quote.value;
    expect(give).toBe('100');
    await dialog.getByTestId('convert-countdown').waitFor();
    const done = await convert();
    expect(done.ok).toBe(true);
    expect(done.value).toMatchObject({ from: 'USDT', to: 'BTC', give, receive });
    expect(new Decimal(before.usdt).minus(main('USDT')).toFixed()).toBe(give);
    expect(new Decimal(main('BTC')).minus(before.btc).toFixed()).toBe(receive);
    const said = await dialog.getByTestId('convert-done').textContent();
    expect(said).toMatch(/^Converted: gave 100\.\d+ USDT, received 0\.\d+ BTC\.$/);
    // The history lists it (reloaded after the convert).
    await dialog.getByTestId('convert-row').first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('transfer-outcome').textContent()).resolves.toBe(said);
  });

  it('a quote past the exchange’s clock is refused, New quote is offered and converts', async () => {
    await openDialog();
    // The quote is made on a demo clock 4.8 s behind, then that clock jumps 4.8 s ahead: the
    // exchange sees the quote expired while this computer's clock still has it running.
    skew(-4800);
    const quote = await getQuote('Get quote');
    expect(quote.ok).toBe(true);
    skew(4800);
    const expiredAt = quote.value.expireAt - 4800;
    await expect.poll(() => Date.now() >= expiredAt, { timeout: 10_000 }).toBe(true);
    const before = { usdt: main('USDT'), btc: main('BTC') };
    // Refused by the exchange (its code 20), or by main had its own clock got there first.
    const refused = await convert();
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe('CONVERT_QUOTE_EXPIRED');
    await dialog.getByTestId('convert-expired').waitFor();
    expect([main('USDT'), main('BTC')]).toEqual([before.usdt, before.btc]);

    const fresh = await getQuote('New quote');
    expect(fresh.ok).toBe(true);
    expect(fresh.value.id).not.toBe(quote.value.id);
    const done = await convert();
    expect(done.ok).toBe(true);
    expect(new Decimal(before.usdt).minus(main('USDT')).toFixed()).toBe(fresh.value.give);
    expect(new Decimal(main('BTC')).minus(before.btc).toFixed()).toBe(fresh.value.receive);
    skew(0);
  });
});
